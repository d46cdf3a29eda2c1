"""The mutable state of a Klaverjassen game: a plain class with ``__slots__``.

Hands are bit masks; the trick is tracked incrementally (led suit, highest trump,
the card now winning) so that legal plays need no scan of the trick.
"""

from __future__ import annotations

from typing import Any

SEATS = 4
"""Klaverjassen is played by four, in two teams (RULES.md §6.2)."""
DEAL, BIDDING, PLAY, OVER, KRAKEN = 0, 1, 2, 3, 4
PHASE_NAMES = ("deal", "bidding", "play", "over", "kraken")
"""``KRAKEN`` (``trump_mode: kraken``) lies between bidding and play: trump is made and
the teams may kraak, herkraak and superkraak in turn."""


class KlaverjasState:
    """One game ("partij"): the running deal and the totals of the finished ones."""

    __slots__ = (
        "bid_index",
        "bid_order",
        "bids",
        "call_index",
        "call_order",
        "calls",
        "claimable",
        "deal_no",
        "dealer",
        "declarer",
        "draai",
        "forced",
        "hands",
        "kraaks",
        "last_trick",
        "leader",
        "led",
        "phase",
        "played",
        "plays_questioned",
        "points",
        "proposals",
        "proposed",
        "questionable",
        "revoke_roem",
        "roem",
        "roem_held",
        "seen",
        "summaries",
        "totals",
        "trick",
        "tricks_played",
        "tricks_won",
        "trump",
        "turn",
        "turned",
        "win_seat",
        "win_strength",
        "winner",
    )

    def __init__(self, dealer: int, totals: list[int], deal_no: int) -> None:
        self.dealer = dealer
        """The dealer of the running deal, or of the next one while a deal is due."""
        self.phase = DEAL
        self.hands = [0, 0, 0, 0]
        self.seen = 0
        """Bit per seat that may look at its hand (its bidding turn came, RULES.md §6.3)."""
        self.bid_order: tuple[int, ...] = ()
        self.bid_index = 0
        self.bids: list[tuple[int, int | None]] = []
        """(seat, suit) for "ik speel", (seat, None) for "ik pas"."""
        self.forced = False
        """The seat to bid may not pass."""
        self.draai: tuple[int, ...] = ()
        """``trump_mode: gedraaid``: the draaikaarten (the unused 2 to 6) top first. Hidden
        except the first ``turned`` of them, which lie face up."""
        self.turned = 0
        self.proposed = -1
        """``trump_mode: gedraaid``: the suit that may be bid now (-1 in other modes)."""
        self.proposals = 0
        """``trump_mode: gedraaid``: bit per suit proposed so far in this deal."""
        self.calls: list[tuple[int, str]] = []
        """``trump_mode: kraken``: (seat, call) in order, call "kraak", "herkraak",
        "superkraak" or "pass"."""
        self.call_order: tuple[int, ...] = ()
        """``trump_mode: kraken``: the seats that may make the next kraak call, in turn."""
        self.call_index = 0
        self.kraaks = 0
        """``trump_mode: kraken``: kraak calls made in this deal; the card points count
        ``2 ** kraaks`` times."""
        self.roem_held = [0, 0]
        """``trump_mode: kraken``: the roem in hand per team, before the refusal."""
        self.trump = -1
        self.declarer = -1
        self.leader = 0
        self.turn = 0
        self.trick: list[int] = []
        self.led = -1
        self.win_seat = -1
        self.win_strength = -1
        self.tricks_played = 0
        self.points = [0, 0]
        self.roem = [0, 0]
        self.tricks_won = [0, 0]
        self.last_trick: tuple[int, tuple[int, ...], int] | None = None
        """(leader, cards, winner) of the last completed trick of this deal."""
        self.played: list[tuple[int, tuple[int, ...], int]] = []
        """(leader, cards, winner) of every completed trick of this deal, for the bots' view."""
        self.claimable = 0
        """Manual roem of the last completed trick that may still be claimed."""
        self.revoke_roem: list[tuple[int, int] | None] = [None, None, None, None]
        """Per seat: the roem of both teams when it first revoked (verzaken mode)."""
        self.questionable = [0, 0, 0, 0]
        """Per seat: plays this deal that could have broken §6.5 (verzaken mode)."""
        self.plays_questioned = [0, 0, 0, 0]
        self.totals = totals
        self.deal_no = deal_no
        self.summaries: list[dict[str, Any]] = []
        self.winner: int | None = None

    def copy(self) -> KlaverjasState:
        """An independent copy (lists copied; their items are never mutated in place).

        Written out field by field because searching bots copy states all the time;
        ``test_copy_is_complete_and_independent`` checks that no field is forgotten.
        """
        o = KlaverjasState.__new__(KlaverjasState)
        o.bid_index = self.bid_index
        o.bid_order = self.bid_order
        o.bids = list(self.bids)
        o.call_index = self.call_index
        o.call_order = self.call_order
        o.calls = list(self.calls)
        o.claimable = self.claimable
        o.deal_no = self.deal_no
        o.dealer = self.dealer
        o.declarer = self.declarer
        o.draai = self.draai
        o.forced = self.forced
        o.hands = list(self.hands)
        o.kraaks = self.kraaks
        o.last_trick = self.last_trick
        o.leader = self.leader
        o.led = self.led
        o.phase = self.phase
        o.played = list(self.played)
        o.plays_questioned = list(self.plays_questioned)
        o.points = list(self.points)
        o.proposals = self.proposals
        o.proposed = self.proposed
        o.questionable = list(self.questionable)
        o.revoke_roem = list(self.revoke_roem)
        o.roem = list(self.roem)
        o.roem_held = list(self.roem_held)
        o.seen = self.seen
        o.summaries = list(self.summaries)
        o.totals = list(self.totals)
        o.trick = list(self.trick)
        o.tricks_played = self.tricks_played
        o.tricks_won = list(self.tricks_won)
        o.trump = self.trump
        o.turn = self.turn
        o.turned = self.turned
        o.win_seat = self.win_seat
        o.win_strength = self.win_strength
        o.winner = self.winner
        return o

    def snapshot(self) -> dict[str, Any]:
        """Every field, for tests that check an error left the state untouched."""
        out: dict[str, Any] = {}
        for name in self.__slots__:
            value = getattr(self, name)
            out[name] = [dict(v) for v in value] if name == "summaries" else value
            if isinstance(value, list) and name != "summaries":
                out[name] = list(value)
        return out
