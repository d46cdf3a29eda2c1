"""What a live table is: the state :class:`~kroeg.tables.machine.TableMachine` decides on.

Everything a table remembers between two commands lives here: its seats, its game, its
version, its clocks, the versions kept for a resume, who follows it, and the changes
staged for the next commit. Nothing here waits, writes or sends; the task that owns the
table (:class:`~kroeg.tables.task.TableTask`) holds what is about the outside world (its
inbox, its timer, the store, the cluster's fencing epoch and relay, the club's hook).
"""

from __future__ import annotations

import random
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kroeg.games.base import JSON, Action, Game
from kroeg.games.match import HouseAgent, Match
from kroeg.tables.clocks import Clocks
from kroeg.tables.commands import Listener
from kroeg.tables.config import TableConfig
from kroeg.tables.deals import TableDeals
from kroeg.tables.fair import FairDeals
from kroeg.tables.frames import lobby_summary
from kroeg.tables.history import History
from kroeg.tables.seating import Seating
from kroeg.tables.seats import Seat
from kroeg.tables.staging import Staged

HOUSE = HouseAgent()
"""The agent of every seat: the game's ``default()``, what the house plays for a seat
nobody plays (and the fallback when the house's bots are asked)."""

HISTORY = 256
"""Versions a table keeps in memory for reconnecting clients."""


@dataclass(frozen=True, slots=True)
class TableSettings:
    house_delay: float = 0.8
    """Seconds the house waits before it moves, so people can follow (zero in tests)."""
    deal_pause: float = 0.0
    """Seconds between a deal's end and the next deal: the people at the table see the
    last trick and the deal's summary, and nobody's clock runs, the house's neither."""
    history: int = HISTORY
    test_seed: int | None = None
    """Tests only: shuffle with ``random.Random(test_seed + n)`` for the n-th table made,
    instead of the CSPRNG, so a browser test can look for a deal."""
    restart_min_clock: float = 15.0
    """After a restart, the least a waiting person's clock shows (at most the table's)."""
    on_bot_timeout: Callable[[str], None] | None = None
    """Told the player of a bot's seat whose clock ran out (the server's bot conduct,
    kroeg.server.bot_conduct)."""


class TableState:
    """One table's memory. The machine changes it in place (a game's state is too big to
    copy for every move) and hands it back with the effects to carry out."""

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        game: Game[Any],
        settings: TableSettings,
        *,
        created_at: float,
        rng: random.Random | None = None,
    ) -> None:
        self.id = table_id
        self.config = config
        self.game = game
        self.settings = settings
        self.created_at = created_at
        self.version = 0
        self.seating = Seating(config.seats)
        self.clocks = Clocks()
        self.listeners: set[Listener] = set()
        self.match: Match[Any] | None = None
        """The game being played, driven through :class:`~kroeg.games.match.Match` (None
        before the first game): :meth:`play` sets it."""
        self.state: Any = None
        """The game's state, the match's (None before the first game)."""
        self.game_id: int | None = None
        self.number = 0
        self.seq = 0
        self.history = History(settings.history)
        self.rng = rng or secrets.SystemRandom()
        """Shuffles and game seeds: the CSPRNG; never sent anywhere."""
        self.deals = TableDeals(config.game, self.rng)
        """The match's deal source: the running game's fair deals (:attr:`fair`)."""
        self.away: dict[int, bool] = {}
        self.staged: Staged | None = None
        self.settled: int | None = None
        """The last game whose seats were settled after its end."""
        self.boards: bytes | None = None
        """A duplicate round's secret (docs/clubs.md, "Duplicate Klaverjassen"): the
        table's games deal the round's boards from it, the first dealt by seat 0, and
        take no contributions. Kept in the table's row (``TableRow.boards``), so a table
        rebuilt after a restart or a takeover has it from its first moment."""
        self.progressed = False
        """A commit to come ends a deal or takes a player out: the club's hook hears of it."""
        self.paused = False
        """The cluster cannot say this process still holds the table's lease (Redis is
        away, docs/cluster.md): nothing is written and no clock runs until it regains it."""
        self.asking: tuple[int, list[Action], Action] | None = None
        """The seat and legal actions of the house decision asked of the house, whose
        answer the machine waits for, and its fallback (:class:`~kroeg.tables.effects.AskHouse`)."""
        self.vacated = False
        """Someone stood up or left since the last person sat down (not stored: after a
        restart an empty table is closed as idle, as before)."""
        self.starting: tuple[Any, bytes] | None = None
        """The new game's state and fair-deal secret while the store writes it
        (:class:`~kroeg.tables.effects.CreateGame`)."""

    def play(self, state: Any) -> None:
        """Play on ``state`` (a new game's, or one rebuilt from the log; None: no game) with
        a new match: the house's ``default()`` as every seat's agent (the machine asks it
        only for the seats nobody plays, and asks the house's bots itself), the table's
        fair deals as its chance. :attr:`state` is the match's state, kept as a plain
        attribute beside it (read many times a step) and only ever set here."""
        self.state = state
        if state is None:
            self.match = None
            return
        agents = [HOUSE] * self.game.seat_count(state)
        self.match = Match(self.game, state, agents=agents, deals=self.deals)

    @property
    def fair(self) -> FairDeals:
        """The running game's secret and the contributions to its next deal."""
        return self.deals.fair

    @fair.setter
    def fair(self, fair: FairDeals) -> None:
        self.deals.fair = fair

    @property
    def running(self) -> bool:
        return self.state is not None and not self.game.is_over(self.state)

    @property
    def deserted(self) -> bool:
        """The people who sat or waited here all stood up or left: only the house is at
        the table (the lobby no longer lists it and closes it soon; issue 32, bug 13)."""
        if not self.vacated or self.waiting:
            return False
        return all(seat.player is None for seat in self.seats)

    @property
    def seats(self) -> list[Seat]:
        return self.seating.seats

    @property
    def waiting(self) -> deque[tuple[str, str]]:
        return self.seating.waiting

    @property
    def accounts(self) -> dict[str, str]:
        return self.seating.accounts

    @property
    def deadlines(self) -> dict[int, float]:
        return self.clocks.deadlines

    def seat_of(self, player: str | None) -> int | None:
        return self.seating.seat_of(player)

    def summary(self) -> JSON:
        """The table as the lobby shows it (REST)."""
        return lobby_summary(self)
