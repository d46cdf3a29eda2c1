"""A Klaverjassen deal in play as perfect information: the fast model behind the bots.

:class:`Play` holds every hand as a bit mask (a determinisation, or the known cards
in a rollout), the trick so far and the score of the deal. :func:`legal_mask` is
RULES.md §6.5 (Rotterdams and Amsterdams), checked against the engine in the tests;
:func:`solve` is an exact alpha-beta search of the remaining tricks on the deal's
final score (made, nat and pit as §6.7, or as kraken scores them); :func:`rollout`
plays the deal out with :func:`choose_card`, the rule-based card play of ``basis``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from kroeg.cards import PIKET_MASK, SUIT_MASKS
from kroeg.cards import cards_in as _cards_in
from kroeg.games.klaverjassen.tables import (
    DEAL_POINTS,
    LAST_TRICK_BONUS,
    POINTS,
    STRENGTH,
    TRUMP_BASE,
)

cards_in = lru_cache(maxsize=1 << 16)(_cards_in)
"""The cards of a mask (memoised: the same small masks recur all through a search)."""

ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(1 << c for c in range(52) if c // 13 == t and STRENGTH[t][c] > level)
        for level in range(-1, TRUMP_BASE + 8)
    )
    for t in range(4)
)
"""``ABOVE[trump][level + 1]``: the trumps stronger than ``level`` (-1: every trump)."""

RoemOf = Callable[[int, int], int]
"""``roem_of(trump, trick_mask)``: the engine's roem of the cards lying in one trick."""


@dataclass(slots=True)
class Play:
    trump: int
    declarer_team: int
    amsterdams: bool
    pit_bonus: int
    roem_of: RoemOf
    hands: list[int]
    leader: int
    trick: list[int]
    tricks_played: int
    points: list[int]
    roem: list[int]
    tricks_won: list[int]
    factor: int = 1
    """``trump_mode: kraken``: how often the card points count."""
    must_make: int = -1
    """``trump_mode: kraken``: the team that must take more than half; -1 in other modes."""

    def copy(self) -> Play:
        return Play(
            self.trump,
            self.declarer_team,
            self.amsterdams,
            self.pit_bonus,
            self.roem_of,
            self.hands[:],
            self.leader,
            self.trick[:],
            self.tricks_played,
            self.points[:],
            self.roem[:],
            self.tricks_won[:],
            self.factor,
            self.must_make,
        )

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) & 3

    @property
    def over(self) -> bool:
        return self.tricks_played == 8


def winning_index(trick: list[int], trump: int) -> int:
    """Which card of the trick wins it now: the highest trump, else the highest of the led suit."""
    strength = STRENGTH[trump]
    led = trick[0] // 13
    best = 0
    best_strength = strength[trick[0]]
    for i in range(1, len(trick)):
        card = trick[i]
        suit = card // 13
        if suit in (led, trump) and strength[card] > best_strength:
            best, best_strength = i, strength[card]
    return best


def legal_mask(hand: int, trick: list[int], leader: int, trump: int, amsterdams: bool) -> int:
    """The cards a hand may play to ``trick`` (RULES.md §6.5)."""
    if not trick:
        return hand
    strength = STRENGTH[trump]
    led = trick[0] // 13
    hi = max((strength[c] for c in trick if c // 13 == trump), default=-1)
    above = ABOVE[trump][hi + 1]
    follow = hand & SUIT_MASKS[led]
    if led == trump:
        return (follow & above) or follow if follow else hand
    if follow:
        return follow
    trumps = hand & SUIT_MASKS[trump]
    if not amsterdams:
        return (trumps & above) or trumps if trumps else hand
    seat = (leader + len(trick)) & 3
    win = winning_index(trick, trump)
    if (leader + win) & 3 == seat ^ 2:
        if trick[win] // 13 == trump:
            return ((hand & ~SUIT_MASKS[trump]) | (trumps & above)) or hand
        return hand
    if not trumps:
        return hand
    if hi < 0:
        return trumps
    return (trumps & above) or (hand & ~SUIT_MASKS[trump]) or hand


def play_card(p: Play, card: int) -> None:
    """The seat to play plays ``card`` (assumed legal); a full trick is scored."""
    seat = p.turn
    p.hands[seat] &= ~(1 << card)
    p.trick.append(card)
    if len(p.trick) < 4:
        return
    trick = p.trick
    points = POINTS[p.trump]
    total = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
    winner = (p.leader + winning_index(trick, p.trump)) & 3
    team = winner & 1
    p.tricks_played += 1
    if p.tricks_played == 8:
        total += LAST_TRICK_BONUS
    p.points[team] += total
    p.tricks_won[team] += 1
    p.roem[team] += p.roem_of(
        p.trump, (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
    )
    p.trick = []
    p.leader = winner


def final_scores(p: Play) -> tuple[int, int]:
    """What a finished deal adds to each team's total (RULES.md §6.7)."""
    playing = p.declarer_team
    defending = 1 - playing
    score = [0, 0]
    if p.must_make >= 0:
        return _kraken_scores(p)
    if p.tricks_won[playing] == 8:
        score[playing] = p.points[playing] + p.roem[playing] + p.pit_bonus
    elif p.points[playing] + p.roem[playing] > p.points[defending] + p.roem[defending]:
        score = [p.points[0] + p.roem[0], p.points[1] + p.roem[1]]
    else:
        score[defending] = DEAL_POINTS + p.roem[0] + p.roem[1]
    return score[0], score[1]


def _kraken_scores(p: Play) -> tuple[int, int]:
    """Kraken: the team that must make it takes more than half of the card points or is
    nat; card points count ``factor`` times, roem once; pit adds its bonus."""
    must = p.must_make
    if 2 * p.points[must] > DEAL_POINTS:
        score = [p.points[0] * p.factor + p.roem[0], p.points[1] * p.factor + p.roem[1]]
    else:
        score = [0, 0]
        score[1 - must] = DEAL_POINTS * p.factor + p.roem[0] + p.roem[1]
    if p.tricks_won[p.declarer_team] == 8:
        score[p.declarer_team] += p.pit_bonus
    return score[0], score[1]


def margin(p: Play, team: int) -> int:
    """The finished deal's score of ``team`` minus the other team's."""
    s0, s1 = final_scores(p)
    return s0 - s1 if team == 0 else s1 - s0


def solve(p: Play, alpha: int = -10_000, beta: int = 10_000) -> int:
    """Team 0's margin (:func:`margin`) under best play by both teams; ``p`` is unchanged."""
    if p.over:
        return margin(p, 0)
    seat = p.turn
    maximise = seat & 1 == 0
    hand = p.hands[seat]
    strength = STRENGTH[p.trump]
    moves = sorted(
        cards_in(legal_mask(hand, p.trick, p.leader, p.trump, p.amsterdams)),
        key=lambda c: -strength[c],
    )
    saved = (p.leader, p.trick, p.tricks_played, p.points[:], p.roem[:], p.tricks_won[:])
    best = -10_000 if maximise else 10_000
    for card in moves:
        play_card(p, card)
        value = solve(p, alpha, beta)
        p.hands[seat] = hand
        p.leader, trick, p.tricks_played = saved[0], saved[1], saved[2]
        p.trick = trick[:]
        p.points, p.roem, p.tricks_won = saved[3][:], saved[4][:], saved[5][:]
        if maximise:
            if value > best:
                best = value
            alpha = max(alpha, value)
        else:
            if value < best:
                best = value
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


# Rule-based card play ------------------------------------------------------------


def choose_card(p: Play, seat: int, hand: int, gone: int) -> int:
    """The ``basis`` card for ``seat`` with ``hand``, knowing only the cards ``gone``
    (played in earlier tricks and in this one): what a sound club player does.

    Leading: the declaring side pulls trumps with the highest trump left; otherwise
    an ace or other boss card of a side suit; otherwise a low card. Following: when
    the partner wins the trick safely, give points ("opgooien"); when an opponent
    wins, beat them cheaply if possible, else give the fewest points and no roem.
    """
    trump = p.trump
    strength = STRENGTH[trump]
    points = POINTS[trump]
    legal = legal_mask(hand, p.trick, p.leader, trump, p.amsterdams)
    cards = cards_in(legal)
    if len(cards) == 1:
        return cards[0]
    unseen = PIKET_MASK & ~(gone | hand)
    if not p.trick:
        return _lead(p, seat, hand, cards, unseen)
    trick = p.trick
    win = winning_index(trick, trump)
    win_card = trick[win]
    partner_wins = (p.leader + win) & 3 == seat ^ 2
    last = len(trick) == 3
    trick_mask = 0
    for c in trick:
        trick_mask |= 1 << c
    if partner_wins and (last or _is_boss(win_card, trump, unseen, trick)):
        return max(
            cards, key=lambda c: (p.roem_of(trump, trick_mask | 1 << c), points[c], -strength[c])
        )
    beaters = [c for c in cards if _beats(c, win_card, trick[0] // 13, trump)]
    if beaters and not partner_wins:
        if last:
            return min(
                beaters,
                key=lambda c: (
                    -p.roem_of(trump, trick_mask | 1 << c),
                    strength[c] >= TRUMP_BASE,
                    strength[c],
                    -points[c],
                ),
            )
        bosses = [c for c in beaters if _is_boss(c, trump, unseen, trick)]
        if bosses:
            return min(bosses, key=lambda c: (strength[c] >= TRUMP_BASE, -points[c], strength[c]))
        return min(beaters, key=lambda c: (strength[c] >= TRUMP_BASE, strength[c]))
    return min(
        cards,
        key=lambda c: (
            p.roem_of(trump, trick_mask | 1 << c),
            points[c],
            strength[c] >= TRUMP_BASE,
            strength[c],
        ),
    )


def _beats(card: int, best: int, led: int, trump: int) -> bool:
    strength = STRENGTH[trump]
    suit = card // 13
    return suit in (led, trump) and strength[card] > strength[best]


def _is_boss(card: int, trump: int, unseen: int, trick: list[int]) -> bool:
    """No unseen card of its suit is higher, and a side card faces no trump in the trick.
    (The chance that a later player trumps it is taken, as players do with an ace.)"""
    strength = STRENGTH[trump]
    suit = card // 13
    higher = unseen & SUIT_MASKS[suit]
    if any(strength[c] > strength[card] for c in cards_in(higher)):
        return False
    return suit == trump or not any(c // 13 == trump for c in trick)


def _lead(p: Play, seat: int, hand: int, cards: list[int], unseen: int) -> int:
    trump = p.trump
    strength = STRENGTH[trump]
    points = POINTS[trump]
    trumps = [c for c in cards if c // 13 == trump]
    trumps_out = unseen & SUIT_MASKS[trump]
    if trumps and trumps_out and seat & 1 == p.declarer_team:
        top = max(trumps, key=lambda c: strength[c])
        if _is_boss(top, trump, unseen, []):
            return top
    side = [c for c in cards if c // 13 != trump]
    bosses = [c for c in side if _is_boss(c, trump, unseen, [])]
    if bosses:
        return max(bosses, key=lambda c: (points[c], strength[c]))
    if side:
        return min(side, key=lambda c: (points[c], strength[c]))
    return min(trumps, key=lambda c: strength[c])


def rollout(p: Play) -> None:
    """Play the deal out with :func:`choose_card` for every seat (each knows only its hand)."""
    gone = 0
    for hand in p.hands:
        gone |= hand
    gone = ~gone  # everything not in a hand has been played
    while not p.over:
        seat = p.turn
        card = choose_card(p, seat, p.hands[seat], gone)
        gone |= 1 << card
        play_card(p, card)
