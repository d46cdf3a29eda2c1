"""The bots' kit for Eurokaarten: determiniser, ``basis`` and ``sterk``.

``sterk`` opens gaan by Monte Carlo (:mod:`.sterk`), draws and discards by Monte
Carlo over the hidden cards (:mod:`.turns`), swaps jokers (:mod:`.plays`) and lays as
``basis``.
"""

from __future__ import annotations

import random
from typing import Any

from kroeg.bots.base import Deadline, GameKit
from kroeg.cards import mask_of
from kroeg.games.base import Action, Game
from kroeg.games.eurokaarten import Eurokaarten
from kroeg.games.eurokaarten.view import EuroView

from . import basis, plays, sterk, turns
from .knowledge import Seen, read_view, sample
from .rebuild import rebuild

MEESTER_SAMPLES_FACTOR = 3
"""``meester`` in Eurokaarten: ``sterk`` with three times its budget and samples for the
open gaan Monte Carlo (the level is wired in ``bots/levels.py``)."""


class Kit(GameKit[EuroView]):
    def __init__(self, game: Game[Any]) -> None:
        assert isinstance(game, Eurokaarten)
        super().__init__(game)
        self.rules = game.options.meld_rules
        self.deck = mask_of(game.deck)

    def read(self, view: EuroView) -> Seen:
        return read_view(view, self.rules, self.deck)

    def sample(self, view: EuroView, rng: random.Random) -> Any:
        return sample(self.read(view), rng)

    def state(self, view: EuroView, rng: random.Random) -> Any:
        seen = self.read(view)
        return rebuild(view, seen, sample(seen, rng))

    def basis(self, view: EuroView, legal: list[Action], rng: random.Random) -> Action:
        return basis.choose(self.read(view), legal, self.rules)

    def sterk(
        self,
        view: EuroView,
        legal: list[Action],
        rng: random.Random,
        deadline: Deadline,
        max_samples: int | None,
    ) -> Action:
        seen = self.read(view)
        preferred = basis.choose(seen, legal, self.rules)
        if seen.drawn:
            swap = plays.swap_choice(seen, legal, self.rules)
            if swap is not None:
                return swap
            if preferred[0] == "discard":
                searched = turns.choose_discard(seen, legal, self.rules, rng, deadline, max_samples)
                return searched or preferred
            return preferred
        opened = sterk.choose(seen, legal, preferred, rng, deadline, max_samples)
        if opened[0] != "draw":
            return opened
        drawn = turns.choose_draw(seen, legal, self.rules, rng, deadline, max_samples)
        return drawn or opened
