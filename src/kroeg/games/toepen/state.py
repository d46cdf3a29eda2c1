"""The state of a Toepen game: plain ints, bit masks and small lists, copied fast.

A hand is a bit mask of cards (:mod:`kroeg.cards`); a set of seats is a bit mask
with bit ``seat``. Costs that arise inside a deal (folds, laundry challenges, slow
play) are kept per seat and added to the standings when the deal ends (RULES.md §12).
"""

from __future__ import annotations

from typing import Any

from kroeg.games.toepen.het import HetRounds

# Phases: what the game waits for.
DEAL, EXCHANGE, ARMOEDE, PLAY, OVER = range(5)
PHASE_NAMES = ("deal", "exchange", "armoede", "play", "over")


class ToepenState:
    """Everything about one game of Toepen; the rules (wired in :mod:`.game`) change it."""

    __slots__ = (
        "active",
        "answerers",
        "answering",
        "armoede_done",
        "armoede_lead",
        "armoede_seats",
        "claim",
        "dead",
        "deal_no",
        "dealer",
        "done_tricks",
        "extra",
        "first_dealer",
        "hands",
        "het",
        "history",
        "jacks_seen",
        "knocker",
        "last_knocker",
        "last_trick",
        "late",
        "laundry",
        "laundry_count",
        "laundry_open",
        "led",
        "led_suits",
        "limit_top",
        "losers",
        "n",
        "open_hands",
        "out",
        "over_knock",
        "owed",
        "phase",
        "played_any",
        "points",
        "queue",
        "reached_at",
        "revoke_calls",
        "revoked",
        "shown_ac",
        "stake",
        "stock",
        "stock_pos",
        "trick_cards",
        "trick_played",
        "trick_seats",
        "tricks_done",
        "turn",
        "waves",
    )

    n: int
    points: list[int]
    out: int
    dealer: int
    first_dealer: int
    het: HetRounds | None
    phase: int
    deal_no: int
    hands: list[int]
    stock: tuple[int, ...]
    stock_pos: int
    active: int
    stake: int
    owed: list[int]
    extra: list[int]
    limit_top: int
    last_knocker: int
    knocker: int
    answerers: list[int]
    answering: frozenset[int]
    """The seats whose answer to the knock is due now (set by ``knocks``), else empty."""
    over_knock: int
    turn: int
    trick_seats: list[int]
    trick_cards: list[int]
    trick_played: int
    led: int
    tricks_done: int
    last_trick: list[tuple[int, int]] | None
    done_tricks: list[list[tuple[int, int]]]
    """The completed tricks of the running deal, (seat, card) in order (for the bots' view)."""
    played_any: bool
    queue: list[int]
    armoede_seats: int
    armoede_lead: int
    armoede_done: int
    reached_at: list[int | None]
    """Per seat, the deal in which it last reached the armoede level (0: it started on it)."""
    dead: list[int]
    shown_ac: int
    laundry_count: list[int]
    laundry: list[list[Any]]
    laundry_open: bool
    """The laundry window: set when play starts (with the option), cleared by the first card."""
    claim: int
    open_hands: int
    revoked: int
    revoke_calls: set[tuple[int, int]]
    late: int
    led_suits: list[int]
    jacks_seen: int
    history: list[dict[str, Any]]
    losers: list[int] | None
    waves: tuple[tuple[int, ...], ...]
    """The seats that reached ``max_points``, one group per deal that put some out, first
    out first: the result's order (a tuple: copied as it is)."""

    def copy(self) -> ToepenState:
        c = ToepenState.__new__(ToepenState)
        for name in _SCALARS:
            setattr(c, name, getattr(self, name))
        c.points = self.points[:]
        c.hands = self.hands[:]
        c.owed = self.owed[:]
        c.extra = self.extra[:]
        c.answerers = self.answerers[:]
        c.trick_seats = self.trick_seats[:]
        c.trick_cards = self.trick_cards[:]
        c.queue = self.queue[:]
        c.reached_at = self.reached_at[:]
        c.dead = self.dead[:]
        c.laundry_count = self.laundry_count[:]
        c.laundry = [entry[:] for entry in self.laundry]
        c.revoke_calls = set(self.revoke_calls)
        c.led_suits = self.led_suits[:]
        c.done_tricks = self.done_tricks[:]
        c.history = self.history[:]
        c.losers = None if self.losers is None else self.losers[:]
        return c

    def snapshot(self) -> list[Any]:
        """Every field's value, containers copied (to check that an error changed nothing)."""
        out: list[Any] = []
        for name in self.__slots__:
            value = getattr(self, name)
            if name == "laundry":
                value = [entry[:] for entry in value]
            elif isinstance(value, (list, set)):
                value = value.copy()
            out.append(value)
        return out


_LISTS = {
    "points",
    "hands",
    "owed",
    "extra",
    "answerers",
    "trick_seats",
    "trick_cards",
    "queue",
    "reached_at",
    "dead",
    "laundry_count",
    "laundry",
    "revoke_calls",
    "led_suits",
    "history",
    "losers",
}
_SCALARS = tuple(name for name in ToepenState.__slots__ if name not in _LISTS)
