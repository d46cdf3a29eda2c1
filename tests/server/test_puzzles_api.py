"""The puzzles' REST (kroeg.server.puzzles_api, docs/puzzles.md): a puzzle shows only
its seat's view, an answer counts once and rates both sides, and every refused request
names a stable code and changes nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from kroeg.puzzles.klaverjassen import mine
from kroeg.puzzles.toepen import mine as mine_toepen
from kroeg.store import open_store, schema
from kroeg.store.puzzles import PuzzleStore
from tests.puzzles.deals import PUZZLE_HANDS, PUZZLE_TRICKS, handmade_record
from tests.puzzles.toepen_deals import HANDS as TOEPEN_HANDS
from tests.puzzles.toepen_deals import KNOCK_ON_A_LOST_TRICK
from tests.puzzles.toepen_deals import record as toepen_record
from tests.server.harness import Server, serving
from tests.store.databases import BACKENDS


@pytest.fixture(scope="module", params=BACKENDS)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """A server of this module's own: "the next puzzle" and "none left" are about every
    puzzle in the store, and the test process's shared server also holds the puzzles
    mined from other modules' games (tests/server/test_puzzle_mining.py before this
    module on one worker failed it)."""
    with serving(request.param, tmp_path_factory.mktemp("server-puzzles"), request) as made:
        yield made


async def _stored(server: Server) -> dict[int, int]:
    """The hand-made deal's puzzles in the server's store (added once); id by trick."""
    store = await open_store(server.database_url)
    try:
        doc = handmade_record(PUZZLE_HANDS, PUZZLE_TRICKS)
        mined = mine(doc, random.Random(1))
        await PuzzleStore(store).add(mined, "klaverjassen", "nku", None)
        p = schema.puzzles
        # Only this deal's: the server is shared with other modules, whose finished
        # games leave puzzles of their own in its store.
        keys = [puzzle.key for puzzle in mined]
        async with store.engine.connect() as conn:
            rows = await conn.execute(sa.select(p.c.id, p.c.trick).where(p.c.key.in_(keys)))
            return {row.trick: row.id for row in rows}
    finally:
        await store.close()


def _guest(server: Server, name: str) -> str:
    r = server.post("/api/guests", {"name": name})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def _get(server: Server, path: str, token: str | None = None) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    return httpx.get(f"{server.url}{path}", headers=headers, timeout=10)


def _cards(value: Any) -> set[str]:
    """Every string in the JSON that names a card of the piquet deck."""
    names = {r + s for r in "789TJQKA" for s in "cdhs"}
    if isinstance(value, str):
        return {value} & names
    if isinstance(value, dict):
        return set().union(set(), *(_cards(k) | _cards(v) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(set(), *(_cards(v) for v in value))
    return set()


async def test_a_puzzle_shows_no_card_outside_its_seat_s_view(server: Server) -> None:
    ids = await _stored(server)
    hands = [set(h.split()) for h in PUZZLE_HANDS]
    for trick, puzzle_id in ids.items():
        r = _get(server, f"/api/puzzles/{puzzle_id}")
        assert r.status_code == 200, r.text
        body = r.json()
        seat = body["seat"]
        view = body["view"]
        played = {c for t in view["tricks"] for c in t["cards"]} | {
            t["card"] for t in view["trick"]
        }
        hidden = set().union(*(hands[s] for s in range(4) if s != seat)) - played
        assert not _cards(body) & hidden, (trick, _cards(body) & hidden)
        assert set(view["hand"]) <= hands[seat]
        assert "solution" not in body and "best" not in body
        assert body["replay"] is None  # mined off the server: no game to replay


async def test_an_answer_counts_once_and_rates_player_and_puzzle(server: Server) -> None:
    ids = await _stored(server)
    token = _guest(server, "Puzzelaar")
    puzzle_id = ids[7]  # Ah is the card (tests/puzzles/deals.py)
    r = server.post(f"/api/puzzles/{puzzle_id}/answer", {"card": "Ah"}, token=token)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["correct"] is True and answer["best"] == "Ah" and answer["chosen"] == "7h"
    assert set(answer["mean_values"]) == {"7h", "Ah"}
    assert answer["rating"] > answer["rating_before"] == 1500
    assert answer["streak"] == 1
    before = _get(server, f"/api/puzzles/{puzzle_id}").json()
    assert before["attempts"] >= 1
    again = server.post(f"/api/puzzles/{puzzle_id}/answer", {"card": "7h"}, token=token)
    assert again.status_code == 409 and again.json()["detail"]["code"] == "puzzle_answered"
    history = _get(server, "/api/puzzles/history", token).json()
    assert [(a["puzzle"], a["card"], a["solved"]) for a in history["answers"]] == [
        (puzzle_id, "Ah", True)
    ]
    assert history["streak"] == 1 and history["rating"] == answer["rating"]
    assert _get(server, f"/api/puzzles/{puzzle_id}").json()["attempts"] == before["attempts"]
    # The next puzzle is one not answered yet; a miss ends the streak.
    nxt = _get(server, "/api/puzzles/next", token)
    assert nxt.status_code == 200 and nxt.json()["id"] == ids[6]
    miss = server.post(f"/api/puzzles/{ids[6]}/answer", {"card": "Ah"}, token=token).json()
    assert miss["correct"] is False and miss["best"] == "7h" and miss["streak"] == 0
    assert miss["rating"] < miss["rating_before"]
    none_left = _get(server, "/api/puzzles/next", token)
    assert none_left.status_code == 404 and none_left.json()["detail"]["code"] == "no_puzzle"


async def test_bad_answers_are_refused_with_a_code_and_change_nothing(server: Server) -> None:
    ids = await _stored(server)
    token = _guest(server, "Twijfelaar")
    puzzle_id = ids[7]
    attempts = _get(server, f"/api/puzzles/{puzzle_id}").json()["attempts"]
    cases = [
        (f"/api/puzzles/{999_999}/answer", {"card": "Ah"}, 404, "unknown_puzzle"),
        (f"/api/puzzles/{puzzle_id}/answer", {"card": "Zz"}, 422, "unknown_card"),
        (f"/api/puzzles/{puzzle_id}/answer", {"card": "Kc"}, 422, "illegal_card"),
    ]
    for path, body, status, code in cases:
        r = server.post(path, body, token=token)
        assert r.status_code == status and r.json()["detail"]["code"] == code, r.text
    unsigned = server.post(f"/api/puzzles/{puzzle_id}/answer", {"card": "Ah"})
    assert unsigned.status_code == 401
    assert unsigned.json()["detail"]["code"] == "not_authenticated"
    history = _get(server, "/api/puzzles/history", token).json()
    assert history["answers"] == [] and history["attempts"] == 0 and history["rating"] == 1500
    assert _get(server, f"/api/puzzles/{puzzle_id}").json()["attempts"] == attempts
    unknown = _get(server, "/api/puzzles/999999")
    assert unknown.status_code == 404 and unknown.json()["detail"]["code"] == "unknown_puzzle"


async def test_the_daily_puzzle_is_one_for_everyone(server: Server) -> None:
    await _stored(server)
    first = _get(server, "/api/puzzles/daily")
    # Any of the store's puzzles (the server is shared with other modules' games), the
    # same for the next person.
    assert first.status_code == 200
    assert _get(server, f"/api/puzzles/{first.json()['id']}").status_code == 200
    assert _get(server, "/api/puzzles/daily").json()["id"] == first.json()["id"]


async def _stored_toepen(server: Server) -> dict[int, int]:
    """The Toepen knock puzzles of tests/puzzles/toepen_deals.py in the store; id by seat."""
    store = await open_store(server.database_url)
    try:
        doc = toepen_record(KNOCK_ON_A_LOST_TRICK)
        mined = mine_toepen(doc, random.Random(1))
        await PuzzleStore(store).add(mined, "toepen", "kroegregels", None)
        p = schema.puzzles
        keys = [puzzle.key for puzzle in mined]  # only this deal's, as in _stored
        async with store.engine.connect() as conn:
            rows = await conn.execute(sa.select(p.c.id, p.c.seat).where(p.c.key.in_(keys)))
            return {row.seat: row.id for row in rows}
    finally:
        await store.close()


async def test_a_toepen_puzzle_shows_only_the_seat_s_view_and_its_knock_choices(
    server: Server,
) -> None:
    ids = await _stored_toepen(server)
    assert sorted(ids) == [0, 3]
    for seat, puzzle_id in ids.items():
        body = _get(server, f"/api/puzzles/{puzzle_id}").json()
        view = body["view"]
        played = {t["card"] for t in view["trick"]}
        played |= {t["card"] for trick in view["tricks"] for t in trick}
        hidden = {c for s, hand in enumerate(TOEPEN_HANDS) if s != seat for c in hand} - played
        assert not _cards(body) & hidden, _cards(body) & hidden
        assert set(view["hand"]) <= set(TOEPEN_HANDS[seat])
        assert "best" not in body and "best_share" not in body
        assert body["game"] == "toepen" and "stake" in view and "points" in view
    assert _get(server, f"/api/puzzles/{ids[0]}").json()["cards"] == ["knock", "wait"]
    assert _get(server, f"/api/puzzles/{ids[3]}").json()["cards"] == ["stay", "fold"]


async def test_a_toepen_puzzle_is_answered_with_a_choice(server: Server) -> None:
    ids = await _stored_toepen(server)
    token = _guest(server, "Toeper")
    for body in ({"choice": "stay"}, {"card": "Td"}, {}):
        r = server.post(f"/api/puzzles/{ids[0]}/answer", body, token=token)
        assert r.status_code == 422 and r.json()["detail"]["code"] == "illegal_choice", r.text
    assert _get(server, "/api/puzzles/history", token).json()["answers"] == []
    r = server.post(f"/api/puzzles/{ids[0]}/answer", {"choice": "knock"}, token=token)
    assert r.status_code == 200, r.text
    answer = r.json()
    assert (answer["correct"], answer["card"], answer["best"]) == (False, "knock", "wait")
    assert answer["mean_values"] == {"knock": 2.0, "wait": 1.0}
    r = server.post(f"/api/puzzles/{ids[3]}/answer", {"choice": "fold"}, token=token)
    assert r.json()["correct"] is True
    history = _get(server, "/api/puzzles/history", token).json()
    assert [(a["card"], a["solved"]) for a in history["answers"]] == [
        ("fold", True),
        ("knock", False),
    ]
