"""The bots' kit for Toepen: determiniser, ``basis`` and ``sterk``.

The house level (``huis``) is the engine's own policy, which decides from the view
and the legal actions alone (:mod:`kroeg.games.toepen.policy`), so it needs no
sampled state.
"""

from __future__ import annotations

import random
from typing import Any

from kroeg.bots.base import Deadline, GameKit
from kroeg.games.base import JSON, Action
from kroeg.games.toepen import policy

from . import basis, sterk
from .knowledge import read_view, sample


class Kit(GameKit):
    def sample(self, view: JSON, rng: random.Random) -> Any:
        return sample(read_view(view), rng)

    def huis(self, view: JSON, legal: list[Action], rng: random.Random) -> Action:
        return policy.choose(view, legal)

    def basis(self, view: JSON, legal: list[Action], rng: random.Random) -> Action:
        return basis.choose(read_view(view), legal, bool(view["options"]["white_laundry"]))

    def sterk(
        self,
        view: JSON,
        legal: list[Action],
        rng: random.Random,
        deadline: Deadline,
        max_samples: int | None,
    ) -> Action:
        seen = read_view(view)
        white = bool(view["options"]["white_laundry"])
        preferred = basis.choose(seen, legal, white)
        return sterk.decide(view, seen, legal, preferred, white, rng, deadline, max_samples)
