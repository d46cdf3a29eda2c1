"""The bots' kit for Toepen: determiniser, ``basis``, ``sterk`` and their out-of-turn actions.

The house level (``huis``) is the engine's own policy, which decides from the view
and the legal actions alone (:mod:`kroeg.games.toepen.house`), so it needs no
sampled state; it acts only when the game waits for its seat. Out of turn
(:meth:`Kit.aside`) every other level calls the revokes its view proves; ``basis``
claims honest laundry and knocks on a sure thing, ``sterk`` and ``meester`` take laundry,
challenges and last-trick knocks from the learned policy (:func:`.sterk.aside`).
"""

from __future__ import annotations

import random
from typing import Any

from kroeg.bots.base import Deadline, GameKit
from kroeg.games.base import Action
from kroeg.games.toepen import house as house_policy
from kroeg.games.toepen.view import ToepenView

from . import basis, sterk
from .calls import revoke_call
from .knowledge import read_view, sample

NO_ASIDES = frozenset({"random", "huis", "bluffer"})
"""Levels that act only when the game waits for their seat."""

MEESTER_SAMPLES_FACTOR = 3
"""``meester`` in Toepen: ``sterk`` with three times its budget and samples (the card
search gains from more samples; the knock policy is the same learned table)."""


class Kit(GameKit[ToepenView]):
    def sample(self, view: ToepenView, rng: random.Random) -> Any:
        return sample(read_view(view), rng)

    def huis(self, view: ToepenView, legal: list[Action], rng: random.Random) -> Action:
        return house_policy.choose(view, legal)

    def basis(self, view: ToepenView, legal: list[Action], rng: random.Random) -> Action:
        call = revoke_call(view, legal)
        if call is not None:
            return call
        return basis.choose(read_view(view), legal, bool(view.options["white_laundry"]))

    def aside(
        self, level: str, view: ToepenView, legal: list[Action], rng: random.Random
    ) -> Action | None:
        if level in NO_ASIDES:
            return None
        call = revoke_call(view, legal)
        if call is not None:
            return call
        seen = read_view(view)
        if level == "basis":
            return basis.aside(seen, legal, bool(view.options["white_laundry"]))
        return sterk.aside(view, seen, legal)

    def sterk(
        self,
        view: ToepenView,
        legal: list[Action],
        rng: random.Random,
        deadline: Deadline,
        max_samples: int | None,
    ) -> Action:
        call = revoke_call(view, legal)
        if call is not None:
            return call
        seen = read_view(view)
        white = bool(view.options["white_laundry"])
        preferred = basis.choose(seen, legal, white)
        return sterk.decide(view, seen, legal, preferred, white, rng, deadline, max_samples)
