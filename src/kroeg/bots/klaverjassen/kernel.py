# mypy: disable-error-code="no-any-return"
# (numba-compiled code reads numpy arrays, whose items mypy types as Any.)
"""The compiled double-dummy solver of a Klaverjas deal (numba, cached on disk).

:func:`solve` and :func:`card_values` give the same values as the pure-Python
reference :func:`kroeg.bots.klaverjassen.play.solve` (tests/bots/test_kernel.py
checks thousands of positions): team 0's final margin under best play by both
teams, on the deal's real score (made, nat, pit, kraken factors, roem).

Compiled code cannot call the engine's Python functions, so three of them are
transliterated here and each is tested against its original on every input kind:
:func:`_legal` is :meth:`tricks.Rules.legal_plays`, :func:`_roem` is
:meth:`tricks.Rules.roem` and :func:`_margin` is :func:`moves.deal_score` (both in
``kroeg.games.klaverjassen``). Every table (strength, points, runs, stuk, trumps
above) is the engine's own, turned into arrays.

The search is MTD(f): null-window alpha-beta over single cards, repeated until the
bounds it proves meet (from a ``basis`` play-out's value on long endings, bisecting once
both bounds are known), with a transposition table at trick boundaries that stores
bounds and the best card. The key is the set of cards still held (the hands are fixed
within one deal, so it tells who holds what: the table is kept from one solve to the
next while the positions are of one deal, :meth:`Solver._enter`), the leader, whether a
team has taken every trick, and of the tricks taken what the final score depends on: team 0's lead
in points and roem and the roem in all (under kraken: each team's points and roem;
once the deal is surely made or nat: nothing, the values stored less what is taken).
At the start of each trick the final score is bounded from the points and the roem
still to take and the points the leader's top trumps take for sure
(:func:`_margin_bounds`, :func:`_sure_points`); a seat's card equivalent to a stronger one of
its own (:func:`_twin`) is not searched; the last two tricks are played out in plain
loops (:func:`_two_tricks`), not on the search's stack. Moves are tried in the order:
the table's best card, the killers of the depth, the history of cut-offs, what the
card does to the trick.

Speed (docs/performance.md, ``bench/kernel.py``): the exact value of every legal card of
a whole deal's first lead takes some 130-210 ms median (CPU time, on a loaded machine),
up to 7 s for the slowest of some hundreds of deals: the issue's 10 ms and 100 ms are
far off. Tried and dropped: other MTD(f) drivers (a first test at the made/nat line, a
first step of 4, a play-out's value as each card's first guess), table entries inside
a trick, enhanced transposition cut-offs, the trick's last card limited to the best of
neighbouring cards by points, side suits' top cards as sure points once the other hands
hold no trump, a history of cut-offs kept from deal to deal. Not done: partition search.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kroeg.cards import PIKET_DECK, SUIT_MASKS
from kroeg.games.klaverjassen.tables import (
    ABOVE,
    DEAL_POINTS,
    LAST_TRICK_BONUS,
    NOT_SUIT,
    POINTS,
    RUN_ROEM,
    STRENGTH,
    STUK,
    TRUMP_BASE,
)
from kroeg.games.klaverjassen.tricks import TRICK_STRENGTH, Rules

from .play import Play, margin, play_card, rollout

_STRENGTH = np.array(STRENGTH, dtype=np.int64)
_POINTS = np.array(POINTS, dtype=np.int64)
_TRICK_STRENGTH = np.array(TRICK_STRENGTH, dtype=np.int64)
_ABOVE = np.array(ABOVE, dtype=np.int64)
_SUIT_MASKS = np.array(SUIT_MASKS, dtype=np.int64)
_NOT_SUIT = np.array(NOT_SUIT, dtype=np.int64)
_RUN_ROEM = np.array(RUN_ROEM, dtype=np.int64)
_STUK = np.array(STUK, dtype=np.int64)


def _next_equal() -> list[list[int]]:
    """Per trump and card, the next stronger card of its suit when it has the same card
    points (-1 when there is none, or its points differ): the candidates for an
    equivalent card. Plain suits: 7 → 8 → 9 (0 points); trump: 7 → 8. The other ranks
    all differ in points (RULES.md §6.1), so they are never equivalent."""
    table = [[-1] * 52 for _ in range(4)]
    for trump in range(4):
        for card in PIKET_DECK:
            stronger = [
                c for c in PIKET_DECK
                if c // 13 == card // 13 and STRENGTH[trump][c] == STRENGTH[trump][card] + 1
            ]  # fmt: skip
            if stronger and POINTS[trump][stronger[0]] == POINTS[trump][card]:
                table[trump][card] = stronger[0]
    return table


_NEXT_EQUAL = np.array(_next_equal(), dtype=np.int64)


def _trump_order(trump: int) -> list[int]:
    """The eight cards of ``trump`` from the strongest down."""
    return sorted((c for c in PIKET_DECK if c // 13 == trump), key=lambda c: -STRENGTH[trump][c])


_TRUMP_ORDER = np.array([_trump_order(t) for t in range(4)], dtype=np.int64)
"""Per trump, its eight cards from the strongest down."""
_LOWEST = np.array([(bits & -bits).bit_length() - 1 for bits in range(256)], dtype=np.int64)
"""The lowest set bit of each byte: a suit's piket cards are 8 bits of a hand."""
_POPCOUNT = np.array([bin(bits).count("1") for bits in range(1 << 13)], dtype=np.int64)
_RANK_MASK = np.array([sum(1 << (s * 13 + r) for s in range(4)) for r in range(13)], dtype=np.int64)
"""The four cards of each rank: a four of a kind."""

TT_BITS = 20
_TT_SIZE = 1 << TT_BITS
_INF = 1 << 20

_TT_A, _TT_B, _TT_BOUNDS, _TT_GEN = range(4)
"""The fields of a table entry: the key's two words, the lower and the upper bound (each
less the position's _OFFSET, plus _BIAS, in 32 bits) and the generation with the best
card (+1, in 8 bits). One entry is 32 bytes, so a probe reads one cache line, where one
array per field read six."""
_BIAS = 1 << 30


def _table() -> np.ndarray:
    """An empty table, its rows aligned to 32 bytes (no row across two cache lines)."""
    raw = np.zeros(_TT_SIZE * 4 + 4, dtype=np.int64)
    skip = (-raw.ctypes.data % 32) // 8
    return raw[skip : skip + _TT_SIZE * 4].reshape(_TT_SIZE, 4)


_ANY, _MADE, _NAT = range(3)
"""Whether a position's deal is still open, surely made, or surely nat."""

# Indices into the config array handed to the search.
_TRUMP, _DECLARER, _PIT, _FACTOR, _MUST, _AMSTERDAMS, _REDUCE = range(7)


@njit(cache=True, inline="always")
def _legal(hand: int, trump: int, led: int, win_seat: int, win_strength: int, seat: int,
           amsterdams: int) -> int:  # fmt: skip
    if led < 0:
        return hand
    follow = hand & _SUIT_MASKS[led]
    if led == trump:
        if follow:
            above = follow & _ABOVE[trump, win_strength]
            return above if above else follow
        return hand
    if follow:
        return follow
    trumps = hand & _SUIT_MASKS[trump]
    if not trumps:
        return hand
    above = _ABOVE[trump, win_strength]
    if not amsterdams:
        over = trumps & above
        return over if over else trumps
    trumped = win_strength >= TRUMP_BASE
    if win_seat == seat ^ 2:
        if trumped:
            free = (hand & _NOT_SUIT[trump]) | (trumps & above)
            return free if free else hand
        return hand
    if not trumped:
        return trumps
    over = trumps & above
    if over:
        return over
    side = hand & _NOT_SUIT[trump]
    return side if side else hand


@njit(cache=True, inline="always")
def _roem(trump: int, mask: int, four_kind: np.ndarray) -> int:
    full = (1 << 13) - 1
    clubs = mask & full
    diamonds = (mask >> 13) & full
    hearts = (mask >> 26) & full
    spades = mask >> 39
    value = _RUN_ROEM[clubs] + _RUN_ROEM[diamonds] + _RUN_ROEM[hearts] + _RUN_ROEM[spades]
    if clubs and clubs == diamonds and diamonds == hearts and hearts == spades:
        rank = 0
        while (clubs >> (rank + 1)) != 0:
            rank += 1
        value += four_kind[rank]
    stuk = _STUK[trump]
    if mask & stuk == stuk:
        value += 20
    return value


@njit(cache=True, inline="always")
def _roem_dead(card: int, others: int, trump: int, four_kind: np.ndarray) -> bool:
    """No trick to come can make roem with ``card``: ``others`` (the cards of the other
    hands and of the running trick) hold no run of three through it in natural rank
    order, not the other three of its rank (when that four of a kind scores), and not
    its stuk partner. Then the card's roem is what the trick's other cards make alone."""
    suit = card // 13
    rank = card - 13 * suit
    bits = ((others >> (13 * suit)) & 0x1FFF) | (1 << rank)
    run3 = bits & (bits >> 1) & (bits >> 2)
    if (run3 >> (rank - 2)) & 7:
        return False
    kind = _RANK_MASK[rank] & ~(1 << card)
    if four_kind[rank] > 0 and others & kind == kind:
        return False
    stuk = _STUK[trump]
    return not ((stuk >> card) & 1 and others & stuk & ~(1 << card))


@njit(cache=True, inline="always")
def _twin(card: int, legal: int, others: int, trump: int, four_kind: np.ndarray) -> int:
    """A stronger card the same seat may play that is equivalent to ``card`` (else -1):
    no other hand (nor the running trick) holds a card between them, their points are
    equal, and neither can make roem. Swapping the two then changes no trick's winner,
    points or roem, now or later (``others`` only shrinks), so both have the same value."""
    twin = _NEXT_EQUAL[trump, card]
    while twin >= 0:
        if (legal >> twin) & 1:
            if _roem_dead(card, others, trump, four_kind) and _roem_dead(
                twin, others, trump, four_kind
            ):
                return twin
            return -1
        if (others >> twin) & 1:
            return -1
        twin = _NEXT_EQUAL[trump, twin]  # played already: look past it
    return -1


@njit(cache=True, inline="always")
def _shift(bound: int, offset: int) -> int:
    """A bound moved by ``offset``; an absent bound (±infinity) stays absent."""
    return bound if bound <= -_INF or bound >= _INF else bound + offset


@njit(cache=True, inline="always")
def _low_card(mask: int) -> int:
    """The card of a one-card mask."""
    card = 0
    while not (mask >> card) & 1:
        card += 1
    return card


@njit(cache=True, inline="always")
def _apart(f: np.ndarray, cards: int) -> bool:
    """No hand holds two of ``cards``: they can fall in one trick."""
    for seat in range(4):
        mine = f[seat] & cards
        if mine & (mine - 1):
            return False
    return True


@njit(cache=True, inline="always")
def _roem_bound(f: np.ndarray, trump: int, tricks_left: int, four_kind: np.ndarray) -> int:
    """At least the roem the cards still in the hands can make: a run of three or four in
    a trick (50 at most; at most one suit's run per trick, and one per three cards of a
    suit that holds three in a row in three hands), the stuk in two hands, and each four
    of a kind that scores in four hands."""
    held = f[0] | f[1] | f[2] | f[3]
    runs = 0
    for suit in range(4):
        bits = (held >> (13 * suit)) & 0x1FFF
        starts = bits & (bits >> 1) & (bits >> 2)
        for rank in range(5, 11):
            if (starts >> rank) & 1 and _apart(f, 7 << (13 * suit + rank)):
                runs += _POPCOUNT[bits] // 3
                break
    bound = 50 * min(runs, tricks_left)
    stuk = _STUK[trump]
    if held & stuk == stuk and _apart(f, stuk):
        bound += 20
    for rank in range(5, 13):
        kind = _RANK_MASK[rank]
        if four_kind[rank] > 0 and held & kind == kind and _apart(f, kind):
            bound += four_kind[rank]
    return bound


@njit(cache=True, inline="always")
def _sure_points(f: np.ndarray, trump: int) -> int:
    """Card points the leader's team can take for sure at the start of a trick: the
    leader's trumps that are the highest still held, from the top down (led, a top
    trump wins its trick whatever the others hold, and the leader leads again)."""
    held = f[0] | f[1] | f[2] | f[3]
    mine = f[f[_LEADER]]
    sure = 0
    for i in range(8):
        card = _TRUMP_ORDER[trump, i]
        if (held >> card) & 1:
            if not (mine >> card) & 1:
                break
            sure += _POINTS[trump, card]
    return sure


@njit(cache=True, inline="always")
def _margin_bounds(f: np.ndarray, cfg: np.ndarray, four_kind: np.ndarray, out: np.ndarray) -> None:
    """``out[1]`` ≤ team 0's final margin ≤ ``out[2]`` at the start of a trick, whatever
    the rest of the play (moves.deal_score's cases, each at its extremes): the declaring
    team's lead X = (its points + roem) − (the other's) ends within the points and roem
    still to take of where it is, the roem in all within what is still to make.

    ``out[3]``: whether the outcome is settled already. When the deal is surely made
    (and no pit: the other team has a trick) the margin is X, when surely nat it is
    −(162 + all roem): in both it is ``out[4]`` (from what is taken so far) plus what the
    remaining cards make, the same for every way the position was reached; so the
    transposition table keys such positions by the cards alone, values less ``out[4]``."""
    declarer = cfg[_DECLARER]
    roem_left = _roem_bound(f, cfg[_TRUMP], 8 - f[_PLAYED], four_kind)
    points_left = DEAL_POINTS - f[_P0] - f[_P1]
    lead = f[_P0] + f[_R0] - f[_P1] - f[_R1]
    won_other = f[_W1] if declarer == 0 else f[_W0]
    if declarer == 1:
        lead = -lead
    roem = f[_R0] + f[_R1]
    lead_hi = lead + points_left + roem_left
    lead_lo = lead - points_left - roem_left
    sure = _sure_points(f, cfg[_TRUMP])
    sure_declarer = sure if f[_LEADER] & 1 == declarer else 0
    sure_other = sure - sure_declarer
    # The declaring team's best case: over the lines in which the other team takes at
    # least its sure points (it can always take them); its worst case: over the lines
    # in which it takes its own sure points.
    best_lead = lead_hi - 2 * sure_other
    worst_lead = lead_lo + 2 * sure_declarer
    hi = -_INF
    if best_lead > 0:  # made
        hi = best_lead
    if lead_lo <= 0:  # nat
        hi = max(hi, -(DEAL_POINTS + roem))
    if won_other == 0 and sure_other == 0:  # pit: every card and all roem
        hi = max(hi, DEAL_POINTS + roem + roem_left + cfg[_PIT])
    lo = _INF
    if lead_hi > 0:  # made
        lo = max(worst_lead, 1)
    if worst_lead <= 0:  # nat
        lo = min(lo, -(DEAL_POINTS + roem + roem_left))
    if won_other == 0:  # pit
        lo = min(lo, DEAL_POINTS + roem + cfg[_PIT])
    sign = 1 if declarer == 0 else -1
    out[1] = lo if declarer == 0 else -hi
    out[2] = hi if declarer == 0 else -lo
    out[3] = _ANY
    out[4] = 0
    if lead_lo > 0 and won_other > 0:
        out[3] = _MADE
        out[4] = sign * lead
    elif lead_hi <= 0:
        out[3] = _NAT
        out[4] = -sign * (DEAL_POINTS + roem)


@njit(cache=True)
def _margin(cfg: np.ndarray, p0: int, p1: int, r0: int, r1: int, w0: int, w1: int) -> int:
    """Team 0's score minus team 1's of a finished deal (moves.deal_score)."""
    playing = cfg[_DECLARER]
    pit_bonus = cfg[_PIT]
    responsible = cfg[_MUST]
    points_playing = p0 if playing == 0 else p1
    won_playing = w0 if playing == 0 else w1
    if responsible >= 0:
        factor = cfg[_FACTOR]
        points_resp = p0 if responsible == 0 else p1
        if 2 * points_resp > DEAL_POINTS:
            s0 = p0 * factor + r0
            s1 = p1 * factor + r1
        elif responsible == 0:
            s0, s1 = 0, DEAL_POINTS * factor + r0 + r1
        else:
            s0, s1 = DEAL_POINTS * factor + r0 + r1, 0
        if won_playing == 8:
            if playing == 0:
                s0 += pit_bonus
            else:
                s1 += pit_bonus
        return s0 - s1
    roem_playing = r0 if playing == 0 else r1
    if won_playing == 8:
        value = points_playing + roem_playing + pit_bonus
        return value if playing == 0 else -value
    if points_playing + roem_playing > (p1 + r1 if playing == 0 else p0 + r0):
        return p0 + r0 - p1 - r1
    value = DEAL_POINTS + r0 + r1
    return -value if playing == 0 else value


# Fields of a search frame: one row per depth of the explicit stack.
_LEADER, _C0, _C1, _C2, _N, _LED, _WS, _WST, _PLAYED = range(4, 13)  # 0-3: the hands
_P0, _P1, _R0, _R1, _W0, _W1 = range(13, 19)
_ALPHA, _BETA, _ALPHA0, _BETA0, _BEST, _BEST_CARD, _SLOT, _KA, _KB, _IDX, _COUNT, _SEAT = range(
    19, 31
)
_OFFSET = 31
_FIELDS = 32
_STATE = 19
"""The first fields are the position itself: what a child frame copies and changes."""
_DEPTH = 34


@njit(cache=True, inline="always")
def _expand(
    f: np.ndarray, row_m: np.ndarray, row_k: np.ndarray, cfg: np.ndarray,
    tt: np.ndarray, gen: int, out: np.ndarray, four_kind: np.ndarray,
    killer: int, killer2: int, history: np.ndarray,
) -> bool:  # fmt: skip
    """Enter frame ``f``: True with its value in ``out[0]`` when it is known at once (the
    deal is over, or the table's bounds decide), else its moves ordered in ``row_m``:
    the table's best card, then this depth's two killers (the last cards that cut off
    here), then by ``history`` (how often, weighted by the tricks left, a card cut
    off at the same place in a trick: led, second, third, fourth), then by what the card
    does to the trick."""
    if f[_PLAYED] == 8:
        out[0] = _margin(cfg, f[_P0], f[_P1], f[_R0], f[_R1], f[_W0], f[_W1])
        return True
    trump = cfg[_TRUMP]
    if f[_PLAYED] == 7 and f[_N] == 0:
        out[0] = _last_trick(f, cfg, four_kind)
        return True
    alpha = f[_ALPHA]
    beta = f[_BETA]
    f[_ALPHA0] = alpha
    f[_BETA0] = beta
    slot = -1
    hint = -1
    out[3] = _ANY
    out[4] = 0
    if f[_N] == 0 and cfg[_MUST] < 0:
        _margin_bounds(f, cfg, four_kind, out)
        if out[1] >= beta:
            out[0] = out[1]
            return True
        if out[2] <= alpha:
            out[0] = out[2]
            return True
        if out[1] > alpha:
            alpha = out[1]
        if out[2] < beta:
            beta = out[2]
    if f[_N] == 0:
        played = f[_PLAYED]
        settled = out[3]
        offset = out[4]
        key_a = (f[0] | f[1] | f[2] | f[3]) | (f[_LEADER] << 52)
        if settled == _ANY:
            pit0 = 1 if f[_W0] == played else 0
            pit1 = 1 if f[_W1] == played else 0
            key_a |= (pit0 << 54) | (pit1 << 55)
            if cfg[_MUST] < 0:  # the score depends on the lead and the roem in all
                lead = f[_P0] + f[_R0] - f[_P1] - f[_R1]
                key_b = (lead + 4096) | ((f[_R0] + f[_R1]) << 16)
            else:  # kraken: on the points of the team that must make
                key_b = f[_P0] | (f[_R0] << 16) | (f[_R1] << 36)
        else:
            key_b = settled << 60
        mixed = (key_a * 0x1E3779B97F4A7C15) ^ (key_b * 0x42B2AE3D27D4EB4F)
        slot = (mixed >> 20) & (_TT_SIZE - 1)
        f[_KA] = key_a
        f[_KB] = key_b
        f[_OFFSET] = offset
        entry = tt[slot]
        if entry[_TT_GEN] >> 8 == gen and entry[_TT_A] == key_a and entry[_TT_B] == key_b:
            bounds = entry[_TT_BOUNDS]
            lo = _shift((bounds >> 32) - _BIAS, offset)
            hi = _shift((bounds & 0xFFFFFFFF) - _BIAS, offset)
            hint = (entry[_TT_GEN] & 255) - 1
            if lo == hi:
                out[0] = lo
                return True
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            if alpha >= beta:
                out[0] = lo if lo >= f[_BETA0] else hi
                return True
    f[_ALPHA] = alpha
    f[_BETA] = beta
    f[_SLOT] = slot
    if f[_PLAYED] == 6 and f[_N] == 0:
        out[0] = _two_tricks(f, cfg, four_kind, alpha, beta)
        f[_BEST_CARD] = -1
        _store(f, out[0], tt, gen)
        return True
    n = f[_N]
    seat = (f[_LEADER] + n) & 3
    f[_SEAT] = seat
    win_seat = f[_WS]
    win_strength = f[_WST]
    led = f[_LED]
    legal = _legal(f[seat], trump, led, win_seat, win_strength, seat, cfg[_AMSTERDAMS])
    f[_BEST] = -_INF if seat & 1 == 0 else _INF
    f[_BEST_CARD] = -1
    mine = n > 0 and (win_seat & 1) == (seat & 1)
    reduce = cfg[_REDUCE] != 0
    others = 0
    if reduce:
        others = (f[0] | f[1] | f[2] | f[3]) & ~f[seat]
        if n > 0:
            others |= 1 << f[_C0]
        if n > 1:
            others |= 1 << f[_C1]
        if n > 2:
            others |= 1 << f[_C2]
    count = 0
    for suit in range(4):
        bits = (legal >> (13 * suit + 5)) & 255
        while bits:
            card = 13 * suit + 5 + _LOWEST[bits]
            bits &= bits - 1
            if reduce and _twin(card, legal, others, trump, four_kind) >= 0:
                continue
            strength = _STRENGTH[trump, card]
            special = 0
            if card == hint:
                special = 3
            elif card == killer:
                special = 2
            elif card == killer2:
                special = 1
            if n == 0:
                key = strength
            elif mine:  # the partner wins: points, and no trump wasted
                key = _POINTS[trump, card] - (40 if strength >= TRUMP_BASE else 0)
            elif _TRICK_STRENGTH[trump, led, card] > win_strength:  # beat it cheaply
                key = 1000 - strength
            else:
                key = -_POINTS[trump, card]
            key = 32 * key + strength + (1 << 16)  # ties: the stronger card first (< 2^24)
            key |= (special << 56) | (min(history[52 * n + card], (1 << 30) - 1) << 24)
            j = count
            while j > 0 and row_k[j - 1] < key:
                row_k[j] = row_k[j - 1]
                row_m[j] = row_m[j - 1]
                j -= 1
            row_k[j] = key
            row_m[j] = card
            count += 1
    f[_COUNT] = count
    f[_IDX] = 0
    return False


@njit(cache=True)
def _last_trick(f: np.ndarray, cfg: np.ndarray, four_kind: np.ndarray) -> int:
    """The final margin from the start of the last trick: every hand has one card left."""
    return _last_of(
        cfg, four_kind, f[_LEADER], _low_card(f[0]), _low_card(f[1]), _low_card(f[2]),
        _low_card(f[3]), f[_P0], f[_P1], f[_R0], f[_R1], f[_W0], f[_W1],
    )  # fmt: skip


@njit(cache=True, inline="always")
def _last_of(
    cfg: np.ndarray, four_kind: np.ndarray, leader: int, c0: int, c1: int, c2: int, c3: int,
    p0: int, p1: int, r0: int, r1: int, w0: int, w1: int,
) -> int:  # fmt: skip
    """The final margin after the last trick, led by ``leader``, seat ``i`` playing ``ci``,
    from the score of the seven tricks before it."""
    trump = cfg[_TRUMP]
    first = c0 if leader == 0 else c1 if leader == 1 else c2 if leader == 2 else c3
    led = first // 13
    win_seat = leader
    win_strength = _TRICK_STRENGTH[trump, led, first]
    for seat in range(4):
        card = c0 if seat == 0 else c1 if seat == 1 else c2 if seat == 2 else c3
        strength = _TRICK_STRENGTH[trump, led, card]
        if strength > win_strength:
            win_seat = seat
            win_strength = strength
    pts = (_POINTS[trump, c0] + _POINTS[trump, c1] + _POINTS[trump, c2] + _POINTS[trump, c3]
           + LAST_TRICK_BONUS)  # fmt: skip
    roem = _roem(trump, (1 << c0) | (1 << c1) | (1 << c2) | (1 << c3), four_kind)
    if win_seat & 1 == 0:
        return _margin(cfg, p0 + pts, p1, r0 + roem, r1, w0 + 1, w1)
    return _margin(cfg, p0, p1 + pts, r0, r1 + roem, w0, w1 + 1)


@njit(cache=True, inline="always")
def _minimax(seat: int, best: int, alpha: int, beta: int, value: int) -> tuple[int, int, int]:
    """A line's value taken in at ``seat``: team 0 (even seats) maximises, team 1
    minimises; the best so far and the window, narrowed by it."""
    if seat & 1 == 0:
        best = max(best, value)
        return best, max(alpha, best), beta
    best = min(best, value)
    return best, alpha, min(beta, best)


@njit(cache=True)
def _two_tricks(f: np.ndarray, cfg: np.ndarray, four_kind: np.ndarray, alpha: int,
                beta: int) -> int:  # fmt: skip
    """Alpha-beta (fail-soft) from the start of the second-last trick (two cards a hand):
    the trick's lines of play in plain loops (at most 16), each followed by the last
    trick, which is forced. Most of a search's positions lie this deep, and the loops
    cost less than the search's frames there."""
    trump = cfg[_TRUMP]
    amsterdams = cfg[_AMSTERDAMS]
    s0 = f[_LEADER]
    s1 = (s0 + 1) & 3
    s2 = (s0 + 2) & 3
    s3 = (s0 + 3) & 3
    a0, b0 = alpha, beta
    best0 = -_INF if s0 & 1 == 0 else _INF
    bits0 = f[s0]
    while bits0 and a0 < b0:
        x0 = _low_card(bits0)
        bits0 &= bits0 - 1
        led = x0 // 13
        ws0 = s0
        wst0 = _TRICK_STRENGTH[trump, led, x0]
        a1, b1 = a0, b0
        best1 = -_INF if s1 & 1 == 0 else _INF
        bits1 = _legal(f[s1], trump, led, ws0, wst0, s1, amsterdams)
        while bits1 and a1 < b1:
            x1 = _low_card(bits1)
            bits1 &= bits1 - 1
            ws1, wst1 = ws0, wst0
            if _TRICK_STRENGTH[trump, led, x1] > wst1:
                ws1, wst1 = s1, _TRICK_STRENGTH[trump, led, x1]
            a2, b2 = a1, b1
            best2 = -_INF if s2 & 1 == 0 else _INF
            bits2 = _legal(f[s2], trump, led, ws1, wst1, s2, amsterdams)
            while bits2 and a2 < b2:
                x2 = _low_card(bits2)
                bits2 &= bits2 - 1
                ws2, wst2 = ws1, wst1
                if _TRICK_STRENGTH[trump, led, x2] > wst2:
                    ws2, wst2 = s2, _TRICK_STRENGTH[trump, led, x2]
                a3, b3 = a2, b2
                best3 = -_INF if s3 & 1 == 0 else _INF
                bits3 = _legal(f[s3], trump, led, ws2, wst2, s3, amsterdams)
                while bits3 and a3 < b3:
                    x3 = _low_card(bits3)
                    bits3 &= bits3 - 1
                    winner = s3 if _TRICK_STRENGTH[trump, led, x3] > wst2 else ws2
                    value = _after_trick(f, cfg, four_kind, winner, x0, x1, x2, x3)
                    best3, a3, b3 = _minimax(s3, best3, a3, b3, value)
                best2, a2, b2 = _minimax(s2, best2, a2, b2, best3)
            best1, a1, b1 = _minimax(s1, best1, a1, b1, best2)
        best0, a0, b0 = _minimax(s0, best0, a0, b0, best1)
    return best0


@njit(cache=True, inline="always")
def _after_trick(
    f: np.ndarray, cfg: np.ndarray, four_kind: np.ndarray, winner: int,
    x0: int, x1: int, x2: int, x3: int,
) -> int:  # fmt: skip
    """The final margin when the second-last trick is ``x0``-``x3`` (any seats) and
    ``winner`` takes it: the last trick is each hand's other card."""
    trump = cfg[_TRUMP]
    mask = (1 << x0) | (1 << x1) | (1 << x2) | (1 << x3)
    pts = _POINTS[trump, x0] + _POINTS[trump, x1] + _POINTS[trump, x2] + _POINTS[trump, x3]
    roem = _roem(trump, mask, four_kind)
    p0, p1, r0, r1, w0, w1 = f[_P0], f[_P1], f[_R0], f[_R1], f[_W0], f[_W1]
    if winner & 1 == 0:
        p0, r0, w0 = p0 + pts, r0 + roem, w0 + 1
    else:
        p1, r1, w1 = p1 + pts, r1 + roem, w1 + 1
    return _last_of(
        cfg, four_kind, winner, _low_card(f[0] & ~mask), _low_card(f[1] & ~mask),
        _low_card(f[2] & ~mask), _low_card(f[3] & ~mask), p0, p1, r0, r1, w0, w1,
    )  # fmt: skip


@njit(cache=True, inline="always")
def _child(f: np.ndarray, c: np.ndarray, card: int, cfg: np.ndarray, four_kind: np.ndarray) -> None:
    """Frame ``c``: the position of ``f`` after its seat to play plays ``card``."""
    trump = cfg[_TRUMP]
    for i in range(_STATE):
        c[i] = f[i]
    seat = f[_SEAT]
    c[seat] = f[seat] & ~(1 << card)
    n = f[_N]
    c[_ALPHA] = f[_ALPHA]
    c[_BETA] = f[_BETA]
    if n == 0:
        c[_C0] = card
        c[_N] = 1
        led = card // 13
        c[_LED] = led
        c[_WS] = seat
        c[_WST] = _TRICK_STRENGTH[trump, led, card]
        return
    strength = _TRICK_STRENGTH[trump, f[_LED], card]
    if strength > f[_WST]:
        c[_WS] = seat
        c[_WST] = strength
    if n < 3:
        if n == 1:
            c[_C1] = card
        else:
            c[_C2] = card
        c[_N] = n + 1
        return
    a, b, e = f[_C0], f[_C1], f[_C2]
    pts = _POINTS[trump, a] + _POINTS[trump, b] + _POINTS[trump, e] + _POINTS[trump, card]
    played = f[_PLAYED]
    if played == 7:
        pts += LAST_TRICK_BONUS
    roem = _roem(trump, (1 << a) | (1 << b) | (1 << e) | (1 << card), four_kind)
    winner = c[_WS]
    if winner & 1 == 0:
        c[_P0] += pts
        c[_R0] += roem
        c[_W0] += 1
    else:
        c[_P1] += pts
        c[_R1] += roem
        c[_W1] += 1
    c[_PLAYED] = played + 1
    c[_LEADER] = winner
    c[_N] = 0
    c[_LED] = -1
    c[_WS] = -1
    c[_WST] = -1


@njit(cache=True, inline="always")
def _store(
    f: np.ndarray, best: int, tt: np.ndarray, gen: int,
) -> None:  # fmt: skip
    """Keep in the table what ``best``, the fail-soft value of frame ``f`` searched in its
    window _ALPHA0.._BETA0, proves: an upper bound, a lower bound or the value."""
    slot = f[_SLOT]
    if slot < 0:
        return
    lo = -_INF
    hi = _INF
    if best <= f[_ALPHA0]:
        hi = best
    elif best >= f[_BETA0]:
        lo = best
    else:
        lo = best
        hi = best
    key_a = f[_KA]
    key_b = f[_KB]
    offset = f[_OFFSET]
    lo = _shift(lo, -offset)
    hi = _shift(hi, -offset)
    entry = tt[slot]
    if entry[_TT_GEN] >> 8 == gen and entry[_TT_A] == key_a and entry[_TT_B] == key_b:
        bounds = entry[_TT_BOUNDS]
        lo = max(lo, (bounds >> 32) - _BIAS)
        hi = min(hi, (bounds & 0xFFFFFFFF) - _BIAS)
    entry[_TT_A] = key_a
    entry[_TT_B] = key_b
    entry[_TT_BOUNDS] = ((lo + _BIAS) << 32) | (hi + _BIAS)
    entry[_TT_GEN] = (gen << 8) | (f[_BEST_CARD] + 1)


@njit(cache=True)
def _search(
    frames: np.ndarray, moves: np.ndarray, keys: np.ndarray, cfg: np.ndarray,
    four_kind: np.ndarray, tt: np.ndarray, gen: int, killers: np.ndarray, history: np.ndarray,
) -> int:  # fmt: skip
    """Alpha-beta (fail-soft) from the position in ``frames[0]``, its window in _ALPHA and
    _BETA, on an explicit stack: numba cannot load a recursive function from its cache."""
    out = np.zeros(5, dtype=np.int64)
    d = 0
    entering = True
    returned = False
    ret = 0
    while True:
        f = frames[d]
        if entering:
            entering = False
            if _expand(f, moves[d], keys[d], cfg, tt, gen, out, four_kind, killers[d, 0],
                       killers[d, 1], history):  # fmt: skip
                ret = out[0]
                d -= 1
                if d < 0:
                    return ret
                returned = True
                continue
            returned = False
        cut = False
        if returned:
            card = moves[d, f[_IDX] - 1]
            if f[_SEAT] & 1 == 0:
                if ret > f[_BEST]:
                    f[_BEST] = ret
                    f[_BEST_CARD] = card
                if f[_BEST] > f[_ALPHA]:
                    f[_ALPHA] = f[_BEST]
            else:
                if ret < f[_BEST]:
                    f[_BEST] = ret
                    f[_BEST_CARD] = card
                if f[_BEST] < f[_BETA]:
                    f[_BETA] = f[_BEST]
            cut = f[_ALPHA] >= f[_BETA]
            if cut:
                left = 8 - f[_PLAYED]
                history[52 * f[_N] + card] += left * left
                if killers[d, 0] != card:
                    killers[d, 1] = killers[d, 0]
                    killers[d, 0] = card
            returned = False
        if not cut and f[_IDX] < f[_COUNT]:
            card = moves[d, f[_IDX]]
            f[_IDX] += 1
            _child(f, frames[d + 1], card, cfg, four_kind)
            d += 1
            entering = True
            continue
        best = f[_BEST]
        _store(f, best, tt, gen)
        ret = best
        d -= 1
        if d < 0:
            return ret
        returned = True


@njit(cache=True)
def _mtdf(
    frames: np.ndarray, moves: np.ndarray, keys: np.ndarray, cfg: np.ndarray,
    four_kind: np.ndarray, tt: np.ndarray, gen: int, killers: np.ndarray, history: np.ndarray,
    guess: int,
) -> int:  # fmt: skip
    """The exact value of the position in ``frames[0]`` by null-window searches (MTD(f)):
    each proves a bound, fail-soft, and the next tests past it, by a step that doubles
    while the bounds keep moving the same way (a fail-soft bound is often only a point
    or two beyond the test) and starts again at 1 when a bound lands further past the
    test than a step (the value is likely near it: a nat's value, say); once both bounds
    are proven, halfway between them (the
    doubling overshot both ways: a whole deal of bench/kernel.py took 20 tests, bisection
    12)."""
    lower = -_INF
    upper = _INF
    value = guess
    step = 1
    rising = True
    while lower < upper:
        if lower > -_INF and upper < _INF:
            beta = (lower + upper + 1) // 2
        elif value == lower:
            beta = min(value + step, upper)
        else:
            beta = max(value - step + 1, lower + 1)
        frames[0, _ALPHA] = beta - 1
        frames[0, _BETA] = beta
        value = _search(frames, moves, keys, cfg, four_kind, tt, gen, killers, history)
        up = value >= beta
        past = value - beta if up else beta - 1 - value
        step = step * 2 if up == rising and past <= step else 1
        rising = up
        if up:
            lower = value
        else:
            upper = value
    return value


def _config(p: Play, reduce: bool = True) -> np.ndarray:
    return np.array(
        [p.trump, p.declarer_team, p.pit_bonus, p.factor, p.must_make,
         1 if p.rules.amsterdams else 0, 1 if reduce else 0],
        dtype=np.int64,
    )  # fmt: skip


class Solver:
    """One transposition table and the calls into the compiled search.

    A table is reused from solve to solve, so make one solver per process or thread, not
    per position. A new deal (another deal, or another world of one) starts a new
    generation, which empties it; positions of the deal solved last keep what it learnt
    (an analysis grades every card of a deal in turn, each search mostly on positions
    the search before it met)."""

    def __init__(self, reduce: bool = True) -> None:
        self._reduce = reduce
        """Search one card of each set of equivalent cards (off only to test that it
        changes no value)."""
        self._tt = _table()
        self._frames = np.zeros((_DEPTH, _FIELDS), dtype=np.int64)
        self._moves = np.zeros((_DEPTH, 8), dtype=np.int64)
        self._keys = np.zeros((_DEPTH, 8), dtype=np.int64)
        self._history = np.zeros(4 * 52, dtype=np.int64)
        self._killers = np.full((_DEPTH, 2), -1, dtype=np.int64)
        self._generation = 0
        self._deal_rules: tuple[object, ...] = ()
        self._deal_hands: list[int] = []
        """What the table's entries hold for: the deal's rules and scoring, and its hands
        when the generation began (a later position of the deal holds subsets of them)."""
        self._four_kind: dict[tuple[int, ...], np.ndarray] = {}

    def _kinds(self, rules: Rules) -> np.ndarray:
        table = self._four_kind.get(rules.four_kind)
        if table is None:
            table = self._four_kind[rules.four_kind] = np.array(rules.four_kind, dtype=np.int64)
        return table

    def solve(self, p: Play) -> int:
        """Team 0's margin under best play (the reference's ``solve(p)``); a new
        generation per call: a different deal must not read the last one's entries."""
        if p.over:
            return int(
                _margin(_config(p), p.points[0], p.points[1], p.roem[0], p.roem[1],
                        p.tricks_won[0], p.tricks_won[1])
            )  # fmt: skip
        self._enter(p)
        return self._run(p, _first_guess(p))

    def card_values(self, p: Play, cards: list[int]) -> list[int]:
        """Team 0's margin after the seat to play plays each of ``cards`` (legal), then
        best play: one generation for all, so the cards share what the table learnt; a
        card equivalent to a stronger one among ``cards`` gets that card's value."""
        self._enter(p)
        values: dict[int, int] = {}
        for card in sorted(cards, key=STRENGTH[p.trump].__getitem__, reverse=True):
            twin = self._twin(p, card, cards)
            values[card] = values[twin] if twin >= 0 else self._card_value(p, card, values)
        return [values[card] for card in cards]

    def _enter(self, p: Play) -> None:
        """Keep the table when ``p`` is a later position of the deal it holds: the same
        rules and scoring, each hand a subset of that hand then. The table's key is the
        set of cards still held, which tells who holds what only within one deal; else
        forget the last deal: its table entries, and its killers and history (which
        order the moves only, so they never change a value)."""
        rules = (*_config(p, self._reduce).tolist(), p.rules.four_kind)
        if rules == self._deal_rules and all(
            hand & ~held == 0 for hand, held in zip(p.hands, self._deal_hands, strict=True)
        ):
            return
        self._deal_rules = rules
        self._deal_hands = list(p.hands)
        self._generation += 1
        self._killers.fill(-1)
        self._history.fill(0)

    def _twin(self, p: Play, card: int, cards: list[int]) -> int:
        if not self._reduce:
            return -1
        seat = p.turn
        others = 0
        for other, hand in enumerate(p.hands):
            if other != seat:
                others |= hand
        for played in p.trick:
            others |= 1 << played
        legal = 0
        for c in cards:
            legal |= 1 << c
        return int(_twin_call(card, legal, others, p.trump, self._kinds(p.rules)))

    def _card_value(self, p: Play, card: int, known: dict[int, int]) -> int:
        """The value after ``card``; the search starts from the last value found."""
        q = p.copy()
        play_card(q, card)
        if q.over:
            return int(
                _margin(_config(q), q.points[0], q.points[1], q.roem[0], q.roem[1],
                        q.tricks_won[0], q.tricks_won[1])
            )  # fmt: skip
        guesses = list(known.values())
        return self._run(q, guesses[-1] if guesses else _first_guess(q))

    def _run(self, p: Play, guess: int) -> int:
        """MTD(f): null-window searches from ``guess`` until the lower and the upper
        bound meet; the table keeps the bounds each pass proved."""
        f = self._frames[0]
        f[:4] = p.hands
        trick = [*p.trick, 0, 0, 0]
        f[_LEADER], f[_C0], f[_C1], f[_C2], f[_N] = (
            p.leader,
            trick[0],
            trick[1],
            trick[2],
            len(p.trick),
        )
        f[_LED], f[_WS], f[_WST], f[_PLAYED] = p.led, p.win_seat, p.win_strength, p.tricks_played
        f[_P0], f[_P1], f[_R0], f[_R1] = p.points[0], p.points[1], p.roem[0], p.roem[1]
        f[_W0], f[_W1] = p.tricks_won[0], p.tricks_won[1]
        return int(
            _mtdf(
                self._frames, self._moves, self._keys, _config(p, self._reduce),
                self._kinds(p.rules), self._tt, self._generation, self._killers, self._history,
                guess,
            )
        )  # fmt: skip


GUESS_TRICKS = 6
"""Tricks left from which a search starts from the value of a ``basis`` play-out
(:func:`~.play.rollout`, under a millisecond) rather than from 0: each null-window test
costs about the same near the value, so a first guess tens of points nearer saves
several tests of a whole deal; a shorter ending is solved in less than the play-out."""


def _first_guess(p: Play) -> int:
    if 8 - p.tricks_played < GUESS_TRICKS:
        return 0
    q = p.copy()
    rollout(q)
    return margin(q, 0)


def warm() -> None:
    """Load the compiled code now (from numba's cache, or compile it): a bot worker calls
    this when it starts, so its first decision does not pay the seconds it takes."""
    rules = Rules({"troefplicht": "rotterdams", "four_kind_ranks": "all", "four_jacks_200": False})
    hands = [1 << c for c in (5, 18, 31, 44)]
    Solver().solve(Play(0, 0, rules, 100, hands, 0, [], 7, [0, 0], [0, 0], [0, 0]).at())


def kernel_legal(hand: int, trump: int, led: int, win_seat: int, win_strength: int, seat: int,
                 amsterdams: bool) -> int:  # fmt: skip
    """The compiled legal plays, for the test against :meth:`Rules.legal_plays`."""
    return int(_legal(hand, trump, led, win_seat, win_strength, seat, 1 if amsterdams else 0))


@njit(cache=True)
def _twin_call(card: int, legal: int, others: int, trump: int, four_kind: np.ndarray) -> int:
    return _twin(card, legal, others, trump, four_kind)


@njit(cache=True)
def _roem_call(trump: int, mask: int, four_kind: np.ndarray) -> int:
    return _roem(trump, mask, four_kind)


def kernel_roem(rules: Rules, trump: int, mask: int) -> int:
    """The compiled roem, for the test against :meth:`Rules.roem`."""
    return int(_roem_call(trump, mask, np.array(rules.four_kind, dtype=np.int64)))


def kernel_margin(p: Play) -> int:
    """The compiled final margin of a finished deal, for the test against ``deal_score``."""
    return int(
        _margin(_config(p), p.points[0], p.points[1], p.roem[0],
                p.roem[1], p.tricks_won[0], p.tricks_won[1])
    )  # fmt: skip
