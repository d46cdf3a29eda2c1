"""Out-of-turn actions of the house: what a seat may do while the game does not wait for it.

In Toepen a seat may knock after any event (also after its last card), claim or
challenge vuile was, and call a revoke, all while another seat is to act: the game's
``legal`` lists these for a seat outside ``to_act``. A driver offers every such seat its
chance after each event (:meth:`kroeg.games.match.Match.offer_asides`, the arena and
self-play; the live table its own way); a bot answers None at once when it has nothing
to do (:meth:`kroeg.bots.base.Bot.aside`). Here: the house's answer at a live table.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from functools import lru_cache

from kroeg.bots.base import Bot
from kroeg.bots.levels import make_bot
from kroeg.games import make_game
from kroeg.games.base import Action
from kroeg.games.view import View


@lru_cache(maxsize=64)
def _bot(game: str, variant: str, options: str, level: str) -> Bot:
    return make_bot(make_game(game, variant, json.loads(options)), level)


def house_aside(
    game: str,
    variant: str,
    options: Mapping[str, object],
    level: str,
    view: View,
    legal: Sequence[Action],
    seed: int,
) -> Action | None:
    """A house bot's out-of-turn answer, in the caller's process (bots are cached per
    table kind: the answer costs a view read and a table lookup)."""
    key = json.dumps(dict(options), sort_keys=True)
    return _bot(game, variant, key, level).aside(view, legal, random.Random(seed))
