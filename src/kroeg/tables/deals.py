"""The table's chance as its match's deal source (docs/game-interface.md, "The driver").

A live table drives its game through :class:`~kroeg.games.match.Match` like every other
driver; its chance is a fair deal (:class:`~kroeg.tables.fair.FairDeals`, docs/fair-deals.md),
which needs the crypto of a layer above ``games/`` and so is passed in as the match's
:class:`~kroeg.games.match.DealSource`. :class:`TableDeals` is that source: it asks the
table's current :class:`FairDeals` for each deal and restock, and keeps the latest
:class:`~kroeg.tables.fair.FairDraw`, whose note the table logs with the deal and whose
events (the deal's contributions, the next deal's commitment) it tells.
"""

from __future__ import annotations

import random
from typing import Any

from kroeg.cards import Card
from kroeg.games.base import Action, Deal, Game
from kroeg.tables.fair import FairDeals, FairDraw


class TableDeals:
    """One table's deal source, for each of its games: ``fair`` is the running game's
    secret and contributions (a new one for every game, and after a restore)."""

    __slots__ = ("drawn", "fair", "game_name", "rng")

    def __init__(self, game_name: str, rng: random.Random) -> None:
        self.game_name = game_name
        self.rng = rng
        """The table's generator: a game without a secret is shuffled with it, as before."""
        self.fair = FairDeals(None)
        self.drawn: FairDraw | None = None
        """The latest deal drawn, with its log note and events."""

    def deal(self, game: Game[Any], s: Any) -> Deal:
        self.drawn = self.fair.draw(game, self.game_name, s, self.rng)
        return self.drawn.deal

    def restock(self, game: Game[Any], s: Any, cards: tuple[Card, ...]) -> Action:
        return self.fair.restock(cards, self.rng)
