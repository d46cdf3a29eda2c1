"""Toepen, kroegregels and klassiek: the rules engine (:class:`Toepen`)."""

from kroeg.games.toepen.game import Toepen

__all__ = ["Toepen"]
