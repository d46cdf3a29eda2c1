"""The rules of every game, behind one interface (:mod:`kroeg.games.base`).

``GAMES`` maps a game's record name to where its :class:`~kroeg.games.base.Game`
lives; :func:`make_game` builds one for a variant and its options.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from kroeg.games.base import Game, InvalidInput

GAMES: dict[str, str] = {
    "toepen": "kroeg.games.toepen:Toepen",
    "klaverjassen": "kroeg.games.klaverjassen:Klaverjassen",
    "eurokaarten": "kroeg.games.eurokaarten:Eurokaarten",
}


def game_class(name: str) -> type[Game[Any]]:
    """The Game class of a game name, or InvalidInput naming the games there are."""
    if name not in GAMES:
        raise InvalidInput(
            "unknown_game",
            f"unknown game {name!r}: expected one of {', '.join(GAMES)}",
            game=str(name),
        )
    module_name, _, class_name = GAMES[name].partition(":")
    cls: type[Game[Any]] = getattr(importlib.import_module(module_name), class_name)
    return cls


def make_game(name: str, variant: str, options: Mapping[str, object] | None = None) -> Game[Any]:
    return game_class(name)(variant, options)
