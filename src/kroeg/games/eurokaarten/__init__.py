"""Eurokaarten (RULES.md §7): rules, melds with jokers, the meld solver and the house.

Modules: ``melds`` (sets, runs, jokers, lay-offs), ``solver`` (``best_melds``),
``moves`` (what a seat may do in its turn, one function per rule), ``game`` (the
:class:`Eurokaarten` game), ``scoring`` (round end, coins, bokje),
``house`` (``default``), ``notation`` (record form of actions), ``options``, ``state``.
"""

from kroeg.games.eurokaarten.game import Eurokaarten
from kroeg.games.eurokaarten.melds import Meld, MeldRules
from kroeg.games.eurokaarten.solver import MeldPlan, best_melds
from kroeg.games.eurokaarten.state import EuroState

__all__ = ["EuroState", "Eurokaarten", "Meld", "MeldPlan", "MeldRules", "best_melds"]
