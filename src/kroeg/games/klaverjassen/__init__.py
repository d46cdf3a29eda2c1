"""Klaverjassen: NKU Rotterdams and Amsterdams (RULES.md §6), and its score sheet.

The package is split by job: :mod:`.tables` (precomputed card tables),
:mod:`.tricks` (troefplicht and roem on masks), :mod:`.moves` (the moves of a deal
and its scoring), :mod:`.game` (the :class:`Klaverjassen` game: validation, events,
views), :mod:`.house` (what the house plays) and :mod:`.sheet` (the club score sheet).
"""

from __future__ import annotations

from .game import Klaverjassen
from .sheet import score_sheet
from .state import KlaverjasState

__all__ = ["KlaverjasState", "Klaverjassen", "score_sheet"]
