"""Profiles and histories from the store (kroeg.accounts.history), on SQLite and
PostgreSQL: keyset pages, the game filter, and a private table's id shown only to its
players (issue 19 point 2; docs/accounts.md)."""

from __future__ import annotations

import sqlalchemy as sa

from kroeg.accounts import by_name
from kroeg.accounts.history import PAGE, games_of, profile
from kroeg.store import open_store, schema
from tests.accounts.games import add_player, add_table, play

WIN: dict[str, object] = {"losers": [1]}


async def test_the_history_pages_by_keyset_and_filters_by_game(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        await add_player(store, "a", "Anna")
        await add_table(store, "t", "toepen", "kroegregels", 4, rated=False)
        await add_table(store, "k", "klaverjassen", "nku", 4, rated=False)
        seats = [("a", "won"), (None, "lost"), (None, "won"), (None, "won")]
        ids = [await play(store, "t", "toepen", "kroegregels", seats, WIN) for _ in range(PAGE + 2)]
        klav = await play(store, "k", "klaverjassen", "nku", seats, {"winner": 0})
        account = await by_name(store, "ANNA")
        assert account is not None and account.name == "Anna"
        first = await games_of(store, account, viewer=None, game="toepen")
        newest = sorted(ids, reverse=True)
        assert [g["id"] for g in first["games"]] == newest[:PAGE]
        assert first["next"] == str(newest[PAGE - 1])
        second = await games_of(
            store, account, viewer=None, game="toepen", cursor=int(first["next"])
        )
        assert [g["id"] for g in second["games"]] == newest[PAGE:] and second["next"] is None
        every = await games_of(store, account, viewer=None)
        assert every["games"][0]["id"] == klav
        shown = await profile(store, account)
        assert [(g["game"], g["played"], g["won"]) for g in shown["games"]] == [
            ("klaverjassen", 1, 1),
            ("toepen", PAGE + 2, PAGE + 2),
        ]
        assert shown["games"][1]["form"] == ["won"] * 5
    finally:
        await store.close()


async def test_a_private_tables_id_is_shown_only_to_its_players(db_url: str) -> None:
    store = await open_store(db_url)
    try:
        await add_player(store, "a", "Anna")
        await add_player(store, "x", "Xander")
        await add_table(store, "secret-invite", "toepen", "kroegregels", 4, rated=False)
        async with store.engine.begin() as conn:
            t = schema.tables
            await conn.execute(sa.update(t).where(t.c.id == "secret-invite").values(private=True))
        seats = [("a", "won"), (None, "lost"), (None, "won"), (None, "won")]
        game_id = await play(store, "secret-invite", "toepen", "kroegregels", seats, WIN)
        account = await by_name(store, "Anna")
        assert account is not None
        [seen] = (await games_of(store, account, viewer="x"))["games"]
        assert seen["id"] == game_id
        assert seen["table"] is None and seen["replay"] is None and seen["record"] is None
        assert "secret-invite" not in repr(seen)
        [own] = (await games_of(store, account, viewer="a"))["games"]
        assert own["table"] == "secret-invite" and own["record"] == f"/api/games/{game_id}/record"
    finally:
        await store.close()
