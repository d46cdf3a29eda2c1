"""PettingZoo environments over the games (``pip install kroeg[env]``, docs/env.md).

``kroeg.env.env("toepen", "kroegregels")`` is an AEC environment of one game: agents
are seats, observations are built from each seat's ``view()`` only, actions are
indices into a fixed action space per game. :mod:`kroeg.env.agents` has a random and
a ``sterk`` agent.
"""

from __future__ import annotations

from collections.abc import Mapping

try:
    from kroeg.env.aec import KroegEnv
except ModuleNotFoundError as e:  # installed without the env extra
    if e.name not in ("pettingzoo", "gymnasium", "numpy"):
        raise
    raise ModuleNotFoundError(
        f"kroeg.env needs the env extra ({e.name} is missing): pip install 'kroeg[env]'",
        name=e.name,
    ) from e

__all__ = ["KroegEnv", "env"]


def env(
    game: str,
    variant: str,
    *,
    seats: int | None = None,
    options: Mapping[str, object] | None = None,
    render_mode: str | None = None,
) -> KroegEnv:
    """The environment of ``game`` ``variant`` (and its options) at ``seats`` seats
    (default: four where the variant allows it, else its only table size)."""
    return KroegEnv(game, variant, seats=seats, options=options, render_mode=render_mode)
