"""The rules of play on bit masks, each stated once: the trick winner, troefplicht
(RULES.md §6.5) and roem (§6.6).

Everything that needs one of these rules calls it from here: the game's ``legal``,
``apply`` (which checks a card by the same :meth:`Rules.legal_plays` that lists it),
the house, the rollout of :mod:`.moves`, and the bots' search. What a play tells about
the hand it came from (:meth:`Rules.ruled_out`) is worked out from
:meth:`Rules.legal_plays` too, never written as rules of its own.

:class:`Rules` holds what the options change: Rotterdams or Amsterdams trumping
duties and the value of four of a kind.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kroeg.cards import (
    ACE,
    JACK,
    KING,
    PIKET_DECK,
    QUEEN,
    SUIT_MASKS,
    SUITS,
    TEN,
    card_str,
    suit_str,
)
from kroeg.games.base import RuleError

from .state import KlaverjasState
from .tables import (
    ABOVE,
    CARD_NAMES,
    LAST_TRICK_BONUS,
    NOT_SUIT,
    POINTS,
    RUN_ROEM,
    STRENGTH,
    STUK,
    SUIT_OF,
    TRUMP_BASE,
    mask_cards,
)

FULL_SUIT = (1 << 13) - 1
CANNOT_WIN = -1
"""The trick strength of a card that can never win the trick: no trump, not the led suit."""


def cards_text(mask: int) -> str:
    return ", ".join(CARD_NAMES[c] for c in mask_cards(mask))


# The trick winner ---------------------------------------------------------------------


def trick_strength(trump: int, led: int, card: int) -> int:
    """How strongly ``card`` bids for a trick whose led suit is ``led`` (RULES.md §6.5,
    "Trick winner"): the highest trump wins if a trump was played, else the highest card
    of the led suit. A trump's strength is above every other card's; a card of neither
    suit can never win."""
    if SUIT_OF[card] in (trump, led):
        return STRENGTH[trump][card]
    return CANNOT_WIN


TRICK_STRENGTH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(trick_strength(trump, led, c) if c in PIKET_DECK else CANNOT_WIN for c in range(52))
        for led in SUITS
    )
    for trump in SUITS
)
"""``TRICK_STRENGTH[trump][led][card]``: :func:`trick_strength`, a look-up on the hot path.
A card takes the lead of the trick when its trick strength is above the winning card's."""


def trick_state(trump: int, leader: int, cards: Sequence[int]) -> tuple[int, int, int]:
    """(led suit, winning seat, winning strength) of a trick led by ``leader`` with
    ``cards`` so far, as :class:`KlaverjasState` keeps them (-1, -1, -1 when empty)."""
    if not cards:
        return -1, -1, -1
    led = SUIT_OF[cards[0]]
    strength_of = TRICK_STRENGTH[trump][led]
    win_seat, win_strength = leader, strength_of[cards[0]]
    for i in range(1, len(cards)):
        strength = strength_of[cards[i]]
        if strength > win_strength:
            win_seat, win_strength = (leader + i) & 3, strength
    return led, win_seat, win_strength


def complete_trick(
    rules: Rules,
    trump: int,
    trick: Sequence[int],
    winner: int,
    tricks_played: int,
    points: list[int],
    tricks_won: list[int],
) -> int:
    """The four cards of ``trick`` go to the team of ``winner``: their card points (§6.7,
    and the last trick's 10 when ``tricks_played``, this trick counted, is 8) are added to
    ``points`` and the trick to ``tricks_won``. Returns the trick's roem (§6.6), which the
    caller adds, or keeps to be claimed.

    Trick completion stated once, for the engine (:func:`.moves.play_card`,
    :func:`.moves.rollout`) and the bots' search (:func:`kroeg.bots.klaverjassen.play.play_card`);
    the numba kernel is its declared transliteration (``tests/bots/test_kernel.py``).
    Unchecked: the trick holds four cards and ``winner`` won it."""
    a, b, c, d = trick
    points_of = POINTS[trump]
    total = points_of[a] + points_of[b] + points_of[c] + points_of[d]
    if tricks_played == 8:
        total += LAST_TRICK_BONUS
    team = winner & 1
    points[team] += total
    tricks_won[team] += 1
    return rules.roem(trump, (1 << a) | (1 << b) | (1 << c) | (1 << d))


class Rules:
    """The rules of play that depend on the options, as fast functions of masks."""

    __slots__ = ("amsterdams", "four_kind")

    def __init__(self, options: Mapping[str, object]) -> None:
        self.amsterdams = options["troefplicht"] == "amsterdams"
        four_kind = [100] * 13
        if options["four_kind_ranks"] == "a10hv":  # jacks 200 whatever four_jacks_200 says
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

    def legal_plays(
        self, hand: int, trump: int, led: int, win_seat: int, win_strength: int, seat: int
    ) -> int:
        """The cards of ``hand`` that ``seat`` may play (RULES.md §6.5's pseudo-code) to a
        trick whose led suit is ``led`` (-1: the seat leads, any card) and whose winning
        card so far has ``win_strength`` and was played by ``win_seat``. The winning card
        is the highest trump when a trump was played, so its strength stands for the
        pseudo-code's ``hi``.
        """
        if led < 0:
            return hand
        follow = hand & SUIT_MASKS[led]
        if led == trump:
            if follow:
                return (follow & ABOVE[trump][win_strength]) or follow
            return hand
        if follow:
            return follow
        trumps = hand & SUIT_MASKS[trump]
        if not trumps:  # both systems: no card of the led suit and no trump: any card
            return hand
        above = ABOVE[trump][win_strength]
        if not self.amsterdams:
            return (trumps & above) or trumps
        trumped = win_strength >= TRUMP_BASE
        if win_seat == seat ^ 2:
            if trumped:
                return ((hand & NOT_SUIT[trump]) | (trumps & above)) or hand
            return hand
        if not trumped:
            return trumps
        return (trumps & above) or (hand & NOT_SUIT[trump]) or hand

    def legal_mask(self, s: KlaverjasState, seat: int) -> int:
        """The cards ``seat`` may play to the current trick of ``s``."""
        return self.legal_plays(s.hands[seat], s.trump, s.led, s.win_seat, s.win_strength, seat)

    def ruled_out(
        self,
        trump: int,
        led: int,
        win_seat: int,
        win_strength: int,
        seat: int,
        card: int,
        candidates: int,
    ) -> int:
        """The cards of ``candidates`` that ``seat`` cannot have held when it played
        ``card`` legally to that trick: those beside which :meth:`legal_plays` does not
        allow ``card``. (Each duty of §6.5 forbids a card because the hand holds some
        card of a kind, so one such card beside ``card`` is enough to tell.)"""
        out = 0
        bit = 1 << card
        for other in mask_cards(candidates & ~bit):
            held = bit | 1 << other
            if not self.legal_plays(held, trump, led, win_seat, win_strength, seat) & bit:
                out |= 1 << other
        return out

    def refusal(self, s: KlaverjasState, seat: int, card: int, legal: int) -> RuleError:
        """Why ``card`` (held, not in ``legal``, the cards :meth:`legal_mask` allows) may
        not be played: the duty of §6.5 that the shape of ``legal`` shows."""
        trump, led = s.trump, s.led
        allowed = [CARD_NAMES[c] for c in mask_cards(legal)]
        listed = f"legal cards are {', '.join(allowed)}"
        above = ABOVE[trump][s.win_strength]
        if legal & SUIT_MASKS[led] and SUIT_OF[card] != led:
            return RuleError(
                "must_follow",
                f"must follow suit {suit_str(led)}: {listed}",
                suit=suit_str(led),
                allowed_cards=allowed,
            )
        winning = card_str(s.trick[(s.win_seat - s.leader) & 3])
        if SUIT_OF[card] == trump and legal & NOT_SUIT[trump]:
            return RuleError(
                "no_undertrump",
                f"may not undertrump: {listed}",
                card=winning,
                allowed_cards=allowed,
            )
        if s.win_strength >= TRUMP_BASE and legal & above == legal:
            return RuleError(
                "must_overtrump",
                f"must overtrump: {listed}",
                card=winning,
                allowed_cards=allowed,
            )
        return RuleError(
            "must_trump",
            f"must trump: {listed}",
            suit=suit_str(trump),
            allowed_cards=allowed,
        )
