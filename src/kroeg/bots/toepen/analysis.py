"""Analysis of a finished Toepen game: every card and knock decision against the exact
outcome of the last trick for the cards in play (issue 23, point 5).

The record is replayed through the engine (:func:`kroeg.records.parse_record`); before
each decision the cards of every hand are known (the game is over), so the rest of the
deal is solved exactly by max-n search (:mod:`.tricks`: each player plays to win the
last trick, RULES.md §1 "only the last trick counts").

- A card costs the stake when another legal card would have won the last trick for the
  player and the one played does not.
- A knock costs 1 when the knocker then loses the last trick (it raised its own loss).
- Staying costs 1 when the player then loses (folding would have cost stake - 1,
  staying costs the stake); folding costs stake - 1 when staying would have won.

The result's shape is the small dataclass the analysis registry (``bots/analysis.py``,
built for Klaverjassen by another engineer) is to hold; until it is on main it is
defined here with the same fields. Computed after the game, never during it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kroeg.cards import card_str, cards_in
from kroeg.games.base import Action
from kroeg.games.toepen.following import playable
from kroeg.games.toepen.state import PLAY, ToepenState
from kroeg.records import OUT, parse_record

from .tricks import last_trick_winner, next_to_play, trick_winner


@dataclass(frozen=True, slots=True)
class Mark:
    """One analysed decision."""

    deal: int
    action: int
    """Its index among the deal's actions in the record."""
    seat: int
    kind: str
    """``card``, ``knock``, ``stay`` or ``fold``."""
    played: str
    """The card played (``"Th"``) or the verb."""
    best: str | None
    """A card or verb that costs nothing, where the one played cost something."""
    cost: int
    """Penalty points the decision cost against the best one (0: as good as the best)."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every analysed decision of a game and each seat's accuracy."""

    game: str
    marks: list[Mark] = field(default_factory=list)
    accuracy: dict[int, float] = field(default_factory=dict)
    """Per seat: the share of its analysed decisions that cost nothing."""


def _winner(s: ToepenState, seat: int | None = None, card: int | None = None) -> int:
    """The exact last-trick winner from ``s`` with every hand known; ``seat`` playing
    ``card`` first when given."""
    hands = list(s.hands)
    seats, cards = list(s.trick_seats), list(s.trick_cards)
    tricks_left = 4 - s.tricks_done
    turn = s.turn
    if seat is not None and card is not None:
        hands[seat] &= ~(1 << card)
        seats.append(seat)
        cards.append(card)
    players = s.active.bit_count()
    if len(seats) == players:
        winner = trick_winner(seats, cards)
        if tricks_left == 1:
            return winner
        return last_trick_winner(hands, s.n, s.active, [], [], winner, tricks_left - 1)
    if seats:
        turn = next_to_play(s.n, s.active, seats, seats[-1])
    return last_trick_winner(hands, s.n, s.active, seats, cards, turn, tricks_left)


def _mark(
    s: ToepenState, seat: int, action: Action, follow: bool
) -> tuple[str, str, str | None, int]:
    """(kind, played, best, cost) of one decision in play."""
    verb = action[0]
    if verb == "play":
        card = action[1]
        led = s.trick_cards[0] // 13 if s.trick_cards else -1
        hand = playable(s.hands[seat], led) if follow else s.hands[seat]
        wins = [c for c in cards_in(hand) if _winner(s, seat, c) == seat]
        played_wins = _winner(s, seat, card) == seat
        if wins and not played_wins:
            return "card", card_str(card), card_str(wins[0]), s.stake
        return "card", card_str(card), None, 0
    won = _winner(s) == seat
    if verb == "knock":
        return "knock", verb, None if won else "wait", 0 if won else 1
    if verb == "stay":
        return "stay", verb, None if won else "fold", 0 if won else 1
    return "fold", verb, "stay" if won else None, s.stake - 1 if won else 0


def analyse(record: Any) -> Analysis:
    """The analysis of a finished Toepen game's record (a ``kroeg-record`` document)."""
    parsed = parse_record(record)
    game = parsed.game
    follow = bool(game.options["enforce_follow_suit"])
    s: ToepenState = parsed.new_state()
    marks: list[Mark] = []
    for d, rdeal in enumerate(parsed.deals):
        game.apply(s, game.pending_deal(s), rdeal.deal)  # type: ignore[arg-type]
        for j, (seat, action) in enumerate(rdeal.actions):
            analysed = (
                action != OUT
                and s.phase == PLAY
                and action[0] in ("play", "knock", "stay", "fold")
                and s.active >> seat & 1
                and (action[0] != "fold" or s.knocker >= 0)
            )
            if analysed:
                kind, played, best, cost = _mark(s, seat, action, follow)
                marks.append(Mark(d, j, seat, kind, played, best, cost))
            if action == OUT:
                game.eliminate(s, seat)
            else:
                game.apply(s, seat, action)
    decisions: dict[int, list[int]] = {}
    for m in marks:
        decisions.setdefault(m.seat, []).append(m.cost)
    accuracy = {
        seat: sum(1 for c in costs if c == 0) / len(costs)
        for seat, costs in sorted(decisions.items())
    }
    return Analysis("toepen", marks, accuracy)
