"""A finished table after a restart (issue 18, point 5): it shows its last game's result
and names that game for the replay, instead of "no game yet" and zero coins."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.harness import Client, Server, autoplay, is_state, log_path
from tests.store.databases import BACKENDS, database


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database(request.param, tmp_path) as url:
        yield url


async def test_a_finished_table_shows_its_last_result_after_kill_9(
    request: pytest.FixtureRequest, db_url: str
) -> None:
    server = Server(db_url, log_path(request)).start()
    try:
        table = server.table("eurokaarten", "standaard", options={"start_coins": 1})
        anna = await Client.connect(server, "Anna")
        await anna.send({"type": "sit", "table": table, "seat": 0})
        await anna.expect(lambda f: f["type"] == "snapshot" and f["you"] == 0)
        await anna.send({"type": "start", "table": table})
        last = await autoplay(anna, table, random.Random(1), seat=0)
        assert last["running"] is False and last["view"]["result"] is not None
        await anna.close()
        server.kill()
        server = Server(db_url, log_path(request)).start()
        again = await Client.connect(server, name=None, token=anna.token)
        await again.send({"type": "watch", "table": table})
        snapshot = await again.expect(is_state(table))
        assert snapshot["type"] == "snapshot"
        assert snapshot["running"] is False
        assert snapshot["game_id"] == last["game_id"], "the replay link names the last game"
        assert snapshot["view"] is not None, "not 'Nog geen spel'"
        assert snapshot["view"]["result"] == last["view"]["result"]
        assert snapshot["view"]["standings"] == last["view"]["standings"], "its coins"
        assert snapshot["legal"] == [] and snapshot["to_act"] == []
        # And a new game starts from there as from any finished game.
        await again.send({"type": "start", "table": table})
        started = await again.expect(lambda f: is_state(table)(f) and f.get("running") is True)
        assert started["game_id"] != last["game_id"]
        await again.close()
    finally:
        server.stop()
