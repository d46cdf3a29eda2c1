"""Troefplicht (RULES.md §6.5) and roem (§6.6) on bit masks.

:class:`Rules` holds what the options change: Rotterdams or Amsterdams trumping
duties and the value of four of a kind. Its roem table is filled lazily, one entry
per distinct trick (a mask of four cards) and trump suit.
"""

from __future__ import annotations

from collections.abc import Mapping

from kroeg.cards import ACE, JACK, KING, QUEEN, SUIT_MASKS, TEN, card_str, cards_in, rank_of
from kroeg.cards import suit_str as _suit_str

from .state import KlaverjasState
from .tables import ABOVE, NOT_SUIT, STRENGTH, STUK, SUIT_OF, run_roem

FULL_SUIT = (1 << 13) - 1


def cards_text(mask: int) -> str:
    return ", ".join(card_str(c) for c in cards_in(mask))


class Rules:
    """The rules of play that depend on the options, as fast functions of a state."""

    __slots__ = ("_roem_cache", "amsterdams", "four_kind")

    def __init__(self, options: Mapping[str, object]) -> None:
        self.amsterdams = options["troefplicht"] == "amsterdams"
        four_kind = [100] * 13
        if options["four_kind_ranks"] == "a10hv":
            for rank in range(13):
                four_kind[rank] = 100 if rank in (ACE, TEN, KING, QUEEN) else 0
            four_kind[JACK] = 200
        elif options["four_jacks_200"]:
            four_kind[JACK] = 200
        self.four_kind = tuple(four_kind)
        self._roem_cache: tuple[dict[int, int], ...] = ({}, {}, {}, {})

    # Roem ----------------------------------------------------------------------

    def roem(self, trump: int, trick_mask: int) -> int:
        """Roem of the cards lying together in one trick (RULES.md §6.6)."""
        cache = self._roem_cache[trump]
        value = cache.get(trick_mask)
        if value is None:
            value = self._compute_roem(trump, trick_mask)
            cache[trick_mask] = value
        return value

    def _compute_roem(self, trump: int, mask: int) -> int:
        cards = cards_in(mask)
        value = 0
        ranks = {rank_of(c) for c in cards}
        if len(cards) == 4 and len(ranks) == 1:
            value += self.four_kind[ranks.pop()]
        for suit in range(4):
            value += run_roem((mask >> (13 * suit)) & FULL_SUIT)
        if mask & STUK[trump] == STUK[trump]:
            value += 20
        return value

    # Legal plays -----------------------------------------------------------------

    def legal_mask(self, s: KlaverjasState, seat: int) -> int:
        """The cards ``seat`` may play to the current trick, as RULES.md §6.5's pseudo-code."""
        hand = s.hands[seat]
        if not s.trick:
            return hand
        trump = s.trump
        led = s.led
        follow = hand & SUIT_MASKS[led]
        if led == trump:
            if follow:
                return (follow & ABOVE[trump][s.hi + 1]) or follow
            return hand
        if follow:
            return follow
        trumps = hand & SUIT_MASKS[trump]
        if not self.amsterdams:
            if trumps:
                return (trumps & ABOVE[trump][s.hi + 1]) or trumps
            return hand
        if s.win_seat == seat ^ 2:
            if SUIT_OF[s.win_card] == trump:
                return ((hand & NOT_SUIT[trump]) | (trumps & ABOVE[trump][s.hi + 1])) or hand
            return hand
        if not trumps:
            return hand
        if s.hi < 0:
            return trumps
        higher = trumps & ABOVE[trump][s.hi + 1]
        if higher:
            return higher
        return (hand & NOT_SUIT[trump]) or hand

    def refusal(self, s: KlaverjasState, seat: int, card: int, legal: int) -> str:
        """Why ``card`` (held, not in ``legal``) may not be played, naming the legal cards."""
        trump = s.trump
        suit = SUIT_OF[card]
        allowed = f"legal cards are {cards_text(legal)}"
        if s.hands[seat] & SUIT_MASKS[s.led] and suit != s.led:
            return f"must follow suit {_suit_str(s.led)}: {allowed}"
        if suit == trump and s.hi >= 0 and STRENGTH[trump][card] < s.hi:
            partner_wins = self.amsterdams and s.win_seat == seat ^ 2
            if not partner_wins and s.hands[seat] & ABOVE[trump][s.hi + 1]:
                return f"must overtrump: {allowed}"
            return f"may not undertrump: {allowed}"
        if suit != trump and s.hi >= 0 and legal & ABOVE[trump][s.hi + 1]:
            return f"must overtrump: {allowed}"
        return f"must trump: {allowed}"
