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

The result is the JSON the replay shows (``web/analysis.js``, registered in
:data:`kroeg.bots.analysis.ANALYSERS`): ``plays`` lists every analysed decision with its
``kind`` (``card``, ``knock``, ``stay`` or ``fold``), the ``card`` played (None for a
knock decision), the ``best`` card or decision (the one taken when it cost nothing;
``wait`` for a knock that cost) and the penalty points it cost (``loss``); ``players``
each seat's accuracy. Computed after the game, never during it.
"""

from __future__ import annotations

from typing import Any

from kroeg.bots.accuracy import player_summary
from kroeg.cards import card_str, cards_in
from kroeg.games.base import JSON, Action
from kroeg.games.match import OUT
from kroeg.games.toepen.following import playable
from kroeg.games.toepen.state import PLAY, ToepenState
from kroeg.records import parse_record

from .tricks import last_trick_winner, next_to_play, trick_winner


def exact_winner(s: ToepenState, seat: int | None = None, card: int | None = None) -> int:
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


def _mark(s: ToepenState, seat: int, action: Action, follow: bool) -> JSON:
    """One decision in play: its kind, the card played, the best choice and its cost."""
    verb = action[0]
    if verb == "play":
        card = action[1]
        led = s.trick_cards[0] // 13 if s.trick_cards else -1
        hand = playable(s.hands[seat], led) if follow else s.hands[seat]
        wins = [c for c in cards_in(hand) if exact_winner(s, seat, c) == seat]
        lost = bool(wins) and exact_winner(s, seat, card) != seat
        best = wins[0] if lost else card
        return _play(s, seat, "card", card_str(card), card_str(best), s.stake if lost else 0)
    won = exact_winner(s) == seat
    if verb == "knock":
        return _play(s, seat, verb, None, verb if won else "wait", 0 if won else 1)
    if verb == "stay":
        return _play(s, seat, verb, None, verb if won else "fold", 0 if won else 1)
    return _play(s, seat, verb, None, "stay" if won else verb, s.stake - 1 if won else 0)


def _play(s: ToepenState, seat: int, kind: str, card: str | None, best: str, loss: int) -> JSON:
    return {
        "trick": s.tricks_done + 1,
        "seat": seat,
        "kind": kind,
        "card": card,
        "best": best,
        "loss": loss,
    }


def analyse(record: Any) -> JSON:
    """The analysis of a finished Toepen game's record (a ``kroeg-record`` document)."""
    parsed = parse_record(record)
    game = parsed.game
    follow = bool(game.option_values["enforce_follow_suit"])
    match = parsed.match()
    s: ToepenState = match.state
    plays: list[JSON] = []
    for d, seat, action in parsed.walk(match):
        analysed = (
            action != OUT
            and s.phase == PLAY
            and action[0] in ("play", "knock", "stay", "fold")
            and s.active >> seat & 1
            and (action[0] != "fold" or s.knocker >= 0)
        )
        if analysed:
            plays.append({"deal": d, **_mark(s, seat, action, follow)})
    names = parsed.names or [f"seat {seat}" for seat in range(parsed.seats)]
    return {
        "game": "toepen",
        "from_tricks_left": 4,
        "plays": plays,
        "players": [player_summary(seat, names[seat], plays) for seat in range(parsed.seats)],
    }
