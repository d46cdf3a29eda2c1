"""The REST lobby API (issue 5 item 8) and the static client's routes."""

from __future__ import annotations

import httpx

from tests.server.harness import Server


def test_health_variants_and_openapi(sqlite_server: Server) -> None:
    assert sqlite_server.get("/api/health").json() == {
        "ok": True,
        "status": "ok",
        "tables": sqlite_server.get("/api/health").json()["tables"],
        "broken": [],
        "database": "sqlite",
    }
    games = {g["game"]: g for g in sqlite_server.get("/api/variants").json()["games"]}
    assert set(games) == {"toepen", "klaverjassen", "eurokaarten"}
    assert games["toepen"]["variants"]["kroegregels"]["max_points"] == 10
    assert games["klaverjassen"]["options"]["troefplicht"]["type"] == "choice"
    assert games["eurokaarten"]["seat_range"] == [6, 6]
    # Seats per variant (RULES.md §2.1 kroegregels exactly 4, §3 klassiek 3-8, §7.1 always 6).
    toepen = games["toepen"]["traits"]
    assert toepen["kroegregels"]["seats"] == [4, 4] and toepen["kroegregels"]["loser_rotation"]
    assert toepen["klassiek"]["seats"] == [3, 8] and not toepen["klassiek"]["loser_rotation"]
    assert games["eurokaarten"]["traits"]["standaard"]["clock_per_turn"] is True
    # Seed 000: Toepen kroegregels is played by four; klassiek by three to eight (RULES.md §4).
    assert games["toepen"]["variant_seats"] == {"kroegregels": [4], "klassiek": [3, 4, 5, 6, 7, 8]}
    assert games["toepen"]["house_levels"] == ["huis", "basis", "sterk", "meester"]
    assert games["eurokaarten"]["clock_option"] == "turn_clock"
    assert games["klaverjassen"]["clock_option"] is None
    paths = sqlite_server.get("/openapi.json").json()["paths"]
    assert "/api/tables" in paths and "/api/games/{game_id}/record" in paths


def test_guests_get_a_token_that_works_as_cookie_and_bearer(sqlite_server: Server) -> None:
    r = sqlite_server.post("/api/guests", {"name": " Anna  de Vries "})
    assert r.status_code == 200
    guest = r.json()
    assert guest["name"] == "Anna de Vries" and r.cookies["kroeg_token"] == guest["token"]
    by_cookie = httpx.get(
        f"{sqlite_server.url}/api/me", cookies={"kroeg_token": guest["token"]}, timeout=10
    )
    assert by_cookie.json() == {
        "id": guest["player"],
        "player": guest["player"],
        "name": "Anna de Vries",
        "account": None,
    }
    forged = guest["token"][:-1] + ("0" if guest["token"][-1] != "0" else "1")
    r = httpx.get(
        f"{sqlite_server.url}/api/me", headers={"authorization": f"Bearer {forged}"}, timeout=10
    )
    assert r.status_code == 401 and r.json()["detail"]["code"] == "not_authenticated"
    assert sqlite_server.post("/api/guests", {"name": ""}).status_code == 422
    assert sqlite_server.post("/api/guests", {"name": "x" * 25}).status_code == 422


def bad_option_is_named(server: Server) -> object:
    """A refused option: the error body names it as the game's refusal (rule, args), so
    the new-table form can say which option and what is allowed."""
    body = {"game": "toepen", "variant": "klassiek", "options": {"max_points": 1}}
    r = server.post("/api/tables", body, token=server.host_token())
    assert r.status_code == 422
    return r.json()["detail"]


def test_tables_are_created_checked_listed_and_sat_at(sqlite_server: Server) -> None:
    bram = sqlite_server.post("/api/guests", {"name": "Bram"}).json()
    token = bram["token"]
    bad = [
        ({"game": "poker", "variant": "x"}, "unknown game"),
        ({"game": "toepen", "variant": "snel"}, "unknown variant"),
        ({"game": "toepen", "variant": "klassiek", "options": {"max_points": 1}}, "max_points"),
        ({"game": "eurokaarten", "variant": "standaard", "seats": 5}, "exactly 6 players"),
        ({"game": "klaverjassen", "variant": "nku", "house_level": "god"}, "house_level"),
        ({"game": "klaverjassen", "variant": "nku", "clock_seconds": 0.01}, "clock_seconds"),
    ]
    for body, words in bad:
        r = sqlite_server.post("/api/tables", body, token=token)
        assert r.status_code == 422, body
        assert words in r.json()["detail"]["message"], r.json()
    open_id = sqlite_server.table("eurokaarten", "standaard")
    assert bad_option_is_named(sqlite_server) == {
        "code": "bad_table",
        "message": "option max_points must be from 3 to 100, got 1",
        "rule": "option_range",
        "args": {"option": "max_points", "low": 3, "high": 100},
    }
    secret = sqlite_server.post(
        "/api/tables", {"game": "toepen", "variant": "kroegregels", "private": True}, token=token
    ).json()
    assert secret["invite"] == f"/t/{secret['id']}"
    listed = {t["id"] for t in sqlite_server.get("/api/tables").json()["tables"]}
    assert open_id in listed and secret["id"] not in listed
    summary = sqlite_server.get(f"/api/tables/{open_id}").json()
    assert summary["seats"] == 6 and all(p["house"] for p in summary["players"])
    sat = sqlite_server.post(f"/api/tables/{open_id}/sit", {"seat": 3}, token=token).json()
    assert sat["players"][3] == {
        "seat": 3,
        "player": bram["player"],
        "name": "Bram",
        "house": False,
        "account": None,  # a guest: the client's "gast" mark
        "away": True,  # seated by REST, no websocket open (docs/protocol.md)
        "out": False,
        "timeouts": 0,
        "bot": False,  # a guest, not a bot account (docs/bots-api.md)
    }
    again = sqlite_server.post(f"/api/tables/{open_id}/sit", {}, token=token)
    assert again.status_code == 409 and again.json()["detail"]["code"] == "already_seated"
    assert sqlite_server.post(f"/api/tables/{open_id}/sit", {}).status_code == 401
    stood = sqlite_server.post(f"/api/tables/{open_id}/stand", token=token).json()
    assert stood["players"][3]["house"]
    assert sqlite_server.get("/api/tables/nothere").status_code == 404


def test_a_record_is_published_only_once_the_game_is_over(sqlite_server: Server) -> None:
    token = sqlite_server.post("/api/guests", {"name": "Cor"}).json()["token"]
    table = sqlite_server.table("klaverjassen", "nku")
    sqlite_server.post(f"/api/tables/{table}/sit", token=token)
    started = sqlite_server.post(f"/api/tables/{table}/start", token=token).json()
    assert started["running"] and started["game_id"]
    r = sqlite_server.get(f"/api/games/{started['game_id']}/record")
    assert r.status_code == 409 and r.json()["detail"]["code"] == "game_not_over"
    assert sqlite_server.get("/api/games/999999/record").status_code == 404
    stand = sqlite_server.post(f"/api/tables/{table}/stand", token=token)
    assert stand.status_code == 409 and stand.json()["detail"]["code"] == "game_running"


def test_the_client_is_served_at_root_deep_links_and_web(sqlite_server: Server) -> None:
    root = sqlite_server.get("/")
    assert root.status_code == 200 and root.headers["content-type"].startswith("text/html")
    assert sqlite_server.get("/t/abcdef12").text == root.text
    assert sqlite_server.get("/web/index.html").status_code == 200
    assert sqlite_server.get("/web/no-such-file.js").status_code == 404


def test_speel_nu_waits_in_a_line_that_can_be_left(sqlite_server: Server) -> None:
    """Issue 32, build 3 (the line's matching at given times: tests/tables/test_quick.py):
    the server's window is KROEG_QUEUE_SECONDS, 4 s by default."""
    token = sqlite_server.post("/api/guests", {"name": "Wachter"}).json()["token"]
    auth = {"authorization": f"Bearer {token}"}
    joined = sqlite_server.post("/api/quick", {"game": "toepen", "variant": "kroegregels"}, token)
    assert joined.status_code == 200, joined.text
    assert joined.json()["state"] == "waiting" and joined.json()["waiting"] >= 1
    assert 0 < joined.json()["seconds_left"] <= 4
    now = httpx.get(f"{sqlite_server.url}/api/quick", headers=auth, timeout=10).json()
    assert now["state"] in ("waiting", "seated")  # a loaded machine may pass the window
    left = httpx.delete(f"{sqlite_server.url}/api/quick", headers=auth, timeout=10)
    assert left.json() == {"cancelled": now["state"] == "waiting"}
    bad = sqlite_server.post("/api/quick", {"game": "poker", "variant": "x"}, token)
    assert bad.status_code == 422 and bad.json()["detail"]["code"] == "bad_table"
    assert httpx.post(f"{sqlite_server.url}/api/quick", json={}, timeout=10).status_code == 401
