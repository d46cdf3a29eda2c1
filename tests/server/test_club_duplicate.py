"""An online duplicate night (issue 29 point 2) at a real ``kroeg serve``: both tables of
a round deal the same boards (compared card by card in the games' hand records), those
of the night's committed board set, which is revealed and verifies once the night
closes; the standings compare each pair only with the pair that held the same cards,
worked out here from the hand records; my-tables shows what the other table made of
each board. The house plays every seat (each clock runs out twice)."""

from __future__ import annotations

import time
from typing import Any

from kroeg.bots.klaverjassen.kernel import Solver
from kroeg.clubs.board_values import contract_value
from kroeg.clubs.boards import import_boards, round_secret, verify_published
from kroeg.games import make_game
from kroeg.games.base import Deal
from kroeg.games.klaverjassen import Klaverjassen
from tests.server.clubs_support import call, ok, refused
from tests.server.harness import Server
from tests.server.test_club_online import note_tables, online_night, wait_round_over


def _duplicate_night(server: Server, scoring: str = "matchpoints") -> dict[str, Any]:
    setup = online_night(server, 8, clock=0.05, rounds=1, deals=4)
    # online_night made the club, its members and a plain night; the duplicate one is
    # the same body with its scoring
    body = {
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": 1,
        "deals_per_round": 4,
        "mode": "online",
        "seed": "dup-1",
        "clock_seconds": 0.05,
        "duplicate": scoring,
    }
    club = setup["club"]["id"]
    night = ok(call(server, "POST", f"/api/clubs/{club}/nights", body, setup["org"]))
    for member in setup["tokens"]:
        path = f"/api/clubs/nights/{night['id']}/players"
        ok(call(server, "POST", path, {"member": member}, setup["org"]))
    setup["night"] = ok(
        call(server, "POST", f"/api/clubs/nights/{night['id']}/open", None, setup["org"])
    )
    return setup


def _records(server: Server, setup: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Per table number, the hand record of its game."""
    night = ok(call(server, "GET", f"/api/clubs/nights/{setup['night']['id']}"))
    out = {}
    for table in night["schedule"][0]["tables"]:
        member = next(s["member"] for s in table["seats"] if not s["house"])
        token, table_id = setup["tokens"][member], setup["table_of"][member]
        games = ok(call(server, "GET", f"/api/tables/{table_id}/games", None, token))["games"]
        out[table["number"]] = ok(
            call(server, "GET", f"/api/games/{games[0]['id']}/record", None, token)
        )
        out[table["number"]]["seats_of_night"] = table["seats"]
    return out


def test_both_tables_play_the_same_committed_boards_and_are_compared_on_them(
    server: Server,
) -> None:
    setup = _duplicate_night(server)
    night_id, org = setup["night"]["id"], setup["org"]
    announced = setup["night"]["duplicate"]
    assert announced["scoring"] == "matchpoints"
    assert set(announced["set"]) == {"format", "game", "source", "count", "per_round", "commitment"}
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, org))
    note_tables(server, setup)
    assert len(set(setup["table_of"].values())) == 2
    wait_round_over(server, night_id)
    records = _records(server, setup)
    deals = {n: [Deal.from_json(d) for d in r["deals"]] for n, r in records.items()}
    assert len(deals[1]) == 4 and deals[1] == deals[2], "both tables dealt the same cards"
    assert records[1]["dealer"] == records[2]["dealer"] == 0
    assert all(r["fair"]["deals"][0]["contributions"] == {} for r in records.values())

    # Standings: per board the two NS pairs (and the two EW pairs) against each other.
    standings = ok(call(server, "GET", f"/api/clubs/nights/{night_id}/standings"))
    dup = standings["duplicate"]
    assert [b["board"] for b in dup["boards"]] == [1, 2, 3, 4]
    percent: dict[str, list[float]] = {}
    for j in range(4):
        score = {n: records[n]["deals"][j] for n in (1, 2)}
        totals = {n: _score_of(server, setup, n, j) for n in (1, 2)}
        for team in (0, 1):
            a, b = totals[1][team], totals[2][team]
            mine = {1: 100.0 if a > b else 50.0 if a == b else 0.0}
            mine[2] = 100.0 - mine[1]
            for n in (1, 2):
                seats = records[n]["seats_of_night"]
                for seat in (team, team + 2):
                    if not seats[seat]["house"]:
                        percent.setdefault(seats[seat]["member"], []).append(mine[n])
        assert score[1]["hands"] == score[2]["hands"]
    got = {p["member"]: p["percent"] for p in dup["players"]}
    assert got == {m: sum(v) / len(v) for m, v in percent.items()}

    # my-tables: each board beside what the other table made of it
    mine = ok(
        call(server, "GET", "/api/clubs/my-tables", None, next(iter(setup["tokens"].values())))
    )
    boards = mine["tables"][0]["boards"]
    assert [b["board"] for b in boards] == [1, 2, 3, 4]
    assert all(b["others"] == 1 for b in boards)

    # Before the close no secret and no boards in anything anyone reads of the night;
    # after it the whole set, which verifies.
    someone = next(iter(setup["tokens"].values()))
    club_id = setup["club"]["id"]
    before = [
        call(server, "GET", path, None, token).text
        for path, token in [
            (f"/api/clubs/nights/{night_id}", None),
            (f"/api/clubs/nights/{night_id}/standings", None),
            (f"/api/clubs/nights/{night_id}/standings.csv", None),
            (f"/api/clubs/{club_id}", None),
            (f"/api/clubs/{club_id}/season", None),
            ("/api/clubs/my-tables", someone),
            (f"/api/clubs/nights/{night_id}/links", org),
        ]
    ]
    shown = ok(call(server, "GET", f"/api/clubs/nights/{night_id}"))["duplicate"]["set"]
    assert "secret" not in shown and "boards" not in shown
    closed = ok(call(server, "POST", f"/api/clubs/nights/{night_id}/close", None, org))
    published = closed["duplicate"]["set"]
    secret = bytes.fromhex(published["secret"])
    for text in before:
        assert secret.hex() not in text and round_secret(secret, 1).hex() not in text
    assert published["commitment"] == announced["set"]["commitment"]
    assert verify_published(published) == 4
    assert [Deal.from_json({**b, "stock": []}) for b in published["boards"]] == deals[1]

    # After the close each board gets its double-dummy value for the contract played at
    # each table (the declarer and trump from the hand records' deal summaries).
    rows = _valued(server, night_id)
    game = make_game("klaverjassen", "nku", {"game_length": "4_deals"})
    assert isinstance(game, Klaverjassen)
    boards = import_boards({"format": "kroeg-boards/1", "boards": published["boards"]}).boards
    # Each contract solved once, with a fresh solver as before (independent of the
    # server's one solver per night): both tables often play the same contract.
    values: dict[tuple[int, str, int], int] = {}
    for board in boards:
        for row in rows[board.number]:
            summary = _summary_of(server, setup, row["table"], board.number - 1)
            assert (row["declarer"], row["trump"]) == (summary["declarer"], summary["trump"])
            contract = (board.number, summary["trump"], summary["declarer"])
            if contract not in values:
                trump, declarer = summary["trump"], summary["declarer"]
                values[contract] = contract_value(game, board, trump, declarer, Solver())
            assert row["value"] == values[contract]

    # The CSV and the club's season carry the percentages.
    csv = call(server, "GET", f"/api/clubs/nights/{night_id}/standings.csv").text.splitlines()
    assert csv[0] == "rank,name,round 1,percent,butler"
    assert len(csv) == 9
    season = ok(call(server, "GET", f"/api/clubs/{setup['club']['id']}/season"))
    assert {p["member"]: (p["percent"], p["nights"]) for p in season["duplicate"]} == {
        m: (v, 1) for m, v in got.items()
    }


def _valued(server: Server, night_id: str) -> dict[int, list[dict[str, Any]]]:
    """The closed night's board rows once their values are worked out (in the
    background after the close)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        dup = ok(call(server, "GET", f"/api/clubs/nights/{night_id}/standings"))["duplicate"]
        rows = {b["board"]: b["results"] for b in dup["boards"]}
        if all(r["value"] is not None for results in rows.values() for r in results):
            return rows
        time.sleep(0.2)
    raise AssertionError("the boards' values were not worked out")


def _summary_of(server: Server, setup: dict[str, Any], table: int, j: int) -> dict[str, Any]:
    """Deal ``j``'s summary at table ``table``, from the game's standings."""
    night = ok(call(server, "GET", f"/api/clubs/nights/{setup['night']['id']}"))
    seats = night["schedule"][0]["tables"][table - 1]["seats"]
    member = next(s["member"] for s in seats if not s["house"])
    token, table_id = setup["tokens"][member], setup["table_of"][member]
    games = ok(call(server, "GET", f"/api/tables/{table_id}/games", None, token))["games"]
    record = ok(call(server, "GET", f"/api/games/{games[0]['id']}/standings", None, token))
    return dict(record["deals"][j]["summary"])


def _score_of(server: Server, setup: dict[str, Any], table: int, j: int) -> list[int]:
    """Deal ``j``'s score per team at table ``table``, from the game's standings."""
    night = ok(call(server, "GET", f"/api/clubs/nights/{setup['night']['id']}"))
    seats = night["schedule"][0]["tables"][table - 1]["seats"]
    member = next(s["member"] for s in seats if not s["house"])
    token, table_id = setup["tokens"][member], setup["table_of"][member]
    games = ok(call(server, "GET", f"/api/tables/{table_id}/games", None, token))["games"]
    record = ok(call(server, "GET", f"/api/games/{games[0]['id']}/standings", None, token))
    return list(record["deals"][j]["summary"]["score"])


def test_a_duplicate_night_refuses_what_its_boards_cannot_be(server: Server) -> None:
    setup = online_night(server, 4, clock=0.05, rounds=1, deals=4)
    club, org = setup["club"]["id"], setup["org"]
    body = {
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": 1,
        "deals_per_round": 4,
        "mode": "online",
    }
    nights = f"/api/clubs/{club}/nights"
    refused(call(server, "POST", nights, {**body, "duplicate": "imps"}, org), 422, "bad_request")
    gedraaid = {**body, "duplicate": "butler", "options": {"trump_mode": "gedraaid"}}
    refused(call(server, "POST", nights, gedraaid, org), 422, "bad_night")
    toepen = {**body, "game": "toepen", "variant": "kroegregels", "duplicate": "butler"}
    refused(call(server, "POST", nights, toepen, org), 422, "bad_night")
