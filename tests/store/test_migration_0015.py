"""Migration 0015 on SQLite and on PostgreSQL, over a sheet as 0012 stores it after the
finding of the trust issue (item 3): a score line with a field the game does not have
(on SQLite holding a lone surrogate, which made the sheet answer 500 for good) and a line
with ``revoked`` but no V. After the upgrade every stored line has only its game's
fields (valid UTF-8 throughout), and the
nights get ``created_by`` (null for the old ones)."""

from __future__ import annotations

import json

import sqlalchemy as sa

from kroeg.store import open_store, schema
from kroeg.store.database import create_engine, database_url
from tests.store.test_migrations import _migrate

MADE = {"played": 0, "points": [100, 62], "roem": [20, 0]}


async def _poisoned(db_url: str, surrogate: str) -> None:
    engine = create_engine(database_url(db_url))
    try:
        await _migrate(engine, "0012")
        async with engine.begin() as conn:
            await conn.execute(
                sa.insert(schema.players).values(id="p1", name="Org", created_at=1.0)
            )
            await conn.execute(
                sa.insert(schema.clubs).values(
                    id="c1", name="Club", season_best=1, created_by="p1", created_at=1.0
                )
            )
            await conn.execute(
                sa.insert(schema.club_nights).values(
                    id="n1", club_id="c1", title="Avond", game="klaverjassen", variant="nku",
                    options={}, table_size=4, rounds=1, deals_per_round=4, mode="bar",
                    seed="s", status="open", current_round=1, created_at=1.0,
                )
            )  # fmt: skip
            await conn.execute(
                sa.insert(schema.round_tables).values(
                    id="t1", night_id="n1", round=1, number=1, seating=[], secret_hash="x"
                )
            )
            lines = {
                "e1": {**MADE, "note": f"a{surrogate}b"},
                "e2": {**MADE, "revoked": 1},
                "e3": {**MADE, "mark": None},
            }
            for deal, (entry, line) in enumerate(lines.items(), 1):
                await conn.execute(
                    sa.insert(schema.score_entries).values(
                        id=entry, round_table_id="t1", night_id="n1", deal=deal, created_at=1.0
                    )
                )
                await conn.execute(
                    sa.insert(schema.score_changes).values(
                        id=entry, entry_id=entry, night_id="n1", line=line,
                        by="Mieke", at=1.0,
                    )
                )  # fmt: skip
    finally:
        await engine.dispose()


async def test_stored_lines_keep_only_their_games_fields(db_url: str) -> None:
    # A lone surrogate is what SQLite kept; PostgreSQL's json refuses one, so there the
    # unknown field holds plain text.
    surrogate = "\ud800" if db_url.startswith("sqlite") else ""
    await _poisoned(db_url, surrogate)
    store = await open_store(db_url)  # upgrades to the newest revision
    try:
        async with store.engine.connect() as conn:
            c = schema.score_changes
            rows = (await conn.execute(sa.select(c.c.id, c.c.line, c.c.by).order_by(c.c.id))).all()
            creators = (await conn.execute(sa.select(schema.club_nights.c.created_by))).scalars()
            assert list(creators) == [None]
    finally:
        await store.close()
    assert [(r.id, r.line) for r in rows] == [
        ("e1", MADE),
        ("e2", MADE),
        ("e3", {**MADE, "mark": None}),
    ]
    json.dumps([r.line for r in rows], ensure_ascii=False).encode()  # valid UTF-8 now
