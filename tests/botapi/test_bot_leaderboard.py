"""The bots' own leaderboard (issue 22 point 1: "Bots are rated like anyone and have
their own leaderboard"; docs/bots-api.md): ``GET /api/leaderboard/{game}?kind=bot`` shows
a bot's rating and the people's board does not, and the other way round.

The leaderboard's rule (20 rated games against 5 established opponents, docs/ratings.md) is met by
writing the ratings into the server's database, as tests/e2e/test_ratings.py does:
tests/accounts/test_rating_store.py plays those games against the store."""

from __future__ import annotations

import sqlalchemy as sa

from kroeg.store import open_store, schema
from tests.botapi.conftest import account, bot_account, call
from tests.server.harness import Server


async def _rated(server: Server, player: str, score: float) -> None:
    """The player's Toepen kroegregels rating, with enough games and people to show."""
    store = await open_store(server.database_url)
    try:
        async with store.engine.begin() as conn:
            await conn.execute(
                sa.insert(schema.ratings).values(
                    player_id=player,
                    game="toepen",
                    variant="kroegregels",
                    mu=score + 15.0,
                    sigma=5.0,
                    score=score,
                    games=20,
                    opponents=5,
                    established=5,
                )
            )
    finally:
        await store.close()


def _names(server: Server, query: str) -> list[str]:
    r = server.get(f"/api/leaderboard/toepen{query}")
    assert r.status_code == 200, r.text
    return [p["name"] for p in r.json()["players"]]


async def test_a_bot_is_on_the_bots_board_and_not_on_the_peoples(server: Server) -> None:
    bot = bot_account(server)
    person, person_login = account(server, "Mens")
    await _rated(server, bot.player, 30.0)
    await _rated(server, person, 10.0)
    bot_name = call(server, "GET", "/api/me", bot.login).json()["account"]["name"]
    person_name = call(server, "GET", "/api/me", person_login).json()["account"]["name"]

    bots = server.get("/api/leaderboard/toepen?variant=kroegregels&kind=bot").json()
    assert bots["kind"] == "bot" and bots["variant"] == "kroegregels"
    assert bot_name in [p["name"] for p in bots["players"]]
    assert person_name not in [p["name"] for p in bots["players"]]
    [row] = [p for p in bots["players"] if p["name"] == bot_name]
    assert row["rating"] == 30.0 and row["games"] == 20

    people = _names(server, "?variant=kroegregels")  # kind=person is the default
    assert person_name in people and bot_name not in people
    assert _names(server, "?kind=person") == people


def test_an_unknown_board_is_refused(server: Server) -> None:
    r = server.get("/api/leaderboard/toepen?kind=house")
    assert r.status_code == 422
    assert r.json()["detail"]["code"] == "unknown_board"
    assert "person, bot" in r.json()["detail"]["message"]
