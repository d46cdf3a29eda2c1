"""The table machine between two decisions of people: deal when a deal is due, let the
house move, settle the seats after a game's end, and run a clock for each person the game
waits for.

:func:`advance` ends every command the machine handles. It drives the table's
:class:`~kroeg.games.match.Match` step by step rather than with ``Match.advance``: what
the game waits for is :meth:`~kroeg.games.match.Match.pending`, chance comes from the
match's deal source (the table's fair deals), and a house seat's move is its agent's
(``default()``), or what the house chooses: that question is an effect
(:class:`~kroeg.tables.effects.AskHouse`), answered asynchronously, so :func:`advance`
stops there and :func:`house_answered` applies the answer with ``Match.step`` once the
task hands it back. Out-of-turn chances (a knock) the house answers at once, in-process
(:meth:`House.aside`).
"""

from __future__ import annotations

from typing import Any

from kroeg.games.base import Action
from kroeg.games.match import Pending, aside_chances
from kroeg.tables.clocks import seconds_of
from kroeg.tables.effects import AskHouse, Outbox, Progress, SetAlarm
from kroeg.tables.house import House, HouseRequest, budget_of
from kroeg.tables.playing import chance, step
from kroeg.tables.staging import flush, stage
from kroeg.tables.state import TableState
from kroeg.tables.watching import send_all


def advance(table: TableState, out: Outbox, house: House) -> None:
    """Deal when a deal is due and let the house move, until a person must decide (or the
    house is asked); then commit and tell, and set the clocks and the alarm."""
    if table.paused:
        out.add(SetAlarm(table.clocks.next_due()))
        return
    clocks, now, match = table.clocks, out.now, table.match
    asides = house.has_asides(table.config.house_level)
    pending = Pending()  # no game: nothing is waited for
    while match is not None:
        pending = match.pending()
        if pending.over:
            break
        if pending.dealer is not None:
            if clocks.deal_due is not None and now < clocks.deal_due:
                clocks.house_due = None
                break  # the pause after a deal's end: the next deal comes when it is over
            clocks.deal_due = None
            chance(table, out)
            continue
        if pending.restock is not None:  # a state restored between a draw and its restock
            chance(table, out)
            continue
        if asides and _house_asides(table, out, house):
            continue
        seat = table.seating.house_seat(pending.seats)
        if seat is None:
            clocks.house_due = None
            break
        if table.settings.house_delay > 0:
            if clocks.house_due is None:
                clocks.house_due = now + table.settings.house_delay
            if now < clocks.house_due:
                break
        clocks.house_due = None
        fallback = match.agents[seat].act(match, seat)
        if house.decides(table.config.house_level, timeout=False):
            _ask_house(table, out, house, seat, fallback)
            return
        step(table, out, seat, fallback, "house")
    if clocks.deal_due is not None and now >= clocks.deal_due:
        clocks.deal_due = None  # the game ended during its pause: nothing is due any more
    if pending.over and table.game_id is not None:
        _after_game(table, out)
    flush(table, out)
    if table.progressed:
        table.progressed = False
        out.add(Progress())
    _update_clocks(table, out, pending.seats)  # the game's state is as the loop left it
    out.add(SetAlarm(clocks.next_due()))


def house_answered(table: TableState, out: Outbox, house: House, action: Action | None) -> None:
    """The house's answer for the seat it was asked about (its fallback when the answer
    is None or not legal), then on as :func:`advance`."""
    assert table.asking is not None, "an answer nobody asked for"
    seat, legal, fallback = table.asking
    table.asking = None
    step(table, out, seat, action if action in legal else fallback, "house")
    advance(table, out, house)


def _ask_house(table: TableState, out: Outbox, house: House, seat: int, fallback: Action) -> None:
    """Ask the house's choice for ``seat``; a slow house gets the table's news told first."""
    if not house.quick:
        flush(table, out)  # tell people what happened before the house thinks
    legal = table.game.legal(table.state, seat)
    table.asking = (seat, legal, fallback)
    out.add(AskHouse(_request(table, seat, legal, fallback)))


def _request(table: TableState, seat: int, legal: list[Any], fallback: Action) -> HouseRequest:
    level = table.config.house_level
    return HouseRequest(
        game=table.config.game,
        variant=table.config.variant,
        options=table.game.option_values,
        seat=seat,
        view=table.game.view(table.state, seat),
        legal=tuple(legal),
        level=level,
        budget=budget_of(level),
        fallback=fallback,
        timeout=False,
    )


def _house_asides(table: TableState, out: Outbox, house: House) -> bool:
    """Offer every house seat the game does not wait for its out-of-turn chance (a
    Toepen knock after any event, also after its last card); True when one acted.
    The house answers in-process and at once (:meth:`House.aside`); :func:`advance`
    asks only a house that has asides at the table's level."""
    for seat, legal in aside_chances(table.game, table.state):
        if not table.seating.is_house(seat):
            continue  # a person acts for themselves
        action = house.aside(_request(table, seat, legal, legal[0]))
        if action is not None and action in legal:
            step(table, out, seat, action, "house")
            return True
    return False


def _update_clocks(table: TableState, out: Outbox, seats: frozenset[int]) -> None:
    """A clock for each person of ``seats`` (those the game waits for), and none for
    anyone else."""
    waiting = table.seating.people_at(seats)
    seconds, doubled = table.config.clock_seconds, table.seating.doubled()
    for seat in table.clocks.settle(waiting, seconds, out.now, doubled):
        send_clock(table, out, seat)


def send_clock(table: TableState, out: Outbox, seat: int) -> None:
    """Everyone hears the seat's deadline and its clock's length."""
    seconds = seconds_of(seat, table.config.clock_seconds, table.seating.doubled())
    deadline = table.clocks.deadlines[seat]
    message = {"type": "clock", "table": table.id, "seat": seat, "deadline": deadline}
    send_all(table, out, {**message, "seconds": seconds, "now": out.now})


def _after_game(table: TableState, out: Outbox) -> None:
    """Seat rotation after a game (RULES.md §2.8), then waiting people take house seats."""
    if table.settled == table.game_id:
        return
    table.settled = table.game_id
    table.clocks.deadlines.clear()
    table.clocks.house_due = None
    result = table.game.result(table.state)
    losers = result.losers if result is not None else ()
    events = table.seating.after_game(losers, rotation=table.game.traits.loser_rotation)
    if events:
        stage(table, out, events, seating=True)
