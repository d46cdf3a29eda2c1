"""``trump_mode: kraken``: the kraak calls and roem in hand (klaverjas.nl "Spelregels Kraken").

After trump is made the defenders may *kraken*, then the playing team *herkraken*, then
the defenders *superkraken*; each call doubles the deal's card points, roem is not
doubled. Roem is not counted in the tricks but "in de hand" when play starts, from the
page's own table; the team holding the most keeps its roem, the other keeps only stuk.
The choices where the page is silent are in docs/rules-decisions.md (Klaverjassen).
"""

from __future__ import annotations

from kroeg.cards import ACE, JACK, KING, NINE, QUEEN, SEVEN, make_card

from .tables import STUK
from .tricks import Rules

CALLS = ("kraak", "herkraak", "superkraak")
"""The calls in the order they may follow each other; the n-th doubles the points n times."""

STUK_ROEM = 20
FOUR_OF_A_KIND = ((QUEEN, 100), (KING, 100), (ACE, 100), (NINE, 150), (JACK, 200))
"""The page's "Vier dezelfde plaatjes 100 punten: Vier vrouwen, heren of azen", "Vier
negens 150"; four jacks 200 as Amsterdams counts them (the option ``four_jacks_200``
kraken requires). Four tens, eights or sevens are not in the table: no roem."""
FOUR_MASKS = tuple(
    (sum(1 << make_card(rank, suit) for suit in range(4)), value) for rank, value in FOUR_OF_A_KIND
)


def run_value(length: int) -> int:
    """The page's "Driekaart 20", "Vierkaart 50", "Vijf- of zes-kaart 100" ("vijf of meer")."""
    if length >= 5:
        return 100
    return {3: 20, 4: 50}.get(length, 0)


def hand_roem(hand: int, trump: int) -> int:
    """The roem in one hand: every run of consecutive cards of a suit in the natural order
    7-8-9-10-B-V-H-A, four of a kind from the table, and stuk (trump H + V)."""
    roem = stuk_roem(hand, trump)
    for suit in range(4):
        bits = (hand >> (13 * suit + SEVEN)) & 0xFF
        length = 0
        while bits:
            if bits & 1:
                length += 1
            else:
                roem += run_value(length)
                length = 0
            bits >>= 1
        roem += run_value(length)
    for mask, value in FOUR_MASKS:
        if hand & mask == mask:
            roem += value
    return roem


def stuk_roem(hand: int, trump: int) -> int:
    """20 when the hand holds the trump king and queen ("stuk"), else 0."""
    return STUK_ROEM if hand & STUK[trump] == STUK[trump] else 0


def roem_in_hand(hands: list[int], trump: int) -> tuple[list[int], list[int]]:
    """(held, counted) per team. "De partij die samen de meeste [roem] in de hand heeft,
    krijgt deze roem toegekend (de roem van de tegenpartij wordt dan afgekeurd). Echter
    stuk [...] telt altijd mee. Als beide partijen evenveel roem in de hand hebben, dan
    krijgt ieder zijn eigen roem." A seat's runs and four of a kind lie in its own hand."""
    held = [hand_roem(hands[0], trump) + hand_roem(hands[2], trump), 0]
    held[1] = hand_roem(hands[1], trump) + hand_roem(hands[3], trump)
    if held[0] == held[1]:
        return held, list(held)
    best = 0 if held[0] > held[1] else 1
    counted = [0, 0]
    counted[best] = held[best]
    other = 1 - best
    counted[other] = stuk_roem(hands[other], trump) + stuk_roem(hands[other + 2], trump)
    return held, counted


class KrakenRules(Rules):
    """Rules without roem in the tricks: with kraken roem is only counted in the hand."""

    __slots__ = ()

    def roem(self, trump: int, trick_mask: int) -> int:
        return 0
