"""The compiled search kernel (bots/klaverjassen/kernel.py) against the pure-Python
reference: the engine's rules (Rules.legal_plays, Rules.roem, core.deal_score) and the
reference solver play.solve, on thousands of random positions of both variants, with
random score states, declarers and kraken factors. (The first run compiles the kernel
into numba's cache on disk; later runs load it.)"""

from __future__ import annotations

import random

import pytest

from kroeg.bots.klaverjassen.kernel import Solver, kernel_legal, kernel_margin, kernel_roem
from kroeg.bots.klaverjassen.play import Play, cards_in, margin, play_card, solve
from kroeg.cards import PIKET_DECK, PIKET_MASK, mask_of
from kroeg.games.klaverjassen import Klaverjassen
from kroeg.games.klaverjassen.tricks import TRICK_STRENGTH, trick_state

VARIANTS = ("nku", "amsterdams")


def random_play(rng: random.Random, variant: str, tricks_left: int) -> Play:
    """A deal dealt at random, played at random to ``tricks_left`` tricks (and 0-3 cards
    of the running trick; 8: the first lead), with a random declarer, pit bonus, and
    sometimes kraken."""
    game = Klaverjassen(variant, {"four_jacks_200": rng.random() < 0.5})
    deck = list(PIKET_DECK)
    rng.shuffle(deck)
    hands = [mask_of(deck[i * 8 : i * 8 + 8]) for i in range(4)]
    kraken = rng.random() < 0.2
    p = Play(
        trump=rng.randrange(4),
        declarer_team=rng.randrange(2),
        rules=game.rules,
        pit_bonus=rng.choice((0, 100)),
        hands=hands,
        leader=rng.randrange(4),
        trick=[],
        tricks_played=0,
        points=[0, 0],
        roem=[0, 0],
        tricks_won=[0, 0],
        factor=rng.choice((1, 2, 4)) if kraken else 1,
        must_make=rng.randrange(2) if kraken else -1,
    ).at()
    cards_to_play = (8 - tricks_left) * 4 + (rng.randrange(4) if 0 < tricks_left < 8 else 0)
    for _ in range(cards_to_play):
        play_card(p, rng.choice(cards_in(p.legal(p.hands[p.turn]))))
    return p


def test_the_kernel_s_legal_plays_are_the_rules_legal_plays() -> None:
    """RULES.md §6.5 (Rotterdams and Amsterdams troefplicht), on random hands and tricks."""
    rng = random.Random(3)
    rules = {v: Klaverjassen(v).rules for v in VARIANTS}
    for _ in range(20_000):
        variant = rng.choice(VARIANTS)
        deck = list(PIKET_DECK)
        rng.shuffle(deck)
        trump, leader = rng.randrange(4), rng.randrange(4)
        trick = deck[: rng.randrange(4)]
        hand = mask_of(deck[4 : 4 + rng.randrange(1, 9)])
        led, win_seat, win_strength = trick_state(trump, leader, trick)
        seat = (leader + len(trick)) & 3
        want = rules[variant].legal_plays(hand, trump, led, win_seat, win_strength, seat)
        got = kernel_legal(hand, trump, led, win_seat, win_strength, seat, variant == "amsterdams")
        assert got == want, (variant, trump, trick, cards_in(hand))


@pytest.mark.parametrize("options", [{}, {"four_jacks_200": True}, {"four_kind_ranks": "a10hv"}])
def test_the_kernel_s_roem_is_the_rules_roem(options: dict[str, object]) -> None:
    """RULES.md §6.6: every four-of-a-kind, and random tricks (runs, stuk)."""
    rules = Klaverjassen("nku", options).rules
    rng = random.Random(5)
    tricks = [sum(1 << (s * 13 + r) for s in range(4)) for r in range(5, 13)]
    tricks += [mask_of(rng.sample(PIKET_DECK, 4)) for _ in range(3000)]
    for mask in tricks:
        assert mask & ~PIKET_MASK == 0
        for trump in range(4):
            assert kernel_roem(rules, trump, mask) == rules.roem(trump, mask)


def test_the_kernel_s_final_margin_is_the_deal_score() -> None:
    """RULES.md §6.7 (made, nat, pit) and kraken's factors, on random finished deals."""
    rng = random.Random(7)
    for _ in range(400):
        p = random_play(rng, rng.choice(VARIANTS), 0)
        assert p.over
        assert kernel_margin(p) == margin(p, 0)


def test_the_kernel_solves_thousands_of_positions_as_the_reference_does() -> None:
    """Same value as play.solve (exact alpha-beta in Python) with 1 to 3 tricks left, and
    the per-card values equal the reference's solve after each card."""
    rng = random.Random(11)
    solver = Solver()
    for i in range(2500):
        p = random_play(rng, rng.choice(VARIANTS), rng.choice((1, 2, 3)))
        before = p.copy()
        assert solver.solve(p) == solve(p.copy()), i
        assert p == before, "the kernel changed the position it was given"
        if i % 10 == 0:
            cards = cards_in(p.legal(p.hands[p.turn]))
            want = []
            for card in cards:
                child = p.copy()
                play_card(child, card)
                want.append(solve(child))
            assert solver.card_values(p, cards) == want


def test_the_kernel_s_loops_for_the_last_two_tricks_agree_with_the_reference() -> None:
    """From the start of the second-last trick the kernel plays the two tricks out in
    plain loops (alpha-beta, with the table's bounds): the same values as play.solve,
    from that start and from three-trick endings whose search runs into it with all
    kinds of windows."""
    rng = random.Random(23)
    solver = Solver()
    for i in range(3000):
        p = random_play(rng, rng.choice(VARIANTS), 3)
        while p.tricks_played < 6:  # to the start of the second-last trick
            play_card(p, rng.choice(cards_in(p.legal(p.hands[p.turn]))))
        assert not p.trick
        assert solver.solve(p) == solve(p.copy()), i
    for i in range(300):
        p = random_play(rng, rng.choice(VARIANTS), 3)
        assert solver.solve(p) == solve(p.copy()), i


def test_the_kernel_agrees_with_the_reference_on_four_trick_endings() -> None:
    """Deeper positions, fewer: the reference is slow (sterk solves from EXACT_TRICKS = 6)."""
    rng = random.Random(13)
    solver = Solver()
    for _ in range(40):
        p = random_play(rng, rng.choice(VARIANTS), 4)
        assert solver.solve(p) == solve(p.copy())


def test_the_kernel_agrees_with_the_reference_on_five_trick_endings() -> None:
    """Deeper still (null-window search, bounds from the points and roem left,
    equivalent cards searched once), a few: the reference needs about 0.1 s for each."""
    rng = random.Random(17)
    solver = Solver()
    for i in range(8):
        p = random_play(rng, rng.choice(VARIANTS), 5)
        assert solver.solve(p) == solve(p.copy()), i


def test_equivalent_cards_searched_once_change_no_value_of_a_whole_deal() -> None:
    """A whole deal (and six-trick endings) solved with and without the reduction of
    equivalent cards: same values, so skipping a 7 next to an 8 of the same hand loses
    nothing (the pure-Python reference is too slow for eight tricks)."""
    rng = random.Random(19)
    reduced, full = Solver(), Solver(reduce=False)
    for i in range(10):
        p = random_play(rng, rng.choice(VARIANTS), 6)
        assert reduced.solve(p) == full.solve(p), i
    p = random_play(rng, "nku", 8)
    assert p.tricks_played == 0 and not p.trick
    assert reduced.solve(p) == full.solve(p)


def test_the_bound_from_sure_trumps_changes_no_value() -> None:
    """At the start of a trick the leader who holds the highest trumps still out counts
    their points as sure for its team (kernel._sure_points): positions where that bound
    applies, for the declaring team and for the other one, valued as play.solve does."""
    rng = random.Random(29)
    solver = Solver()
    checked = {0: 0, 1: 0}
    while min(checked.values()) < 150:
        p = random_play(rng, rng.choice(VARIANTS), rng.choice((3, 4)))
        while p.trick:
            play_card(p, rng.choice(cards_in(p.legal(p.hands[p.turn]))))
        held = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]
        trumps = [c for c in PIKET_DECK if c // 13 == p.trump and (held >> c) & 1]
        if not trumps or p.must_make >= 0:
            continue
        top = max(trumps, key=lambda c: TRICK_STRENGTH[p.trump][p.trump][c])
        if not (p.hands[p.leader] >> top) & 1:
            continue
        side = 0 if p.leader & 1 == p.declarer_team else 1
        if checked[side] >= 150:
            continue
        checked[side] += 1
        assert solver.solve(p) == solve(p.copy()), (side, checked[side])
