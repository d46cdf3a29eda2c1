"""The table machine's play: a person's action, a step of the game, a clock that ran out,
a player taken out, and a game abandoned when its table closes.

Each function changes the table in place and stages what it did
(:mod:`~kroeg.tables.staging`); a refusal (:class:`~kroeg.tables.errors.TableError`) is
raised before anything changed. The game is driven through the table's
:class:`~kroeg.games.match.Match`: its deal source draws the deals and restocks, its
agents give the house's ``default()``, and every step is applied by its
:meth:`~kroeg.games.match.Match.step`, in :func:`step` (or :func:`take_out`, for
:data:`~kroeg.games.match.OUT`).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from kroeg.cards import CardError
from kroeg.games.base import JSON, RESTOCK, Action, Deal, Event, InvalidInput, RuleError
from kroeg.games.match import OUT
from kroeg.store import LogEntry
from kroeg.tables.commands import Act, Contribute
from kroeg.tables.effects import BotTimedOut, Outbox
from kroeg.tables.errors import TableError
from kroeg.tables.staging import note_seating, stage
from kroeg.tables.state import TableState

log = logging.getLogger(__name__)

MAX_TURN_STEPS = 64
"""A bound on the decisions the house makes to finish one expired turn."""

MAX_PLAY_OUT = 100_000
"""A bound on the steps of an abandoned game played to its end (:func:`abandon`)."""


def act(table: TableState, out: Outbox, cmd: Act) -> None:
    """A person's action, on the version they saw."""
    if table.state is None or not table.running:
        raise TableError("no_game", "no game is running at this table")
    seat = table.seat_of(cmd.player)
    if seat is None:
        if table.seating.was_taken_out(cmd.player):
            raise TableError("out_of_game", "you were taken out of this game")
        raise TableError("not_seated", "you have no seat at this table")
    if cmd.version != table.version:
        raise TableError(
            "stale_version",
            f"the table is at version {table.version}, not {cmd.version}: act on the current state",
            current=table.version,
        )
    try:
        action = table.game.parse_action(cmd.action)
    except CardError as e:
        raise TableError("invalid_action", str(e), rule="bad_card", args={}) from None
    except InvalidInput as e:
        raise TableError.refusal("invalid_action", e) from None
    try:
        step(table, out, seat, action, "player")
    except RuleError as e:
        raise TableError.refusal("illegal_action", e) from None
    except InvalidInput as e:
        raise TableError.refusal("invalid_action", e) from None
    if table.seats[seat].timeouts:
        table.seats[seat].timeouts = 0
        note_seating(table)  # the count is part of the table's stored state


def contribute(table: TableState, cmd: Contribute) -> None:
    """A seated person's contribution to the next deal (nothing staged: it is told in
    that deal's frame)."""
    if table.state is None or not table.running:
        raise TableError("no_game", "no game is running at this table")
    seat = table.seat_of(cmd.player)
    if seat is None:
        raise TableError("not_seated", "only a seated player may contribute to a deal")
    table.fair.contribute(seat, cmd.deal, cmd.value)


def step(
    table: TableState,
    out: Outbox,
    seat: int,
    action: Action | Deal,
    by: str,
    first: Iterable[Event] = (),
    fair: JSON | None = None,
) -> None:
    """Apply one step and stage it (sent once committed). RuleError changes nothing.
    ``fair``: a fair deal's commitment and contributions, logged with the deal."""
    match = table.match
    assert match is not None, "a step with no game running"
    events = match.step(seat, action)
    for event in events:  # a loop, not any() of a generator: this runs for every step
        if event.kind == "deal_end":
            table.progressed = True
            if table.settings.deal_pause > 0:
                table.clocks.deal_due = out.now + table.settings.deal_pause
            break
    data: Any
    if isinstance(action, Deal):
        kind, data = "deal", action.json()
        if fair is not None:
            data["fair"] = fair
        announce: list[Event] = []
    else:
        kind, data = "act", table.game.action_json(action)
        announce = [Event("action", {"seat": seat, "action": data, "by": by})]
        if action[0] == RESTOCK:
            announce = []  # the new stock's order is hidden: the log and record only
    entry = LogEntry(table.seq, table.version + 1, seat, kind, data, by, out.now)
    if by in ("player", "timeout") and not table.game.traits.clock_per_turn:
        table.clocks.deadlines.pop(seat, None)  # the seat's next decision gets a fresh clock
    stage(table, out, [*first, *announce, *events], entry=entry)
    if table.game.pending_restock(match.state) is not None:
        # Chance is the table's, at once: nobody acts between the draw that turned
        # the pile over and its shuffle (the house's and a timeout's turn included).
        chance(table, out)


def chance(table: TableState, out: Outbox) -> None:
    """The chance step due (a deal, or a turned-over pile's order), from the match's deal
    source: drawn fairly (docs/fair-deals.md); a deal is logged with its fair-deal note
    and told with its events (:class:`~kroeg.tables.deals.TableDeals`)."""
    assert table.match is not None, "chance with no game running"
    drawn = table.match.draw()
    assert drawn is not None, "no chance step is due"
    seat, action = drawn
    if isinstance(action, Deal):
        fair = table.deals.drawn
        assert fair is not None
        step(table, out, seat, action, "table", fair.events, fair.note)
    else:
        step(table, out, seat, action, "table")


def take_out(
    table: TableState,
    out: Outbox,
    seat: int,
    reason: str,
    first: list[Event],
    taken: tuple[str, str] | None = None,
) -> None:
    """Two timeouts in a row, leave, or away when the table closes idle: the player is
    out of this game and loses. ``taken``: the seating took them out already."""
    assert taken is not None or table.seats[seat].player is not None
    assert table.match is not None, "a player taken out of no game"
    try:
        events, eliminated = table.match.step(seat, OUT), True
    except RuleError:
        # The rules already have the seat out (Eurokaarten: no coins left).
        events, eliminated = [], False
    player, name = taken or table.seating.take_out(seat)
    table.clocks.deadlines.pop(seat, None)
    data = {"reason": reason, "player": player, "name": name}
    logged = {**data, "eliminated": eliminated}
    entry = LogEntry(table.seq, table.version + 1, seat, "out", logged, "table", out.now)
    table.progressed = True
    events = [*first, Event("out", {"seat": seat, **data}), *events]
    stage(table, out, events, entry=entry, seating=True)


def abandon(table: TableState, out: Outbox) -> None:
    """The lobby closes the table idle while its game runs: everyone still in the game
    is away and abandons it (reason ``away``, ranked last, docs/ratings.md). All are
    out of the seating before the first is logged, so that an end the take-outs bring
    (Eurokaarten) has none of them win. Then the house plays the game to its end at
    once with the rules' ``default()``: nobody follows it, and no person's rank
    depends on it any more."""
    if not table.running:
        return
    away = table.seating.people_at(range(len(table.seats)))
    taken = [(seat, table.seating.take_out(seat)) for seat in away]
    for seat, person in taken:
        take_out(table, out, seat, "away", [], person)
    match = table.match
    assert match is not None
    for _ in range(MAX_PLAY_OUT):
        pending = match.pending()
        if pending.over:
            return
        if pending.chance:
            chance(table, out)
            continue
        house = table.seating.house_seat(pending.seats)
        if house is None:
            break
        step(table, out, house, match.agents[house].act(match, house), "house")
    log.warning("table %s: its abandoned game did not end", table.id)


def expire(table: TableState, out: Outbox, seat: int) -> None:
    """The clock of a person ran out: the house plays; the second time in a row, out."""
    del table.clocks.deadlines[seat]
    person = table.seats[seat]
    person.timeouts += 1
    note_seating(table)  # a restart remembers the count (docs/operations.md)
    if person.bot and person.player is not None:
        out.add(BotTimedOut(person.player))
    timeout = Event("timeout", {"seat": seat, "timeouts": person.timeouts})
    if person.timeouts >= 2:
        take_out(table, out, seat, "timeouts", [timeout])
        return
    first: list[Event] = [timeout]
    for _ in range(MAX_TURN_STEPS):
        if not table.running or seat not in table.game.to_act(table.state):
            break
        # The game's one timeout rule, whatever the house's level: no bot chooses for
        # a person who let the clock run (RULES.md §2.7, Game.timeout_action).
        action = table.game.timeout_action(table.state, seat)
        step(table, out, seat, action, "timeout", first)
        first = []
        if not table.game.traits.clock_per_turn:
            break
    table.clocks.deadlines.pop(seat, None)
