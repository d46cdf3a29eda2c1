"""Out-of-turn actions: what a seat may do while the game does not wait for it.

In Toepen a seat may knock after any event (also after its last card), claim or
challenge vuile was, and call a revoke, all while another seat is to act: the game's
``legal`` lists these for a seat outside ``to_act``. A driver (the arena, the table's
house, self-play) offers every such seat its chance after each event; a bot answers
None at once when it has nothing to do (:meth:`kroeg.bots.base.Bot.aside`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from kroeg.bots.base import Bot
from kroeg.bots.levels import make_bot
from kroeg.games import make_game
from kroeg.games.base import JSON, Action, Game

MAX_ASIDES = 64
"""A bound on the out-of-turn actions after one event (each changes the state, and the
rules allow each only once per deal, so a handful is the most there can be)."""


def aside_chances(game: Game[Any], s: Any) -> list[tuple[int, list[Action]]]:
    """The seats outside ``to_act`` that have legal actions now, with those actions."""
    if game.pending_deal(s) is not None or game.is_over(s):
        return []
    waiting = game.to_act(s)
    chances = []
    for seat in range(game.seat_count(s)):
        if seat in waiting:
            continue
        legal = game.legal(s, seat)
        if legal:
            chances.append((seat, legal))
    return chances


def play_asides(
    game: Game[Any], s: Any, ask: Callable[[int, list[Action]], Action | None]
) -> list[tuple[int, Action]]:
    """Offer every out-of-turn chance (:func:`aside_chances`), seat by seat, and apply
    what is chosen; after an action the chances are offered afresh. Returns what was
    played, in order. ``ask(seat, legal)`` answers an action of ``legal`` or None."""
    played: list[tuple[int, Action]] = []
    while len(played) < MAX_ASIDES:
        for seat, legal in aside_chances(game, s):
            action = ask(seat, legal)
            if action is not None and action in legal:
                game.apply(s, seat, action)
                played.append((seat, action))
                break
        else:
            break
    return played


@lru_cache(maxsize=64)
def _bot(game: str, variant: str, options: str, level: str) -> Bot:
    return make_bot(make_game(game, variant, json.loads(options)), level)


def house_aside(
    game: str,
    variant: str,
    options: Mapping[str, object],
    level: str,
    view: JSON,
    legal: Sequence[Action],
    seed: int,
) -> Action | None:
    """A house bot's out-of-turn answer, in the caller's process (bots are cached per
    table kind: the answer costs a view read and a table lookup)."""
    key = json.dumps(dict(options), sort_keys=True)
    return _bot(game, variant, key, level).aside(view, legal, random.Random(seed))
