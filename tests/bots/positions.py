"""Random positions of every game for the bot tests: (game, state, seat to act)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from kroeg.cards import cards_in, mask_of
from kroeg.games import make_game
from kroeg.games.base import Game
from kroeg.games.playout import random_match, random_step

VARIANTS = {
    "toepen": (("kroegregels", 4), ("klassiek", 4), ("klassiek", 6)),
    "klaverjassen": (("nku", 4), ("amsterdams", 4)),
    "eurokaarten": (("standaard", 6),),
}
"""The games and variants (with seats) the bots are tested on."""


def positions(
    game_name: str,
    variant: str,
    seats: int,
    count: int,
    seed: int,
    options: Mapping[str, object] | None = None,
) -> Iterator[tuple[Game[Any], Any, int]]:
    """``count`` positions where a seat must decide, from random legal play."""
    game = make_game(game_name, variant, options)
    rng = random.Random(seed)
    found = 0
    while found < count:
        s = game.new_state(seats, dealer=rng.randrange(seats))
        # Eurokaarten partijen run long: go deep enough to see seats put out.
        steps = rng.randrange(1, 800 if game_name == "eurokaarten" else 60)
        for _ in range(steps):
            if game.is_over(s):
                break
            random_step(random_match(game, s, rng), rng)
        if game.is_over(s) or game.pending_deal(s) is not None:
            continue
        seat = min(game.to_act(s))
        found += 1
        yield game, s, seat


def all_variants() -> list[tuple[str, str, int]]:
    return [(g, v, n) for g, variants in VARIANTS.items() for v, n in variants]


STATE_VARIANTS = [
    ("klaverjassen", "nku", 4),
    ("klaverjassen", "amsterdams", 4),
    ("eurokaarten", "standaard", 6),
]
"""The games whose kit builds an engine state from a view (for ``huis``)."""


def shuffle_hidden(game: Game[Any], s: Any, seat: int, rng: random.Random) -> Any:
    """A copy of ``s`` with the cards hidden from ``seat`` (the other hands, and the
    stock) shuffled among those places, each keeping its size. Hands shown open to
    everyone stay as they are, and so do cards everyone saw a seat take (Eurokaarten's
    ``picked``)."""
    t = game.copy(s)
    seen = getattr(s, "picked", None) or [0] * len(s.hands)
    open_seats = set()
    open_mask = getattr(s, "open_hands", 0)
    if isinstance(open_mask, int):
        open_seats = {p for p in range(len(s.hands)) if open_mask >> p & 1}
    others = [p for p in range(len(s.hands)) if p != seat and p not in open_seats]
    if hasattr(s, "stock_pos"):
        stock = list(s.stock[s.stock_pos :])
    else:
        stock = list(getattr(s, "stock", []))
    cards = [c for p in others for c in cards_in(s.hands[p] & ~seen[p])] + stock
    rng.shuffle(cards)
    for p in others:
        size = (s.hands[p] & ~seen[p]).bit_count()
        t.hands[p] = mask_of(cards[:size]) | (s.hands[p] & seen[p])
        cards = cards[size:]
    if hasattr(s, "stock_pos"):
        t.stock = tuple(s.stock[: s.stock_pos]) + tuple(cards)
    elif hasattr(s, "stock"):
        t.stock = list(cards)
    return t
