"""The bots' exact search of the last tricks (``bots/klaverjassen/play.solve``)."""

from __future__ import annotations

import random

from kroeg.bots.klaverjassen.play import Play, cards_in, margin, play_card, solve
from kroeg.cards import PIKET_DECK, mask_of
from kroeg.games.klaverjassen import Klaverjassen


def minimax(p: Play) -> int:
    """Team 0's margin under best play, by plain minimax on fresh copies (no pruning)."""
    if p.over:
        return margin(p, 0)
    values = []
    for card in cards_in(p.legal(p.hands[p.turn])):
        child = p.copy()
        play_card(child, card)
        values.append(minimax(child))
    return max(values) if p.turn & 1 == 0 else min(values)


def position(rng: random.Random, variant: str) -> Play:
    """The last three tricks of a deal with one or two cards of the running trick played."""
    game = Klaverjassen(variant)
    deck = list(PIKET_DECK)
    rng.shuffle(deck)
    hands = [mask_of(deck[i : i + 3]) for i in (0, 3, 6, 9)]
    p = Play(
        rng.randrange(4),
        0,
        game.rules,
        100,
        hands,
        rng.randrange(4),
        [],
        5,
        [40, 60],
        [0, 0],
        [2, 3],
    )
    for _ in range(rng.randrange(1, 3)):
        play_card(p, rng.choice(cards_in(p.legal(p.hands[p.turn]))))
    return p


def test_solve_leaves_the_play_unchanged_and_agrees_with_plain_minimax() -> None:
    """``solve`` tries every legal card from the same trick: a card tried first must not
    stay in the trick for the next (the seat to play and the legal cards follow from it)."""
    rng = random.Random(16)
    for variant in ("nku", "amsterdams"):
        for _ in range(60):
            p = position(rng, variant)
            before = p.copy()
            assert solve(p) == minimax(before.copy())
            assert p == before
