"""Eurokaarten engine speed (one core): random rounds and partijen, the house, ``best_melds``.

* random rounds/s and partijen/s: uniformly random legal choices through ``legal`` +
  ``apply`` (validation and events included), as the server and the replay use them;
* house decisions/s: ``default()`` (which calls ``best_melds``) for every decision;
* ``best_melds``: the median time for a 6-card hand against 10 melds on the table,
  without and with the two jokers in hand.

Rates are per second of CPU time of this process (``time.process_time``), so other
work on a shared machine disturbs them less than wall-clock rates.
"""

from __future__ import annotations

import random
import statistics
import time

from kroeg.cards import JOKERS, parse_meld_card
from kroeg.games.eurokaarten import Eurokaarten, Meld, MeldRules, best_melds
from kroeg.games.eurokaarten.melds import new_meld

TEN_MELDS = (
    ("2c", "3c", "4c"),
    ("9d", "Td", "Jd"),
    ("Kd", "Kh", "Ks"),
    ("5s", "6s", "7s", "8s"),
    ("Ah", "2h", "3h"),
    ("7c", "7d", "7h"),
    ("Qc", "Kc", "Ac"),
    ("4d", "5d", "6d"),
    ("Jc", "Jh", "Js"),
    ("9s", "Ts", "X1=Js", "Qs"),
)
"""A busy table: sets, runs (ace low and high) and one joker."""


def ten_melds() -> list[Meld]:
    return [new_meld(0, [parse_meld_card(t) for t in texts], MeldRules()) for texts in TEN_MELDS]


def rounds_per_second(game: Eurokaarten, seconds: float, rng: random.Random) -> tuple[float, float]:
    rounds = partijen = 0
    s = game.new_state(6, dealer=0)
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(10):
            if game.is_over(s):
                partijen += 1
                s = game.new_state(6, dealer=0)
            game.apply(s, s.dealer, game.random_deal(s, rng))
            while game.pending_deal(s) is None and not game.is_over(s):
                seat = s.turn
                game.apply(s, seat, rng.choice(game.legal(s, seat)))
            rounds += 1
    spent = time.process_time() - start
    return rounds / spent, partijen / spent


def house_decisions_per_second(game: Eurokaarten, seconds: float, rng: random.Random) -> float:
    done = 0
    s = game.new_state(6, dealer=0)
    start = time.process_time()
    while time.process_time() - start < seconds:
        if game.is_over(s):
            s = game.new_state(6, dealer=0)
        dealer = game.pending_deal(s)
        if dealer is not None:
            game.apply(s, dealer, game.random_deal(s, rng))
            continue
        game.apply(s, s.turn, game.default(s, s.turn))
        done += 1
    return done / (time.process_time() - start)


def best_melds_ms(table: list[Meld], jokers: bool, rng: random.Random, count: int) -> float:
    used = set()
    for meld in table:
        used |= {c for c in range(52) if meld.real >> c & 1} | {j for j, _ in meld.jokers}
    free = [c for c in range(52) if c not in used]
    times = []
    for _ in range(count):
        hand = rng.sample(free, 4) + list(JOKERS) if jokers else rng.sample(free, 6)
        start = time.process_time()
        best_melds(hand, table)
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def run(seconds: float) -> None:
    game = Eurokaarten("standaard")
    rng = random.Random(1)
    rounds, partijen = rounds_per_second(game, seconds, rng)
    print(
        f"eurokaarten standaard: random legal play {rounds:,.0f} rounds/s,"
        f" {partijen:,.1f} partijen/s"
    )
    house = house_decisions_per_second(game, seconds, rng)
    print(f"eurokaarten standaard: house default() {house:,.0f} decisions/s")
    table = ten_melds()
    jokerless = [m for m in table if not m.jokers]
    plain = best_melds_ms(table, False, rng, 2000)
    print(f"eurokaarten best_melds: 6-card hand, 10 melds on the table: median {plain:.3f} ms")
    with_jokers = best_melds_ms(jokerless, True, rng, 2000)
    print(
        "eurokaarten best_melds: 4 cards + both jokers, 9 melds on the table:"
        f" median {with_jokers:.3f} ms"
    )


if __name__ == "__main__":
    run(3.0)
