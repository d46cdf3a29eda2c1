"""The live table drives its game through :class:`~kroeg.games.match.Match` (issue 28,
point 3; docs/game-interface.md, "The driver"): every step it logs, the deals, the
restocks, the house's moves, a person's acts and a player taken out, is a step of the
table's match, in the order logged, and each deal came from the match's deal source (the
table's fair deals)."""

from __future__ import annotations

from typing import Any

import pytest

from kroeg.games import make_game
from kroeg.games.base import Action, Deal, Event
from kroeg.games.match import OUT
from kroeg.store import LogEntry
from kroeg.tables import commands as c
from kroeg.tables.config import TableConfig
from kroeg.tables.deals import TableDeals
from kroeg.tables.state import TableSettings, TableState
from tests.tables.driven import START, Driven

SHORT: dict[str, tuple[str, dict[str, Any], int]] = {
    "toepen": ("kroegregels", {"max_points": 4}, 4),
    "klaverjassen": ("nku", {"game_length": "4_deals", "trump_mode": "gedraaid"}, 4),
    "eurokaarten": ("standaard", {"start_coins": 1}, 6),
}


def _logged(table: Driven, entry: LogEntry) -> tuple[int, Action | Deal]:
    """A log entry as the step it says was applied."""
    game = table.table.game
    if entry.kind == "deal":
        return entry.seat, Deal.from_json(entry.data)
    if entry.kind == "out":
        return entry.seat, OUT
    return entry.seat, game.parse_action(entry.data)


@pytest.mark.parametrize("acts", [400, 3])
@pytest.mark.parametrize("game", sorted(SHORT))
def test_every_step_the_table_logs_is_a_step_of_its_match(game: str, acts: int) -> None:
    """Anna plays the house's default until the game is over, or leaves after ``acts``
    acts (taken out: the step :data:`OUT`) and the house plays her seat to the end."""
    variant, options, seats = SHORT[game]
    config = TableConfig(game, variant, options, seats, 60.0, False, "huis", True)
    made = make_game(game, variant, options)
    settings = TableSettings(house_delay=0, deal_pause=0.01)
    table = Driven(TableState("t1", config, made, settings, created_at=START))
    table.do(c.Sit("anna", "Anna", 0))
    table.do(c.Start("anna"))
    match = table.table.match
    assert match is not None and match.deals is table.table.deals
    assert isinstance(match.deals, TableDeals)
    stepped: list[tuple[int, Action | Deal]] = []

    def observe(seat: int, action: Action | Deal, events: list[Event]) -> None:
        stepped.append((seat, action))

    match.watch(observe)  # from the game's start, in the pause before its first deal
    assert match.pending().dealer is not None
    for _ in range(acts):
        if not match.over() and match.pending().dealer is not None:
            table.wait(0.02)  # the pause before a deal
            continue
        if match.over() or 0 not in made.to_act(match.state):
            break  # over, or Anna is out by the rules (an Eurokaarten player without coins)
        table.act("anna", made.action_json(made.default(match.state, 0)))
    if not match.over():  # Anna leaves: taken out, the house plays on to the end
        table.do(c.Leave("anna"))
        for _ in range(1000):
            if match.over():
                break
            table.wait(0.02)  # the pauses before the deals
    assert match.over() and table.table.match is match, "one match, to the end"
    _, _, entries = table.stored()
    applied = [e for e in entries if e.kind != "out" or e.data["eliminated"]]
    assert (acts == 3) == any(e.kind == "out" for e in applied)
    assert [_logged(table, e) for e in applied] == stepped
    deals = [e for e in entries if e.kind == "deal"]
    assert match.dealt == len(deals) >= 1
    drawn = table.table.deals.drawn
    assert drawn is not None and drawn.note == deals[-1].data["fair"]
    assert drawn.deal == Deal.from_json(deals[-1].data)
