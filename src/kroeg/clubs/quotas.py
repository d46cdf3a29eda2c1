"""The quotas of club nights (docs/clubs.md, "Quotas"): clubs and nights one account may
create a day, corrections of one sheet a minute. Each counts what the database already
holds (its rows' times), so a restart forgets nothing and every process of a cluster
counts the same rows; the caller checks under its own lock, before it writes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from kroeg.clubs.errors import ClubError

DAY = 86400.0
MINUTE = 60.0


@dataclass(frozen=True, slots=True)
class ClubQuotas:
    clubs_per_day: int = 10
    nights_per_day: int = 20
    corrections_per_minute: int = 30


def check_quota(times: Iterable[float], limit: int, window: float, now: float, what: str) -> None:
    """Refuse (``quota_exceeded``, with the seconds until one more is allowed) when
    ``limit`` of ``times`` already fall in the ``window`` seconds before ``now``."""
    recent = sorted(t for t in times if t > now - window)
    if len(recent) < limit:
        return
    wait = max(1, math.ceil(recent[-limit] + window - now))
    per = "a day" if window == DAY else "a minute"
    raise ClubError(
        "quota_exceeded",
        f"at most {limit} {what} {per}; try again in {wait} s",
        retry_after=wait,
    )
