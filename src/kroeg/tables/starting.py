"""The table machine starts a game: checked, written to the store as a new game (a
question: the store names it), then announced with its fair-deal commitment."""

from __future__ import annotations

from kroeg.fairness import SECRET_BYTES
from kroeg.games.base import Event
from kroeg.store import NewGame, TableChange
from kroeg.tables.effects import CreateGame, Outbox
from kroeg.tables.errors import TableError
from kroeg.tables.fair import FairDeals
from kroeg.tables.frames import seats_json
from kroeg.tables.staging import flush, stage
from kroeg.tables.state import TableState

FIRST_DEAL_WINDOW = 1.0
"""Seconds, at most the deal pause, between a game's start and its first deal: the time
the seated people's clients have to contribute to it (docs/protocol.md, "Fair deals")."""


def start(table: TableState, out: Outbox, player: str) -> None:
    """A seated person starts a game: what is staged is committed, then the new game is
    written (:class:`CreateGame`); :func:`game_created` goes on with its id."""
    if table.seat_of(player) is None:
        raise TableError("not_seated", "only a player seated at the table may start a game")
    if table.running:
        raise TableError("game_running", "a game is already running at this table")
    seed = table.rng.getrandbits(62)
    secret = table.rng.randbytes(SECRET_BYTES)  # a test seed derives it, as the shuffles
    state = table.game.new_state(len(table.seats), dealer=None, seed=seed)
    dealer = table.game.view(state, None).dealer
    if table.boards is not None:  # a duplicate round's boards: board 1 is dealt by seat 0
        secret = table.boards
        while dealer != 0:  # a seed that gives seat 0, so that a restart's replay does too
            seed = table.rng.getrandbits(62)
            state = table.game.new_state(len(table.seats), dealer=None, seed=seed)
            dealer = table.game.view(state, None).dealer
    table.seating.new_game()
    table.clocks.clear()
    table.settled = None
    new_game = NewGame(
        table_id=table.id,
        number=table.number + 1,
        game=table.config.game,
        variant=table.config.variant,
        options=table.game.option_values,
        seats=len(table.seats),
        dealer=dealer if isinstance(dealer, int) else -1,
        seed=seed,
        players=[s.player for s in table.seats],
        names=[s.name for s in table.seats],
        started_at=out.now,
        fair_secret=secret.hex(),
    )
    flush(table, out)
    table.starting = (state, secret)
    change = TableChange(
        table.id, table.version + 1, seating=table.seating.json(), new_game=new_game
    )
    out.add(CreateGame(change))


def game_created(table: TableState, out: Outbox, game_id: int) -> None:
    """The store wrote the new game as ``game_id``: it is the table's, and announced."""
    assert table.starting is not None, "a game created that nobody started"
    (state, secret), table.starting = table.starting, None
    table.version += 1
    table.play(state)
    table.game_id, table.number, table.seq = game_id, table.number + 1, 0
    table.fair = FairDeals(secret, boards=secret == table.boards)
    if table.settings.deal_pause > 0:
        window = min(table.settings.deal_pause, FIRST_DEAL_WINDOW)
        table.clocks.deal_due = out.now + window
    start_event = Event("game_start", {"game_id": game_id, "seats": seats_json(table)})
    stage(table, out, [start_event, *filter(None, [table.fair.commitment_event()])])
