"""Every game and variant the environments cover, from the games' registry."""

from __future__ import annotations

from kroeg.games import GAMES, game_class

VARIANTS = [(game, variant) for game in GAMES for variant in game_class(game).variants]
