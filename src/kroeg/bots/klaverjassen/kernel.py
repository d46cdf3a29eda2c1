# mypy: disable-error-code="no-any-return"
# (numba-compiled code reads numpy arrays, whose items mypy types as Any.)
"""The compiled double-dummy solver of a Klaverjas deal (numba, cached on disk).

:func:`solve` and :func:`card_values` give the same values as the pure-Python
reference :func:`kroeg.bots.klaverjassen.play.solve` (tests/bots/test_kernel.py
checks thousands of positions): team 0's final margin under best play by both
teams, on the deal's real score (made, nat, pit, kraken factors, roem).

Compiled code cannot call the engine's Python functions, so three of them are
transliterated here and each is tested against its original on every input kind:
:func:`_legal` is :meth:`Rules.legal_plays`, :func:`_roem` is :meth:`Rules.roem`
and :func:`_margin` is :func:`core.deal_score`. Every table (strength, points,
runs, stuk, trumps above) is the engine's own, turned into arrays.

The search is alpha-beta over single cards with a transposition table at trick
boundaries. The key is the set of cards still held (the hands are fixed within one
solve, so it tells who holds what), the leader, the card points and roem taken so far
and whether a team has taken every trick: everything the final score depends on.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from kroeg.cards import PIKET_DECK, SUIT_MASKS
from kroeg.games.klaverjassen.rules import TRICK_STRENGTH, Rules
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

from .play import Play, play_card

_STRENGTH = np.array(STRENGTH, dtype=np.int64)
_POINTS = np.array(POINTS, dtype=np.int64)
_TRICK_STRENGTH = np.array(TRICK_STRENGTH, dtype=np.int64)
_ABOVE = np.array(ABOVE, dtype=np.int64)
_SUIT_MASKS = np.array(SUIT_MASKS, dtype=np.int64)
_NOT_SUIT = np.array(NOT_SUIT, dtype=np.int64)
_RUN_ROEM = np.array(RUN_ROEM, dtype=np.int64)
_STUK = np.array(STUK, dtype=np.int64)
_ORDER = np.array(
    [sorted(PIKET_DECK, key=STRENGTH[t].__getitem__, reverse=True) for t in range(4)],
    dtype=np.int64,
)
"""Per trump, the 32 cards strongest first: the order moves are tried in."""

TT_BITS = 18
_TT_SIZE = 1 << TT_BITS
_INF = 1 << 20

# Indices into the config array handed to the search.
_TRUMP, _DECLARER, _PIT, _FACTOR, _MUST, _AMSTERDAMS = range(6)


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


@njit(cache=True)
def _margin(cfg: np.ndarray, p0: int, p1: int, r0: int, r1: int, w0: int, w1: int) -> int:
    """Team 0's score minus team 1's of a finished deal (core.deal_score)."""
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
_FIELDS = 31
_STATE = 19
"""The first fields are the position itself: what a child frame copies and changes."""
_DEPTH = 34


@njit(cache=True)
def _expand(
    f: np.ndarray, row_m: np.ndarray, row_k: np.ndarray, cfg: np.ndarray,
    tt_a: np.ndarray, tt_b: np.ndarray, tt_lo: np.ndarray, tt_hi: np.ndarray,
    tt_gen: np.ndarray, tt_move: np.ndarray, gen: int, out: np.ndarray,
) -> bool:  # fmt: skip
    """Enter frame ``f``: True with its value in ``out[0]`` when it is known at once (the
    deal is over, or the table's bounds decide), else its moves ordered in ``row_m``."""
    if f[_PLAYED] == 8:
        out[0] = _margin(cfg, f[_P0], f[_P1], f[_R0], f[_R1], f[_W0], f[_W1])
        return True
    trump = cfg[_TRUMP]
    alpha = f[_ALPHA]
    beta = f[_BETA]
    f[_ALPHA0] = alpha
    f[_BETA0] = beta
    slot = -1
    hint = -1
    if f[_N] == 0:
        played = f[_PLAYED]
        pit0 = 1 if f[_W0] == played else 0
        pit1 = 1 if f[_W1] == played else 0
        key_a = (f[0] | f[1] | f[2] | f[3]) | (f[_LEADER] << 52) | (pit0 << 54) | (pit1 << 55)
        key_b = f[_P0] | (f[_R0] << 16) | (f[_R1] << 36)
        mixed = (key_a * 0x1E3779B97F4A7C15) ^ (key_b * 0x42B2AE3D27D4EB4F)
        slot = (mixed >> 20) & (_TT_SIZE - 1)
        f[_KA] = key_a
        f[_KB] = key_b
        if tt_gen[slot] == gen and tt_a[slot] == key_a and tt_b[slot] == key_b:
            lo = tt_lo[slot]
            hi = tt_hi[slot]
            hint = tt_move[slot]
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
    order = _ORDER[trump]
    count = 0
    for i in range(32):
        card = order[i]
        if not (legal >> card) & 1:
            continue
        if card == hint:
            key = 10_000
        elif n == 0:
            key = _STRENGTH[trump, card]
        elif mine:  # the partner wins: points, and no trump wasted
            key = _POINTS[trump, card] - (40 if _STRENGTH[trump, card] >= TRUMP_BASE else 0)
        elif _TRICK_STRENGTH[trump, led, card] > win_strength:  # beat it as cheaply as can be
            key = 1000 - _STRENGTH[trump, card]
        else:
            key = -_POINTS[trump, card]
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


@njit(cache=True)
def _search(
    frames: np.ndarray, moves: np.ndarray, keys: np.ndarray, cfg: np.ndarray,
    four_kind: np.ndarray, tt_a: np.ndarray, tt_b: np.ndarray, tt_lo: np.ndarray,
    tt_hi: np.ndarray, tt_gen: np.ndarray, tt_move: np.ndarray, gen: int,
) -> int:  # fmt: skip
    """Alpha-beta (fail-soft) from the position in ``frames[0]``, its window in _ALPHA and
    _BETA, on an explicit stack: numba cannot load a recursive function from its cache."""
    out = np.zeros(1, dtype=np.int64)
    d = 0
    entering = True
    returned = False
    ret = 0
    while True:
        f = frames[d]
        if entering:
            entering = False
            if _expand(f, moves[d], keys[d], cfg, tt_a, tt_b, tt_lo, tt_hi, tt_gen, tt_move,
                       gen, out):  # fmt: skip
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
            returned = False
        if not cut and f[_IDX] < f[_COUNT]:
            card = moves[d, f[_IDX]]
            f[_IDX] += 1
            _child(f, frames[d + 1], card, cfg, four_kind)
            d += 1
            entering = True
            continue
        best = f[_BEST]
        slot = f[_SLOT]
        if slot >= 0:
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
            if tt_gen[slot] == gen and tt_a[slot] == key_a and tt_b[slot] == key_b:
                lo = max(lo, tt_lo[slot])
                hi = min(hi, tt_hi[slot])
            tt_a[slot] = key_a
            tt_b[slot] = key_b
            tt_lo[slot] = lo
            tt_hi[slot] = hi
            tt_gen[slot] = gen
            tt_move[slot] = f[_BEST_CARD]
        ret = best
        d -= 1
        if d < 0:
            return ret
        returned = True


def _config(p: Play) -> np.ndarray:
    return np.array(
        [p.trump, p.declarer_team, p.pit_bonus, p.factor, p.must_make,
         1 if p.rules.amsterdams else 0],
        dtype=np.int64,
    )  # fmt: skip


class Solver:
    """One transposition table and the calls into the compiled search.

    A table is reused from solve to solve (a generation number empties it), so make one
    solver per process or thread, not per position."""

    def __init__(self) -> None:
        self._a = np.zeros(_TT_SIZE, dtype=np.int64)
        self._b = np.zeros(_TT_SIZE, dtype=np.int64)
        self._lo = np.zeros(_TT_SIZE, dtype=np.int64)
        self._hi = np.zeros(_TT_SIZE, dtype=np.int64)
        self._gen = np.zeros(_TT_SIZE, dtype=np.int64)
        self._move = np.zeros(_TT_SIZE, dtype=np.int64)
        self._frames = np.zeros((_DEPTH, _FIELDS), dtype=np.int64)
        self._moves = np.zeros((_DEPTH, 8), dtype=np.int64)
        self._keys = np.zeros((_DEPTH, 8), dtype=np.int64)
        self._generation = 0
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
        self._generation += 1
        return self._run(p, -_INF, _INF)

    def card_values(self, p: Play, cards: list[int]) -> list[int]:
        """Team 0's margin after the seat to play plays each of ``cards`` (legal), then
        best play: one generation for all, so the cards share what the table learnt."""
        self._generation += 1
        out = []
        for card in cards:
            q = p.copy()
            play_card(q, card)
            if q.over:
                out.append(
                    int(_margin(_config(q), q.points[0], q.points[1], q.roem[0], q.roem[1],
                                q.tricks_won[0], q.tricks_won[1]))
                )  # fmt: skip
            else:
                out.append(self._run(q, -_INF, _INF))
        return out

    def _run(self, p: Play, alpha: int, beta: int) -> int:
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
        f[_W0], f[_W1], f[_ALPHA], f[_BETA] = p.tricks_won[0], p.tricks_won[1], alpha, beta
        return int(
            _search(
                self._frames, self._moves, self._keys, _config(p), self._kinds(p.rules),
                self._a, self._b, self._lo, self._hi, self._gen, self._move, self._generation,
            )
        )  # fmt: skip


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
