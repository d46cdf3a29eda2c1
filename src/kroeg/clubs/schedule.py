"""Who sits where in each round of a club night, deterministic from the night's seed.

A round puts the players at tables of the game's size; a seat nobody fills is the
house's (``None``: marked, never ranked), and the house seats are spread over the
tables so that no table has more of them than it must.

**Klaverjassen, individual night** (every player a different partner each round): the
players and the house seats are numbered ``0 … 4T-1`` in a seeded order, and the rounds
are taken from a whist round robin (the circle method: a 1-factorisation of the
complete graph on ``4T`` slots, ``4T-1`` rounds in which every two slots are partners
exactly once). So no partner ever repeats while the night has at most ``4T-1`` rounds,
which is every night of 8 or more players up to 7 rounds. Rounds in which two house
seats would be partners are taken last. The partner pairs of a round are then put
against each other at tables by a seeded hill climb that swaps pairs between tables
while that lowers the number of times opponents have already met (and keeps the house
seats one to a table). The climb finds a local minimum, not a proven optimum.

**Klaverjassen, pair night**: the pairs stay together; pairs meet other pairs by a
round robin of pairs (a house pair fills an odd count), so no two pairs meet twice
while the rounds last.

**Games without partners** (Toepen, Eurokaarten): the same seeded hill climb, swapping
players between tables to lower how often two players have already shared a table.

**Byes** (``byes=True``, docs/clubs.md "Byes"): no house seats; each round the players
who do not fill a table sit out (:func:`kroeg.clubs.byes.sit_outs` picks them in turn)
and the rest are seated at full tables. A pair night with an odd number of pairs gives
the pair the round robin pairs with the missing pair a bye. An individual Klaverjassen
night draws each round's partners afresh, with the same hill climb: a table's cost is
that of its best split into two partner pairs, a repeated partner costing more than any
number of repeated opponents (so partners repeat only when the climb finds no other
way, not proven never).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

from kroeg.clubs.byes import sit_outs
from kroeg.clubs.errors import ClubError

Seat = str | None
"""A player id, or ``None`` for a seat the house plays."""

Table = tuple[Seat, ...]
Round = tuple[Table, ...]

MAX_ROUNDS = 12
MAX_PLAYERS = 512
CANDIDATES = 4
"""How many of the round robin's unused rounds are tried for each round of the night."""
_HOUSE_WEIGHT = 1000
"""The cost of one house seat too many at a table: above any number of repeat meetings."""

U = TypeVar("U")


def schedule(
    players: Sequence[str],
    rounds: int,
    seed: int | str,
    *,
    table_size: int,
    partners: bool = False,
    pairs: Sequence[tuple[str, str]] | None = None,
    byes: bool = False,
) -> list[Round]:
    """The tables of every round. ``partners``: a four-handed partnership game
    (Klaverjassen: seats 0 and 2 against 1 and 3), where ``pairs`` makes it a pair
    night. ``byes``: who does not fill a table sits out the round (not seated; the
    caller finds them missing) instead of the house taking the empty seats. Raises
    :class:`ClubError` for a night that cannot be drawn."""
    _check(players, rounds, table_size, partners, pairs)
    rng = random.Random(f"kroeg-club-night:{seed}")
    if pairs is not None:
        if byes and len(pairs) < 2:
            raise ClubError("too_few_players", "a night with byes needs at least 2 pairs")
        return _pair_night(list(pairs), rounds, rng, byes=byes)
    surplus = len(players) % table_size
    if byes and surplus:
        if len(players) < table_size:
            raise ClubError(
                "too_few_players", f"a night with byes needs at least {table_size} players"
            )
        return _bye_night(list(players), rounds, table_size, partners, rng)
    if partners:
        return _individual_partner_night(list(players), rounds, rng)
    return _table_night(list(players), rounds, table_size, rng)


def _check(
    players: Sequence[str],
    rounds: int,
    table_size: int,
    partners: bool,
    pairs: Sequence[tuple[str, str]] | None,
) -> None:
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ClubError("bad_rounds", f"a night has 1 to {MAX_ROUNDS} rounds, not {rounds}")
    if partners and table_size != 4:
        raise ClubError("bad_table_size", "a partnership game is played at tables of 4")
    if table_size < 2:
        raise ClubError("bad_table_size", f"a table has at least 2 seats, not {table_size}")
    everyone = [p for pair in pairs for p in pair] if pairs is not None else list(players)
    if pairs is not None and sorted(everyone) != sorted(players):
        raise ClubError("bad_pairs", "the pairs must hold every registered player once")
    seen: set[str] = set()
    for p in everyone:
        if p in seen:
            raise ClubError("duplicate_player", f"player {p} is registered twice")
        seen.add(p)
    if len(everyone) < 2:
        raise ClubError("too_few_players", "a night needs at least 2 players")
    if len(everyone) > MAX_PLAYERS:
        raise ClubError("too_many_players", f"a night has at most {MAX_PLAYERS} players")


def circle_rounds(slots: int) -> list[list[tuple[int, int]]]:
    """The circle method: ``slots - 1`` rounds of ``slots / 2`` pairs in which every two
    of the ``slots`` (even) are paired exactly once (a whist/"boompje" round robin)."""
    assert slots % 2 == 0 and slots >= 2
    last = slots - 1
    out = []
    for r in range(last):
        pairs = [(last, r)]
        for k in range(1, slots // 2):
            pairs.append(((r + k) % last, (r - k) % last))
        out.append(pairs)
    return out


def _individual_partner_night(players: list[str], rounds: int, rng: random.Random) -> list[Round]:
    tables = -(-len(players) // 4)
    slots: list[Seat] = [*players, *([None] * (4 * tables - len(players)))]
    rng.shuffle(slots)

    def round_robin() -> list[list[tuple[int, int]]]:
        rounds = circle_rounds(len(slots))
        rng.shuffle(rounds)
        rounds.sort(key=lambda pairs: sum(slots[a] is None and slots[b] is None for a, b in pairs))
        return rounds

    candidates = round_robin()
    met: Counter[tuple[str, str]] = Counter()
    out: list[Round] = []

    def cost(table: list[tuple[Seat, Seat]]) -> int:
        (a0, a1), (b0, b1) = table
        houses = sum(s is None for s in (a0, a1, b0, b1))
        meetings = sum(met[_key(x, y)] for x in (a0, a1) for y in (b0, b1))
        return _HOUSE_WEIGHT * max(0, houses - 1) + meetings

    for _ in range(rounds):
        if not candidates:
            # More rounds than the round robin has (4k players, 4k - 1 rounds): it starts
            # over, and partners meet again, as they must (the docs say so).
            candidates = round_robin()
        best: tuple[int, int, list[list[tuple[Seat, Seat]]]] | None = None
        for index, candidate in enumerate(candidates[:CANDIDATES]):
            pairs = [(slots[a], slots[b]) for a, b in candidate]
            grouped = _hill_climb(pairs, 2, cost, rng)
            total = sum(cost(t) for t in grouped)
            if best is None or total < best[0]:
                best = (total, index, grouped)
        assert best is not None
        _, index, grouped = best
        del candidates[index]
        round_tables = []
        for (a0, a1), (b0, b1) in grouped:
            round_tables.append((a0, b0, a1, b1))
            _meet(met, [(x, y) for x in (a0, a1) for y in (b0, b1)])
        out.append(tuple(round_tables))
    return out


def _pair_night(
    pairs: list[tuple[str, str]], rounds: int, rng: random.Random, *, byes: bool
) -> list[Round]:
    units: list[tuple[Seat, Seat]] = list(pairs)
    if len(units) % 2:
        units.append((None, None))
    rng.shuffle(units)
    candidates = circle_rounds(len(units))
    rng.shuffle(candidates)
    out: list[Round] = []
    for r in range(rounds):
        round_tables = []
        for a, b in candidates[r % len(candidates)]:
            (a0, a1), (b0, b1) = units[a], units[b]
            if byes and None in (a0, b0):
                continue  # the pair against the missing pair sits out
            round_tables.append((a0, b0, a1, b1))
        out.append(tuple(round_tables))
    return out


def _table_night(players: list[str], rounds: int, size: int, rng: random.Random) -> list[Round]:
    tables = -(-len(players) // size)
    seats: list[Seat] = [*players, *([None] * (tables * size - len(players)))]
    houses = tables * size - len(players)
    fewest_houses, most_houses = houses // tables, -(-houses // tables)
    met: Counter[tuple[str, str]] = Counter()
    out: list[Round] = []
    for _ in range(rounds):

        def cost(table: list[Seat]) -> int:
            houses = sum(s is None for s in table)
            meetings = sum(met[_key(x, y)] for i, x in enumerate(table) for y in table[i + 1 :])
            spread = max(0, houses - most_houses) + max(0, fewest_houses - houses)
            return _HOUSE_WEIGHT * spread + meetings

        grouped = _hill_climb(list(seats), size, cost, rng)
        for table in grouped:
            _meet(met, [(x, y) for i, x in enumerate(table) for y in table[i + 1 :]])
        out.append(tuple(tuple(t) for t in grouped))
    return out


def _bye_night(
    players: list[str], rounds: int, size: int, partners: bool, rng: random.Random
) -> list[Round]:
    """Each round the surplus sits out in turn and the others fill whole tables."""
    met: Counter[tuple[str, str]] = Counter()
    partnered: Counter[tuple[str, str]] = Counter()
    history: list[list[str]] = []
    out: list[Round] = []

    def meetings(table: Sequence[Seat]) -> int:
        return sum(met[_key(x, y)] for i, x in enumerate(table) for y in table[i + 1 :])

    def split(table: Sequence[Seat]) -> tuple[int, Table]:
        """A table of four's cheapest split into partners, as seats (0 and 2 partners)."""
        a, b, c, d = table
        best: tuple[int, Table] | None = None
        for (p0, p1), (q0, q1) in (((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))):
            repeats = partnered[_key(p0, p1)] + partnered[_key(q0, q1)]
            against = sum(met[_key(x, y)] for x in (p0, p1) for y in (q0, q1))
            cost = _HOUSE_WEIGHT * repeats + against
            if best is None or cost < best[0]:
                best = (cost, (p0, q0, p1, q1))
        assert best is not None
        return best

    for _ in range(rounds):
        resting = sit_outs(players, len(players) % size, history, rng)
        history.append(resting)
        seated: list[Seat] = [p for p in players if p not in resting]
        if partners:
            grouped = _hill_climb(seated, size, lambda t: split(t)[0], rng)
            tables = [split(t)[1] for t in grouped]
            for a0, b0, a1, b1 in tables:
                _meet(met, [(x, y) for x in (a0, a1) for y in (b0, b1)])
                _meet(partnered, [(a0, a1), (b0, b1)])
        else:
            tables = [tuple(t) for t in _hill_climb(seated, size, meetings, rng)]
            for table in tables:
                _meet(met, [(x, y) for i, x in enumerate(table) for y in table[i + 1 :]])
        out.append(tuple(tables))
    return out


def _meet(met: Counter[tuple[str, str]], pairs: list[tuple[Seat, Seat]]) -> None:
    """Count the meetings of people; the house meets nobody (its key stays at 0)."""
    for x, y in pairs:
        if x is not None and y is not None:
            met[_key(x, y)] += 1


def _key(x: Seat, y: Seat) -> tuple[str, str]:
    """Two players as a counter key; with a house seat the empty key, never counted."""
    if x is None or y is None:
        return ("", "")
    return (x, y) if x < y else (y, x)


def _hill_climb(
    units: list[U], per_table: int, cost: Callable[[list[U]], int], rng: random.Random
) -> list[list[U]]:
    """Tables of ``per_table`` units from a seeded shuffle, then swap units between two
    tables while that lowers the summed cost (a meeting with the house costs nothing:
    :func:`_key`), until a whole pass finds no better swap."""
    rng.shuffle(units)
    tables = [units[i : i + per_table] for i in range(0, len(units), per_table)]
    costs = [cost(t) for t in tables]
    improved = True
    while improved:
        improved = False
        for a in range(len(tables)):
            for b in range(a + 1, len(tables)):
                ta, tb = tables[a], tables[b]
                for i in range(per_table):
                    for j in range(per_table):
                        ta[i], tb[j] = tb[j], ta[i]
                        ca, cb = cost(ta), cost(tb)
                        if ca + cb < costs[a] + costs[b]:
                            costs[a], costs[b] = ca, cb
                            improved = True
                        else:
                            ta[i], tb[j] = tb[j], ta[i]
    return tables
