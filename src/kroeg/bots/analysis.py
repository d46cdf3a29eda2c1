"""The analysis of finished games: one analyser per game, run on the game's record only.

``ANALYSERS[game]`` turns a finished game's record (RECORDS.md) into its analysis, a
JSON object the replay shows (``web/analysis.js``). A game without an analyser has no
analysis. To add one, write ``analyse(record) -> Analysis`` in the game's bot package
and name it here. The server runs them in the bot pool once a game is over and its
record is published (``GET /api/games/{id}/analysis``), never during the game.
"""

from __future__ import annotations

from collections.abc import Callable

from kroeg.bots.eurokaarten.analysis import analyse as analyse_eurokaarten
from kroeg.bots.klaverjassen.analysis import analyse as analyse_klaverjassen
from kroeg.bots.toepen.analysis import analyse as analyse_toepen
from kroeg.games.base import JSON

Analysis = JSON

ANALYSERS: dict[str, Callable[[JSON], Analysis]] = {
    "eurokaarten": analyse_eurokaarten,
    "klaverjassen": analyse_klaverjassen,
    "toepen": analyse_toepen,
}


def analyse(record: JSON) -> Analysis | None:
    """The analysis of a finished game's record, or None when its game has none."""
    analyser = ANALYSERS.get(str(record.get("game")))
    return None if analyser is None else analyser(record)
