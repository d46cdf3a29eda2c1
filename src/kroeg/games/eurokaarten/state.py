"""The mutable state of an Eurokaarten partij (the whole game of several rounds)."""

from __future__ import annotations

from typing import Any

from kroeg.games.eurokaarten.melds import Meld

DEAL, TURN, OVER = "deal", "turn", "over"


class EuroState:
    """Hands are card masks; the stock is a list with its top card last; the discard
    pile a list with its top card last; ``melds`` are numbered by their index.

    ``coins`` per seat; ``bokje`` the seats ever given the bokje (the one extra life,
    §7.3); ``out`` the seats out of the partij, and ``out_order`` the same seats in the
    order they went out: a group per round end or elimination that put some out, first
    out first (the seats out at the start one group before all). ``taken`` is the card
    just taken from the discard pile this turn (or None); ``picked`` per seat the mask of
    the cards it took from the pile this round (everyone saw them taken); ``declined``
    per seat the mask of the pile's top cards it left there this round, drawing from the
    stock instead (everyone saw that too); ``had_turn`` and ``came_down`` are seat masks:
    seats that finished a turn / laid a meld this round. ``dead`` holds the cards of
    seats put out mid-round (§7.8). ``restock``: the pile was just turned over as the
    new stock (``stock_empty: reshuffle_discards``) and its shuffled order, the caller's
    ``restock`` step, may come next; any other action closes that."""

    __slots__ = (
        "bokje",
        "came_down",
        "coins",
        "dead",
        "dealer",
        "declined",
        "discard",
        "drawn",
        "had_turn",
        "hands",
        "melds",
        "out",
        "out_order",
        "phase",
        "picked",
        "restock",
        "seats",
        "stock",
        "summaries",
        "taken",
        "turn",
        "winner",
    )

    def __init__(self, seats: int, dealer: int, coins: list[int], bokje: set[int], out: set[int]):
        self.seats = seats
        self.dealer = dealer
        self.coins = coins
        self.bokje = bokje
        self.out = out
        self.out_order: tuple[tuple[int, ...], ...] = (tuple(sorted(out)),) if out else ()
        self.phase = DEAL
        self.hands = [0] * seats
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.melds: list[Meld] = []
        self.turn = -1
        self.drawn = False
        self.taken: int | None = None
        self.picked = [0] * seats
        self.declined = [0] * seats
        self.had_turn = 0
        self.came_down = 0
        self.dead = 0
        self.restock = False
        self.summaries: list[dict[str, Any]] = []
        self.winner: int | None = None

    def copy(self) -> EuroState:
        new = EuroState.__new__(EuroState)
        new.seats = self.seats
        new.dealer = self.dealer
        new.coins = self.coins[:]
        new.bokje = set(self.bokje)
        new.out = set(self.out)
        new.out_order = self.out_order
        new.phase = self.phase
        new.hands = self.hands[:]
        new.stock = self.stock[:]
        new.discard = self.discard[:]
        new.melds = self.melds[:]
        new.turn = self.turn
        new.drawn = self.drawn
        new.taken = self.taken
        new.picked = self.picked[:]
        new.declined = self.declined[:]
        new.had_turn = self.had_turn
        new.came_down = self.came_down
        new.dead = self.dead
        new.restock = self.restock
        new.summaries = self.summaries[:]
        new.winner = self.winner
        return new

    def snapshot(self) -> tuple[Any, ...]:
        """Every field, for comparing states (tests: a refused action changes nothing)."""
        return tuple(
            sorted(v) if isinstance(v, set) else v
            for v in (getattr(self, name) for name in self.__slots__)
        )

    def next_in(self, seat: int) -> int:
        """The next seat clockwise after ``seat`` that is still in the partij."""
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if candidate not in self.out:
                return candidate
        raise AssertionError("no seat is in")

    def put_out(self, seats: list[int]) -> None:
        """Seats go out of the partij together (one round's losers, or one elimination)."""
        self.out.update(seats)
        self.out_order += (tuple(seats),)

    def seats_in(self) -> list[int]:
        return [seat for seat in range(self.seats) if seat not in self.out]
