"""A table's fair deals (docs/fair-deals.md, docs/protocol.md "Fair deals"): the game's
secret, the number of the next deal, and the contributions the seated people sent for it.

The table calls :meth:`FairDeals.draw` where it used to shuffle, and
:meth:`FairDeals.contribute` for a ``contribute`` message; everything else about the
algorithm is in :mod:`kroeg.fairness` and the record's field in :mod:`kroeg.fair_records`.
The contribution window of deal ``n`` opens when the game starts (the secret, and with it
every commitment, is fixed then) and closes when deal ``n`` is drawn.

A table of a duplicate night's round (docs/clubs.md, "Duplicate Klaverjassen") deals the
round's boards: its secret is the round's (:func:`kroeg.clubs.boards.round_secret`) and
it takes no contribution (``boards``), so every table of the round deals the same cards.
"""

from __future__ import annotations

import random
from typing import Any

from kroeg.fair_records import deal_note
from kroeg.fairness import CONTRIBUTION_BYTES, commitment, fair_deal, restock_order
from kroeg.games.base import JSON, RESTOCK, Action, Deal, Event, Game, restock
from kroeg.store import LogEntry
from kroeg.tables.errors import TableError

SHAPE_RNG_SEED = 0
_SHAPES = random.Random(SHAPE_RNG_SEED)
"""The game's own ``random_deal`` is asked only for the shape of the deal (the cards, who
gets how many, a stock, an upcard); its order is thrown away, so any generator will do:
one for every table (seeding a new one cost a tenth of a fair deal)."""


class FairDeals:
    """One game's secret and the contributions to its next deal."""

    def __init__(self, secret: bytes | None, deals_drawn: int = 0, *, boards: bool = False) -> None:
        self.secret = secret
        """None for a game from before the fair deals (it goes on as it was shuffled)."""
        self.boards = boards
        """The secret is a duplicate round's: no contribution is mixed in."""
        self.next_deal = deals_drawn + 1
        self.pending: dict[int, bytes] = {}
        self.dealt: dict[int, bytes] = {}
        """The contributions mixed into the latest deal drawn (its restocks mix them too)."""
        self.restocks = 0
        """The restocks of the latest deal so far."""

    @classmethod
    def restored(
        cls, secret_hex: str | None, entries: list[LogEntry], *, boards: bytes | None = None
    ) -> FairDeals:
        """After a restart: the stored secret, counting the deals in the log, and the
        latest deal's contributions and restocks. Contributions sent for the next deal
        before the restart are lost (docs/protocol.md)."""
        secret = None if secret_hex is None else bytes.fromhex(secret_hex)
        dealt = sum(1 for e in entries if e.kind == "deal")
        fair = cls(secret, dealt, boards=boards is not None and boards == secret)
        for entry in entries:
            if entry.kind == "deal":
                note = entry.data.get("fair") or {}
                given = note.get("contributions", {})
                fair.dealt = {int(seat): bytes.fromhex(value) for seat, value in given.items()}
                fair.restocks = 0
            elif entry.kind == "act" and entry.data and entry.data[0] == RESTOCK:
                fair.restocks += 1
        return fair

    def commitment_event(self) -> Event | None:
        """The public announcement that the next deal's window is open, with its
        commitment; None for a game without a secret."""
        if self.secret is None:
            return None
        data = {"deal": self.next_deal, "commitment": commitment(self.secret, self.next_deal)}
        return Event("commitment", data)

    def contribute(self, seat: int, deal_no: int, value: str) -> None:
        """Take a seat's contribution to the next deal, or refuse it and change nothing."""
        if self.secret is None:
            raise TableError("no_fair_deal", "this game was shuffled before fair deals existed")
        if self.boards:
            raise TableError(
                "no_fair_deal", "this table deals a duplicate night's boards: no contributions"
            )
        if deal_no < self.next_deal:
            raise TableError(
                "deal_drawn",
                f"deal {deal_no} is already dealt: contribute to deal {self.next_deal}",
                deal=self.next_deal,
            )
        if deal_no > self.next_deal:
            raise TableError(
                "deal_not_open",
                f"deal {deal_no} is not open yet: contribute to deal {self.next_deal}",
                deal=self.next_deal,
            )
        if seat in self.pending:
            raise TableError(
                "already_contributed", f"your seat already contributed to deal {deal_no}"
            )
        self.pending[seat] = parse_contribution(value)

    def draw(self, game: Game[Any], game_name: str, state: Any, rng: random.Random) -> FairDraw:
        """The next deal: from the secret and the contributions, or (a game without a
        secret) shuffled with ``rng`` as before."""
        if self.secret is None:
            return FairDraw(game.random_deal(state, rng), None, [])
        shape = game.random_deal(state, _SHAPES)
        deal_no, contributions = self.next_deal, self.pending
        deal = fair_deal(game_name, shape, self.secret, deal_no, contributions)
        note = deal_note(self.secret, deal_no, contributions)
        self.next_deal, self.pending = deal_no + 1, {}
        self.dealt, self.restocks = contributions, 0
        dealt = Event("fair_deal", {"deal": deal_no, **note})
        upcoming = self.commitment_event()
        assert upcoming is not None
        return FairDraw(deal, note, [dealt, upcoming])

    def restock(self, cards: tuple[int, ...], rng: random.Random) -> Action:
        """The restock step for a turned-over pile (``Game.pending_restock``): its order
        from the secret, the latest deal's number and contributions and the restock's
        number (:func:`kroeg.fairness.restock_order`, so ``kroeg verify`` checks it), or
        shuffled with ``rng`` in a game without a secret."""
        if self.secret is None:
            order = list(cards)
            rng.shuffle(order)
            return restock(order)
        self.restocks += 1
        deal_no = self.next_deal - 1
        return restock(restock_order(cards, self.secret, deal_no, self.restocks, self.dealt))


class FairDraw:
    """A drawn deal, what its log entry adds (``fair``), and the public events telling it."""

    __slots__ = ("deal", "events", "note")

    def __init__(self, deal: Deal, note: JSON | None, events: list[Event]) -> None:
        self.deal = deal
        self.note = note
        self.events = events


def parse_contribution(value: str) -> bytes:
    """A contribution as sent: :data:`CONTRIBUTION_BYTES` bytes as hexadecimal digits."""
    size = 2 * CONTRIBUTION_BYTES
    try:
        raw = bytes.fromhex(value) if len(value) == size else None
    except ValueError:
        raw = None
    if raw is None or len(raw) != CONTRIBUTION_BYTES:
        raise TableError(
            "bad_contribution",
            f"a contribution is {CONTRIBUTION_BYTES} random bytes as {size} hexadecimal digits",
        )
    return raw
