"""A Swiss night's next round (docs/clubs.md, "Swiss pairing"): who plays tonight, as
units (players, or the pairs on a pair night), the rounds played so far and their
points, handed to the pure :func:`kroeg.clubs.swiss.swiss_round`."""

from __future__ import annotations

import random
from collections.abc import Sequence

from kroeg.clubs.access import ClubAccess
from kroeg.clubs.byes import sit_outs
from kroeg.clubs.results import Results
from kroeg.clubs.schedule import Round
from kroeg.clubs.sheets import HIGHER_IS_BETTER
from kroeg.clubs.swiss import Unit, swiss_round
from kroeg.store.clubs import Row


async def next_swiss_round(
    access: ClubAccess, results: Results, night: Row, number: int
) -> tuple[Round, list[str]]:
    """The tables of round ``number`` (2 or later) of a Swiss night, by the standing
    after the rounds before it, and (a night with byes) who sits it out: the units that
    do not fill a table, in turn (:func:`kroeg.clubs.byes.sit_outs`), before the rest
    are paired."""
    store = access.store
    units = playing_units(await store.registrations(night["id"]), pairs=night["pairs"])
    resting: list[str] = []
    if night["byes"] != "house":
        per_table = 2 if night["pairs"] else night["table_size"]
        history = [
            [u for u in units if u[0] in (r["sitting_out"] or [])]
            for r in await store.rounds(night["id"])
            if r["number"] < number
        ]
        rng = random.Random(f"kroeg-club-byes:{night['seed']}:{number}")
        out = sit_outs(units, len(units) % per_table, history, rng)
        units = [u for u in units if u not in out]
        resting = [m for u in out for m in u]
    tables = await store.round_tables(night["id"])
    played = [
        tuple(tuple(t["seating"]) for t in tables if t["round"] == r) for r in range(1, number)
    ]
    points = (await results.round_points(night))[: number - 1]
    drawn = swiss_round(
        units,
        played,
        points,
        table_size=night["table_size"],
        higher_is_better=HIGHER_IS_BETTER[night["game"]],
        seed=night["seed"],
    )
    return drawn, resting


def playing_units(registered: Sequence[Row], *, pairs: bool) -> list[Unit]:
    """Everyone still playing (a replacement in the place of who left); on a pair night
    each pair once, its partner found from either side of the registration (a
    replacement is registered with the partner of the player who left)."""
    playing = [r for r in registered if r["left_at"] is None]
    if not pairs:
        return [(r["member_id"],) for r in playing]
    here = {r["member_id"] for r in playing}
    units: list[Unit] = []
    seen: set[str] = set()
    for r in playing:
        member = r["member_id"]
        if member in seen:
            continue
        partner = r["partner_id"] if r["partner_id"] in here else None
        if partner is None:
            partner = next((o["member_id"] for o in playing if o["partner_id"] == member), None)
        if partner is None or partner in seen:
            continue
        seen |= {member, partner}
        units.append((member, partner))
    return units
