"""The typed views encode to exactly the JSON the dict views were (the browser reads it).

For seeded random games of every variant and the option sets of the random-game tests,
after every step, each seat's and a spectator's view and the open view are encoded with
``msgspec.json`` as the server encodes them, and compared byte for byte with the old dict
builder's (tests/games/wire/, the code as it was before the typed views), encoded the
same way. ``json()`` (the plain dict a record or a stored puzzle holds) must equal the
old dict too, in its key order.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from kroeg.games import make_game
from kroeg.games.playout import random_match, random_step
from tests.games import test_eurokaarten_random, test_klaverjassen_random, test_toepen_random
from tests.games.wire import eurokaarten as old_eurokaarten
from tests.games.wire import klaverjassen as old_klaverjassen
from tests.games.wire import toepen as old_toepen

encode = msgspec.json.Encoder().encode

GAMES_PER_SETUP = 3
MIN_VIEWS = 2_000
"""Whole games are played, at least ``GAMES_PER_SETUP``, until this many views compared."""
MAX_STEPS = 3_000
"""Steps per game at most: enough for several whole deals of every game."""

OldView = Callable[..., dict[str, Any]]


def _old_toepen(game: Any, s: Any, seat: int | None) -> dict[str, Any]:
    return old_toepen.view(game, game.options, s, seat)


SETUPS: list[tuple[str, str, dict[str, object], int, OldView]] = [
    *(
        ("klaverjassen", variant, options, 4, old_klaverjassen.view)
        for variant, options in test_klaverjassen_random.SETUPS.values()
    ),
    *(
        ("toepen", variant, options, seats, _old_toepen)
        for variant, options, seats in test_toepen_random.CONFIGS
    ),
    *(
        ("eurokaarten", "standaard", options, 6, old_eurokaarten.view)
        for options in [{}, *test_eurokaarten_random.OPTION_SETS]
    ),
]


@pytest.mark.parametrize(
    ("name", "variant", "options", "seats", "old"),
    SETUPS,
    ids=[f"{n}-{v}-{'+'.join(sorted(o)) or 'defaults'}-{k}" for n, v, o, k, _ in SETUPS],
)
def test_the_typed_view_encodes_to_the_old_dicts_bytes(
    name: str, variant: str, options: dict[str, object], seats: int, old: OldView
) -> None:
    game = make_game(name, variant, options)
    compared = games = 0
    while games < GAMES_PER_SETUP or compared < MIN_VIEWS:
        rng = random.Random(7_000 + games)
        s = game.new_state(seats, dealer=games % seats)
        games += 1
        match = random_match(game, s, rng)
        for _ in range(MAX_STEPS):
            for seat in [*range(seats), None]:
                typed = game.view(s, seat)
                before = old(game, s, seat)
                assert encode(typed) == encode(before), (seat, s.phase)
                assert list(typed.json().items()) == list(before.items())
                compared += 1
            opened = {**old(game, s, None), "hands": game.open_hands(s)}
            assert encode(game.open_view(s)) == encode(opened)
            if game.is_over(s):
                break
            random_step(match, rng)
    assert compared >= MIN_VIEWS
