"""The analysis of a finished Klaverjassen game: every card against the exact solver.

For each card played with :data:`ANALYSED_TRICKS` or fewer tricks left (the running one
included), the kernel (:mod:`.kernel`) solves the rest of the deal with every hand open,
as the record shows them, once for each card the rules allowed the seat: its value is
the final margin of the seat's team (own deal score minus the other team's, nat and pit
included) under best play by all four seats from then on. A card's loss is the best
card's value minus its own. Earlier tricks are not analysed: an exact solve of six or
more tricks takes tens of milliseconds to seconds (docs/performance.md), too long for
every card of every deal. Only the record is read, so the analysis exists only once a
game is over and its record is published.
"""

from __future__ import annotations

from kroeg.bots.accuracy import player_summary
from kroeg.cards import card_str, cards_in
from kroeg.games.base import JSON
from kroeg.games.klaverjassen import Klaverjassen
from kroeg.games.klaverjassen.state import PLAY, KlaverjasState
from kroeg.records import parse_record

from .basis import play_from
from .kernel import Solver
from .knowledge import read_view

ANALYSED_TRICKS = 5
"""Tricks left (the running one included) from which every card is analysed."""


def analyse(doc: JSON) -> JSON:
    """The analysis of a Klaverjassen record (RECORDS.md): the plays analysed, per deal,
    and each seat's accuracy (the share of its analysed cards that were a best card)."""
    record = parse_record(doc)
    game = record.game
    assert isinstance(game, Klaverjassen)
    pit_bonus = int(str(game.option_values["pit_bonus"]))
    solver = Solver()
    match = record.match()
    s = match.state
    plays: list[JSON] = []
    for number, seat, action in record.walk(match):
        if action[0] == "play" and s.phase == PLAY and 8 - s.tricks_played <= ANALYSED_TRICKS:
            play = _analyse_card(game, s, seat, action[1], pit_bonus, solver)
            if play is not None:
                plays.append({"deal": number, **play})
    names = record.names or [f"seat {seat}" for seat in range(record.seats)]
    return {
        "game": "klaverjassen",
        "from_tricks_left": ANALYSED_TRICKS,
        "plays": plays,
        "players": [player_summary(seat, names[seat], plays) for seat in range(record.seats)],
    }


def _analyse_card(
    game: Klaverjassen, s: KlaverjasState, seat: int, card: int, pit_bonus: int, solver: Solver
) -> JSON | None:
    """One card against every card the rules allowed (None for a revoke at a verzaken
    table: the rules allowed no such card, there is nothing to compare it with)."""
    seen = read_view(game.view(s, seat))
    p = play_from(seen, pit_bonus, game.rules)
    p.hands = list(s.hands)
    allowed = cards_in(p.legal(s.hands[seat]))
    if card not in allowed:
        return None
    sign = 1 if seat & 1 == 0 else -1
    values = [sign * v for v in solver.card_values(p, allowed)]
    best_value = max(values)
    own = values[allowed.index(card)]
    best = card if own == best_value else allowed[values.index(best_value)]
    return {
        "trick": s.tricks_played + 1,
        "seat": seat,
        "card": card_str(card),
        "best": card_str(best),
        "loss": best_value - own,
        "values": {card_str(c): v for c, v in zip(allowed, values, strict=True)},
    }
