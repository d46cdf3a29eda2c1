"""Melds on the table: setjes (sets) and straatjes (runs), with jokers (RULES.md §7.6).

A *setje* is 3 or 4 cards of one rank (a set of four is closed); a *straatje* is 3 to 13
consecutive cards of one suit, the ace low (A-2-3) or high (10-B-V-H-A), never both.
Every joker on the table stands for one card, declared when it is laid (``X1=5h``).

Runs live on the ring of ranks 0..12 (2 .. A): a run starts at rank ``start`` and holds
``length`` cards ``start, start+1, ...`` modulo 13. Without wrap-around a run may cross
from the ace to the 2 only when it starts with the ace (``start == ACE``, ace low).

This module checks melds and lay-offs and lists every way a hand can make them; it
knows nothing of turns or seats beyond the owner it records.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise, permutations

from kroeg.cards import (
    ACE,
    JOKER_1,
    RANK_CHARS,
    SUIT_CHARS,
    SUIT_NAMES_NL,
    Card,
    card_str,
    cards_in,
    is_joker,
    make_card,
    meld_card_str,
    rank_of,
    suit_of,
)
from kroeg.games.base import RuleError

SET, RUN = 0, 1

MeldCard = tuple[Card, Card | None]
"""A card as laid: ``(card, None)`` for a real card, ``(joker, card it stands for)``."""

CARD_POINTS: tuple[int, ...] = tuple(
    (1 if rank_of(c) == ACE else min(rank_of(c) + 2, 10)) if c < 52 else 20 for c in range(54)
)
"""Penalty points of a card in hand (§7.2): A = 1, 2-9 face value, 10/B/V/H = 10, joker 20."""

_NUMBER_WORDS = ("no", "one", "two", "three")
ONE_OF_EACH_SUIT = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""The 2 of each suit; shifted by a rank, the four cards of that rank."""


_NOTATION: tuple[str, ...] = tuple(card_str(c) for c in range(54))


def hand_notation(hand: int) -> list[str]:
    """The cards of a hand mask in notation, in display order (by suit, rank, jokers last)."""
    out = []
    while hand:
        low = hand & -hand
        out.append(_NOTATION[low.bit_length() - 1])
        hand ^= low
    return out


def hand_points(hand: int) -> int:
    """The penalty points of a hand given as a mask."""
    total = 0
    while hand:
        low = hand & -hand
        total += CARD_POINTS[low.bit_length() - 1]
        hand ^= low
    return total


@dataclass(frozen=True, slots=True)
class MeldRules:
    """The options that shape melds (§7.9)."""

    max_jokers: int = 2
    no_adjacent_jokers: bool = False
    wraparound: bool = False


@dataclass(frozen=True, slots=True)
class Meld:
    """One combination on the table. ``key`` is the rank of a set or the suit of a run;
    ``start`` the rank of a run's first card (0 for a set); ``real`` the mask of real
    cards; ``jokers`` the ``(joker, card it stands for)`` pairs in joker order."""

    kind: int
    owner: int
    key: int
    start: int
    length: int
    real: int
    jokers: tuple[tuple[Card, Card], ...]

    def identities(self) -> list[Card]:
        """The cards the meld shows, real or stood for: runs by position, sets by suit."""
        if self.kind == RUN:
            return [make_card((self.start + i) % 13, self.key) for i in range(self.length)]
        stood = {stands for _, stands in self.jokers}
        return [
            make_card(self.key, suit)
            for suit in range(4)
            if self.real >> make_card(self.key, suit) & 1 or make_card(self.key, suit) in stood
        ]

    def laid(self) -> list[MeldCard]:
        """The meld as laid, in canonical order: real cards and jokers with identities."""
        by_identity = {stands: joker for joker, stands in self.jokers}
        return [(by_identity[c], c) if c in by_identity else (c, None) for c in self.identities()]

    def notation(self) -> list[str]:
        return [meld_card_str(card, stands) for card, stands in self.laid()]


def run_start(suit_ranks: int, wraparound: bool) -> int:
    """The start of the run whose ranks are the 13-bit mask ``suit_ranks``.

    RuleError when the ranks are not consecutive or wrap around past the ace."""
    length = suit_ranks.bit_count()
    if length == 13:
        return 0
    starts = [r for r in range(13) if suit_ranks >> r & 1 and not suit_ranks >> ((r - 1) % 13) & 1]
    if len(starts) != 1:
        raise RuleError(
            "run_gap", "a run needs consecutive cards of one suit (a joker can fill a gap)"
        )
    start = starts[0]
    if crosses(start, length, wraparound):
        raise RuleError(
            "run_wraps",
            "a run may not wrap around: the ace is low (A-2-3) or high (10-B-V-H-A), not both",
        )
    return start


def joker_room(rules: MeldRules, jokers_laid: int) -> int:
    """How many more jokers a meld holding ``jokers_laid`` may take (§7.6, §7.9)."""
    return rules.max_jokers - jokers_laid


def _joker_count_error(rules: MeldRules) -> RuleError:
    word = _NUMBER_WORDS[rules.max_jokers]
    plural = "joker" if rules.max_jokers == 1 else "jokers"
    return RuleError("too_many_jokers", f"at most {word} {plural} in a meld", n=rules.max_jokers)


def _shape(owner: int, real: int, jokers: Sequence[tuple[Card, Card]], rules: MeldRules) -> Meld:
    """The meld made of the real cards ``real`` and ``jokers``, or RuleError saying why not."""
    identities = cards_in(real)
    for joker, stands in jokers:
        if stands in identities:
            raise RuleError(
                "joker_stands_twice",
                f"{meld_card_str(joker, stands)} stands for {card_str(stands)},"
                " which is already in the meld",
                card=card_str(stands),
            )
        identities.append(stands)
    if not real:
        raise RuleError(
            "meld_only_jokers", "a meld needs at least one real card besides its jokers"
        )
    if len(identities) < 3:
        raise RuleError(
            "meld_too_short",
            f"a meld needs at least 3 cards, got {len(identities)}",
            count=len(identities),
        )
    if joker_room(rules, len(jokers)) < 0:
        raise _joker_count_error(rules)
    ranks = {rank_of(c) for c in identities}
    suits = {suit_of(c) for c in identities}
    ordered_jokers = tuple(sorted(jokers))
    if len(ranks) == 1:  # distinct cards of one rank: at most four
        return Meld(SET, owner, ranks.pop(), 0, len(identities), real, ordered_jokers)
    if len(suits) != 1:
        if len(ranks) == len(identities):
            raise RuleError("run_one_suit", "a run needs one suit")
        raise RuleError("set_one_rank", "a set needs cards of one rank")
    suit = suits.pop()
    rank_mask = 0
    for c in identities:
        rank_mask |= 1 << rank_of(c)
    start = run_start(rank_mask, rules.wraparound)
    if rules.no_adjacent_jokers:
        positions = sorted((rank_of(s) - start) % 13 for _, s in jokers)
        if any(b - a == 1 for a, b in pairwise(positions)):
            raise RuleError("jokers_side_by_side", "two jokers may not lie side by side in a run")
    return Meld(RUN, owner, suit, start, len(identities), real, ordered_jokers)


def _split(cards: Sequence[MeldCard]) -> tuple[int, list[tuple[Card, Card]]]:
    real = 0
    jokers = []
    for card, stands in cards:
        if is_joker(card):
            if stands is None:
                raise RuleError(
                    "joker_needs_card",
                    f"{card_str(card)} needs the card it stands for, like X1=5h",
                    card=card_str(card),
                )
            jokers.append((card, stands))
        else:
            real |= 1 << card
    return real, jokers


def new_meld(owner: int, cards: Sequence[MeldCard], rules: MeldRules) -> Meld:
    """The meld ``cards`` make, or RuleError saying which rule they break."""
    real, jokers = _split(cards)
    return _shape(owner, real, jokers, rules)


def set_room(meld: Meld) -> int:
    """The cards a set can still take, real or joker: its rank in every suit no real card
    of it holds (a set joker's suit is open, §12); none once the set has four cards."""
    if meld.length == 4:
        return 0
    return (ONE_OF_EACH_SUIT << meld.key) & ~meld.real


def _set_jokers_after(meld: Meld, added: int) -> list[tuple[Card, Card]]:
    """The set's jokers once the cards ``added`` (a mask of identities) are laid on it:
    a joker whose card is laid moves to the remaining missing suit (RULES.md §12)."""
    jokers = list(meld.jokers)
    taken = meld.real | added
    for _, stands in jokers:
        taken |= 1 << stands
    for i, (joker, stands) in enumerate(jokers):
        if added >> stands & 1:
            free = (ONE_OF_EACH_SUIT << meld.key) & ~taken
            if not free:
                raise RuleError("set_too_big", "a set has at most 4 cards")
            moved = (free & -free).bit_length() - 1
            jokers[i] = (joker, moved)
            taken |= 1 << moved
    return jokers


def extend_meld(meld: Meld, cards: Sequence[MeldCard], rules: MeldRules) -> Meld:
    """``meld`` with ``cards`` laid off onto it, or RuleError saying why not.

    In a set, a card (real, or a joker declared so) laid on the suit a joker stands for
    moves that joker to the remaining missing suit (RULES.md §12)."""
    if meld.kind == SET and meld.length == 4:
        raise RuleError("set_closed", "a set of four is closed: nothing more may be added")
    real, added_jokers = _split(cards)
    added = real
    for _, stands in added_jokers:
        added |= 1 << stands
    jokers = list(meld.jokers)
    if meld.kind == SET:
        for card in cards_in(added):
            if rank_of(card) != meld.key:
                raise RuleError(
                    "set_wrong_rank",
                    f"{card_str(card)} does not fit a set of {RANK_CHARS[meld.key]}s",
                    card=card_str(card),
                )
        if added & ~set_room(meld):
            shown = cards_in(added & ~set_room(meld))[0]
            raise RuleError(
                "set_has_card",
                f"the set already holds {card_str(shown)}",
                card=card_str(shown),
            )
        jokers = _set_jokers_after(meld, added)
    else:
        for card in cards_in(added):
            if suit_of(card) != meld.key:
                raise RuleError(
                    "run_wrong_suit",
                    f"{card_str(card)} does not fit a run in {SUIT_NAMES_NL[meld.key]}:"
                    " a run needs one suit",
                    card=card_str(card),
                    suit=SUIT_CHARS[meld.key],
                )
    return _shape(meld.owner, meld.real | real, [*jokers, *added_jokers], rules)


def swap_cards(meld: Meld) -> int:
    """The real cards that can take a joker's place in ``meld`` (§7.6, §12): the cards its
    jokers stand for, and in a set of three with a joker, every missing suit."""
    declared = 0
    for _, stands in meld.jokers:
        declared |= 1 << stands
    if meld.kind == SET and declared:
        return declared | set_room(meld)
    return declared


def swap_joker(meld: Meld, card: Card) -> Card | None:
    """The joker the real ``card`` takes the place of in ``meld``, or None: the joker
    standing for it, else (a missing suit of a set of three) the set's first joker in
    suit order c, d, h, s (RULES.md §12)."""
    if not swap_cards(meld) >> card & 1:
        return None
    for joker, stands in meld.jokers:
        if stands == card:
            return joker
    return min(meld.jokers, key=lambda pair: suit_of(pair[1]))[0]


def swap_in(meld: Meld, card: Card, joker: Card) -> Meld:
    """``meld`` with the real ``card`` in the place of ``joker`` (from :func:`swap_joker`)."""
    return Meld(
        meld.kind,
        meld.owner,
        meld.key,
        meld.start,
        meld.length,
        meld.real | 1 << card,
        tuple(pair for pair in meld.jokers if pair[0] != joker),
    )


# Listing every way a hand can lay cards ------------------------------------------


def fillings(
    identities: Sequence[Card],
    hand: int,
    jokers_held: Sequence[Card],
    free_jokers: int,
    all_orders: bool = True,
) -> Iterator[list[MeldCard]]:
    """Every way to lay ``identities`` from the hand: each card real (when held) or a
    joker standing for it (always for a card not held); at most ``free_jokers`` jokers.
    ``all_orders`` False: the two jokers are taken as one and the same (X1 first), as
    a search that only counts points may."""
    if not jokers_held or free_jokers <= 0:
        if all(hand >> c & 1 for c in identities):
            yield [(c, None) for c in identities]
        return
    held = [i for i, c in enumerate(identities) if hand >> c & 1]
    missing = [i for i, c in enumerate(identities) if not hand >> c & 1]
    if len(missing) > min(free_jokers, len(jokers_held)):
        return
    spare = min(free_jokers, len(jokers_held)) - len(missing)
    for extra in range(spare + 1):
        for swapped in combinations(held, extra):
            joker_slots = sorted([*missing, *swapped])
            orders = (
                permutations(jokers_held, len(joker_slots))
                if all_orders
                else [tuple(jokers_held[: len(joker_slots)])]
            )
            for assignment in orders:
                stands = dict(zip(joker_slots, assignment, strict=True))
                yield [
                    (stands[i], c) if i in stands else (c, None) for i, c in enumerate(identities)
                ]


def crosses(start: int, length: int, wraparound: bool) -> bool:
    """Whether a run from ``start`` of ``length`` cards wraps past the ace (not allowed
    without the option): only an ace-low run may go from the ace on to the 2."""
    return not wraparound and start != ACE and start + length - 1 > ACE


def run_arcs(held: int, spare: int, wraparound: bool) -> Iterator[tuple[int, int]]:
    """``(start, length)`` of every run of 3 or more whose ranks missing from the
    13-bit mask ``held`` number at most ``spare``."""
    if held.bit_count() + spare < 3:
        return
    for start in range(13):
        if not spare and not held >> start & 1:
            continue
        missing = 0
        for length in range(1, 14):
            if crosses(start, length, wraparound):
                break
            if not held >> ((start + length - 1) % 13) & 1:
                missing += 1
                if missing > spare:
                    break
            if length >= 3 and missing < length:
                yield start, length


def run_arcs_through(
    rank: int, held: int, spare: int, wraparound: bool
) -> Iterator[tuple[int, int]]:
    """Like :func:`run_arcs`, only the runs that hold ``rank``."""
    missing_low = 0
    for offset in range(13):
        start = (rank - offset) % 13
        if crosses(start, offset + 1, wraparound):
            break
        if not held >> start & 1:
            missing_low += 1
            if missing_low > spare:
                break
        missing = missing_low
        for length in range(offset + 1, 14):
            if length > offset + 1:
                if crosses(start, length, wraparound):
                    break
                if not held >> ((start + length - 1) % 13) & 1:
                    missing += 1
                    if missing > spare:
                        break
            if length >= 3:
                yield start, length


def suit_ranks(hand: int, suit: int) -> int:
    """The ranks of ``suit`` in a hand mask, as a 13-bit mask."""
    return hand >> (13 * suit) & 0x1FFF


def jokers_in(hand: int) -> list[Card]:
    return [j for j in (JOKER_1, JOKER_1 + 1) if hand >> j & 1]


def set_options(
    rank: int, hand: int, rules: MeldRules, through: Card | None = None, all_orders: bool = True
) -> Iterator[list[MeldCard]]:
    """Every new set of ``rank`` the hand can lay (with ``through``: holding that real card)."""
    jokers_held = jokers_in(hand)
    real = (through, None)
    for size in (3, 4):
        for chosen in combinations(range(4), size):
            identities = [make_card(rank, s) for s in chosen]
            if through is not None and through not in identities:
                continue
            for laid in fillings(identities, hand, jokers_held, joker_room(rules, 0), all_orders):
                if through is None:
                    if any(stands is None for _, stands in laid):
                        yield laid
                elif real in laid:
                    yield laid


def run_options(
    suit: int,
    start: int,
    length: int,
    hand: int,
    rules: MeldRules,
    all_orders: bool = True,
) -> Iterator[list[MeldCard]]:
    """Every way the hand can lay the run of ``suit`` from ``start`` of ``length`` cards."""
    identities = [make_card((start + i) % 13, suit) for i in range(length)]
    for laid in fillings(identities, hand, jokers_in(hand), joker_room(rules, 0), all_orders):
        if all(stands is not None for _, stands in laid):
            continue
        if rules.no_adjacent_jokers and len(laid) - sum(1 for _, s in laid if s is None) == 2:
            try:
                new_meld(0, laid, rules)
            except RuleError:
                continue
        yield laid


def meld_options(owner: int, hand: int, rules: MeldRules) -> list[tuple[MeldCard, ...]]:
    """Every new meld the hand (a mask) can lay, each in canonical order."""
    max_j = min(joker_room(rules, 0), len(jokers_in(hand)))
    out: list[tuple[MeldCard, ...]] = []
    for rank in range(13):
        suits_held = (hand >> rank & ONE_OF_EACH_SUIT).bit_count()
        if suits_held and suits_held + max_j >= 3:
            out.extend(tuple(laid) for laid in set_options(rank, hand, rules))
    for suit in range(4):
        held = suit_ranks(hand, suit)
        if held:
            for start, length in run_arcs(held, max_j, rules.wraparound):
                out.extend(tuple(laid) for laid in run_options(suit, start, length, hand, rules))
    return out


def layoff_options(
    meld: Meld,
    hand: int,
    rules: MeldRules,
    through: Card | None = None,
    all_orders: bool = True,
) -> list[tuple[MeldCard, ...]]:
    """Every lay-off of the hand (a mask) onto ``meld``: only the added cards, in order.
    With ``through``, only the lay-offs that hold that real card."""
    jokers_held = jokers_in(hand)
    free = joker_room(rules, len(meld.jokers))
    out: list[tuple[MeldCard, ...]] = []
    if meld.kind == SET:
        for card in cards_in(set_room(meld)):
            if hand >> card & 1 and through in (None, card):
                out.append(((card, None),))
            if through is None and free > 0:
                out.extend(((j, card),) for j in jokers_held)
        return out
    spare = min(free, len(jokers_held))
    held = suit_ranks(hand, meld.key)
    low_missing = 0
    for low in range(14 - meld.length):
        start = (meld.start - low) % 13
        if low:
            if crosses(start, meld.length + low, rules.wraparound):
                break
            if not held >> start & 1:
                low_missing += 1
                if low_missing > spare:
                    break
        missing = low_missing
        for high in range(14 - meld.length - low):
            length = meld.length + low + high
            if high:
                if crosses(start, length, rules.wraparound):
                    break
                if not held >> ((start + length - 1) % 13) & 1:
                    missing += 1
                    if missing > spare:
                        break
            if not low + high:
                continue
            added = [make_card((start + i) % 13, meld.key) for i in range(low)]
            added += [make_card((meld.start + meld.length + i) % 13, meld.key) for i in range(high)]
            if through is not None and through not in added:
                continue
            for laid in fillings(added, hand, jokers_held, free, all_orders):
                if through is not None and (through, None) not in laid:
                    continue
                if rules.no_adjacent_jokers:
                    try:
                        extend_meld(meld, laid, rules)
                    except RuleError:
                        continue
                out.append(tuple(laid))
    # A run of 12 grows to 13 at either end with the same ace: list it once.
    return list(dict.fromkeys(out))


def swap_options(meld: Meld, hand: int) -> list[Card]:
    """The real cards in hand that can take a joker's place in ``meld``."""
    return cards_in(swap_cards(meld) & hand)
