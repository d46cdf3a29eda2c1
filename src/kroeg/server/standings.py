"""The standings of a finished game after each of its deals, for the replay page.

The replay in the browser moves the cards; the scores come from the engine, replaying the
record one deal further each time (``kroeg.records.replay``), so the page never counts
points itself. A game has a few dozen deals at most, each replayed in a millisecond or two.
"""

from __future__ import annotations

from typing import Any

from kroeg.games.base import JSON
from kroeg.records import replay


def deal_standings(record: JSON) -> JSON:
    """``{"deals": [{"summary", "standings"}], "result"}``: each finished deal's summary
    (RECORDS.md, "Deal summaries") and the standings after it; a deal the record stops in
    (a game ended by leaving) has no summary and is left out."""
    deals: list[JSON] = []
    result: Any = None
    for count in range(1, len(record.get("deals", [])) + 1):
        out, _status = replay({**record, "deals": record["deals"][:count]})
        if not out.get("ok"):
            break
        summaries = out["deals"]
        if len(summaries) >= count:
            deals.append({"summary": summaries[count - 1], "standings": out["standings"]})
        result = out["result"]
    return {"deals": deals, "result": result}
