"""Troefplicht (RULES.md §6.5) and roem (§6.6) on bit masks.

:class:`Rules` holds what the options change: Rotterdams or Amsterdams trumping
duties and the value of four of a kind.
"""

from __future__ import annotations

from collections.abc import Mapping

from kroeg.cards import ACE, JACK, KING, QUEEN, SUIT_MASKS, TEN
from kroeg.cards import suit_str as _suit_str

from .state import KlaverjasState
from .tables import (
    ABOVE,
    CARD_NAMES,
    NOT_SUIT,
    RUN_ROEM,
    STRENGTH,
    STUK,
    SUIT_OF,
    TRUMP_BASE,
    mask_cards,
)

FULL_SUIT = (1 << 13) - 1


def cards_text(mask: int) -> str:
    return ", ".join(CARD_NAMES[c] for c in mask_cards(mask))


class Rules:
    """The rules of play that depend on the options, as fast functions of a state."""

    __slots__ = ("amsterdams", "four_kind")

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

    # Roem ----------------------------------------------------------------------

    def roem(self, trump: int, trick_mask: int) -> int:
        """Roem of the cards lying together in one trick (RULES.md §6.6).

        The trick's mask is cut into its four 13-bit suits: a run lies within one suit,
        and four of a kind is the same single bit in every suit.
        """
        clubs = trick_mask & FULL_SUIT
        diamonds = (trick_mask >> 13) & FULL_SUIT
        hearts = (trick_mask >> 26) & FULL_SUIT
        spades = trick_mask >> 39
        value = RUN_ROEM[clubs] + RUN_ROEM[diamonds] + RUN_ROEM[hearts] + RUN_ROEM[spades]
        if clubs and clubs == diamonds == hearts == spades:
            value += self.four_kind[clubs.bit_length() - 1]
        stuk = STUK[trump]
        if trick_mask & stuk == stuk:
            value += 20
        return value

    # Legal plays -----------------------------------------------------------------

    def legal_mask(self, s: KlaverjasState, seat: int) -> int:
        """The cards ``seat`` may play to the current trick (RULES.md §6.5)."""
        hand = s.hands[seat]
        if not s.trick:
            return hand
        return self.legal_in_trick(hand, s.trump, s.led, s.win_seat, s.win_strength, seat)

    def legal_in_trick(
        self, hand: int, trump: int, led: int, win_seat: int, win_strength: int, seat: int
    ) -> int:
        """The cards of ``hand`` that ``seat`` may add to a trick that has a card, as
        RULES.md §6.5's pseudo-code. The card winning the trick so far is the highest
        trump when a trump was played, so its strength stands for the pseudo-code's ``hi``.
        """
        follow = hand & SUIT_MASKS[led]
        above = ABOVE[trump][win_strength]
        if led == trump:
            if follow:
                return (follow & above) or follow
            return hand
        if follow:
            return follow
        trumps = hand & SUIT_MASKS[trump]
        if not self.amsterdams:
            if trumps:
                return (trumps & above) or trumps
            return hand
        trumped = win_strength >= TRUMP_BASE
        if win_seat == seat ^ 2:
            if trumped:
                return ((hand & NOT_SUIT[trump]) | (trumps & above)) or hand
            return hand
        if not trumps:
            return hand
        if not trumped:
            return trumps
        return (trumps & above) or (hand & NOT_SUIT[trump]) or hand

    def refusal(self, s: KlaverjasState, seat: int, card: int, legal: int) -> str:
        """Why ``card`` (held, not in ``legal``) may not be played, naming the legal cards."""
        trump = s.trump
        suit = SUIT_OF[card]
        trumped = s.win_strength >= TRUMP_BASE
        above = ABOVE[trump][s.win_strength]
        allowed = f"legal cards are {cards_text(legal)}"
        if s.hands[seat] & SUIT_MASKS[s.led] and suit != s.led:
            return f"must follow suit {_suit_str(s.led)}: {allowed}"
        if suit == trump and trumped and STRENGTH[trump][card] < s.win_strength:
            partner_wins = self.amsterdams and s.win_seat == seat ^ 2 and s.led != trump
            if not partner_wins and s.hands[seat] & above:
                return f"must overtrump: {allowed}"
            return f"may not undertrump: {allowed}"
        if suit != trump and trumped and legal & above:
            return f"must overtrump: {allowed}"
        return f"must trump: {allowed}"
