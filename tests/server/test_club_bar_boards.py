"""Portefeuille-klaverjassen at the bar over REST (issue 29, point 3; docs/clubs.md, "At
the bar: boards and movement cards"): a Mitchell night seats its pairs by the movement,
prints its boards and table cards as PDF (read back with pypdf), and takes score lines
only for the boards a table held."""

from __future__ import annotations

import copy
import io
import uuid
from typing import Any

import httpx
from pypdf import PdfReader

from kroeg.clubs.boards import deal_boards, import_boards, import_commitment, verify_published
from tests.server.clubs_support import account, call, ok, refused
from tests.server.harness import Server

MADE = {"played": 0, "points": [100, 62], "roem": [20, 0]}
"""Wij played and made it (RULES.md §6.7)."""

SUITS = {"s": "schoppen", "h": "harten", "d": "ruiten", "c": "klaveren"}
RANKS = {"A": "A", "K": "H", "Q": "V", "J": "B", "T": "10", "9": "9", "8": "8", "7": "7"}
ORDER = "AKQJT987"


def _hand_lines(hand: list[str]) -> list[str]:
    """A hand as the printed board shows it, written out here from the card notation
    (RECORDS.md): per suit, schoppen first, high to low, '-' for a void."""
    lines = []
    for suit in "shdc":
        ranks = sorted((c[0] for c in hand if c[1] == suit), key=ORDER.index)
        lines.append(f"{SUITS[suit]}: " + (" ".join(RANKS[r] for r in ranks) or "-"))
    return lines


def _night(server: Server, pairs: int, pairing: str, rounds: int) -> dict[str, Any]:
    org = account(server, f"Org{uuid.uuid4().hex[:8]}")
    club = ok(call(server, "POST", "/api/clubs", {"name": "Portefeuille", "season_best": 1}, org))
    members = [
        ok(call(server, "POST", f"/api/clubs/{club['id']}/members", {"guest": f"Speler {i}"}, org))
        for i in range(2 * pairs)
    ]
    body = {
        "title": "Portefeuilleavond",
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": rounds,
        "deals_per_round": 2,
        "mode": "bar",
        "pairs": True,
        "pairing": pairing,
        "seed": "portefeuille-1",
    }
    night = ok(call(server, "POST", f"/api/clubs/{club['id']}/nights", body, org))
    for i in range(0, 2 * pairs, 2):
        pair = {"member": members[i]["id"], "partner": members[i + 1]["id"]}
        ok(call(server, "POST", f"/api/clubs/nights/{night['id']}/players", pair, org))
    return {"org": org, "night": night, "club": club}


def _pdf_text(r: httpx.Response) -> list[str]:
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/pdf"
    return [p.extract_text() for p in PdfReader(io.BytesIO(r.content)).pages]


def test_a_mitchell_night_prints_its_boards_and_table_cards(server: Server) -> None:
    setup = _night(server, 6, "mitchell", 3)
    org, night_id = setup["org"], setup["night"]["id"]
    night = ok(call(server, "POST", f"/api/clubs/nights/{night_id}/open", None, org))
    schedule = night["schedule"]
    # Mitchell of 3 tables: the NS (Wij) pairs stay, the EW (Zij) pairs move up a table,
    # the boards go down a table: table t holds group t + r - 1 (of 3) in round r.
    assert [len(r["tables"]) for r in schedule] == [3, 3, 3]
    wij = [
        [(t["seats"][0]["member"], t["seats"][2]["member"]) for t in r["tables"]] for r in schedule
    ]
    zij = [
        [(t["seats"][1]["member"], t["seats"][3]["member"]) for t in r["tables"]] for r in schedule
    ]
    assert wij[0] == wij[1] == wij[2]
    assert zij[1] == [zij[0][2], zij[0][0], zij[0][1]]
    assert zij[2] == [zij[0][1], zij[0][2], zij[0][0]]
    boards = [[t["boards"] for t in r["tables"]] for r in schedule]
    assert boards == [[[1, 2], [3, 4], [5, 6]], [[3, 4], [5, 6], [1, 2]], [[5, 6], [1, 2], [3, 4]]]
    assert night["boards"]["count"] == 6 and "boards" not in night["boards"]

    # Only an organiser prints: the boards hold every hidden card.
    pdf_path = f"/api/clubs/nights/{night_id}/boards.pdf"
    refused(call(server, "GET", pdf_path), 401, "not_authenticated")
    stranger = account(server, f"Kijker{uuid.uuid4().hex[:8]}")
    refused(
        call(server, "GET", f"/api/clubs/nights/{night_id}/boards.pdf", None, stranger),
        403,
        "not_organiser",
    )
    printed = _pdf_text(call(server, "GET", f"/api/clubs/nights/{night_id}/boards.pdf", None, org))
    cards = _pdf_text(call(server, "GET", f"/api/clubs/nights/{night_id}/movement.pdf", None, org))

    # Table 2's card, round 2: the Wij pair of table 2, the Zij pair that sat at table 1,
    # boards 5 and 6.
    names = {s["member"]: s["name"] for r in schedule for t in r["tables"] for s in t["seats"]}
    card = cards[1]
    assert card.startswith("Tafel 2")
    row = schedule[1]["tables"][1]["seats"]
    assert f"{names[row[0]['member']]} en {names[row[2]['member']]}" in card
    assert f"{names[row[1]['member']]} en {names[row[3]['member']]}" in card
    assert "2 " in card and "5 t/m 6" in card

    # The hands: after the close the set is published; the printed boards must be them.
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/close", None, org))
    published = ok(call(server, "GET", f"/api/clubs/nights/{night_id}"))["boards"]
    assert len(published["boards"]) == 6 and published["secret"]
    text = "\n".join(printed)
    for board in published["boards"]:
        at = text.index(f"Spel {board['board']}\n")
        block = text[at:].split("\n")
        for seat, compass in enumerate(("Noord", "Oost", "Zuid", "West")):
            start = block.index(compass)
            assert block[start + 1 : start + 5] == _hand_lines(board["hands"][seat]), board


def test_a_line_for_a_board_the_table_did_not_hold_is_refused(server: Server) -> None:
    setup = _night(server, 6, "mitchell", 3)
    org, night_id = setup["org"], setup["night"]["id"]
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/open", None, org))
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, org))
    links = ok(call(server, "GET", f"/api/clubs/nights/{night_id}/links", None, org))["tables"]
    token = next(t["token"] for t in links if (t["round"], t["number"]) == (1, 2))
    sheet = ok(call(server, "GET", f"/api/clubs/sheets/{token}"))
    assert sheet["boards"] == [3, 4]

    def line(board: int) -> httpx.Response:
        body = {"id": uuid.uuid4().hex, "deal": board, "line": MADE, "by": "Mieke"}
        return call(server, "POST", f"/api/clubs/sheets/{token}/entries", body)

    message = refused(line(1), 422, "board_not_held")
    assert "board 1" in message and "table 2" in message
    assert ok(call(server, "GET", f"/api/clubs/sheets/{token}")) == sheet
    assert ok(line(4))["entries"][0]["deal"] == 4


def test_a_movement_that_does_not_fit_is_refused_and_the_night_stays_a_draft(
    server: Server,
) -> None:
    for pairs, pairing, rounds, code, named in (
        (5, "mitchell", 2, "movement_unfit", "3 tables"),
        (6, "howell", 2, "movement_unfit", "not 3"),
        (6, "mitchell", 4, "movement_too_short", "3 tables"),
    ):
        setup = _night(server, pairs, pairing, rounds)
        org, night_id = setup["org"], setup["night"]["id"]
        message = refused(
            call(server, "POST", f"/api/clubs/nights/{night_id}/open", None, org), 422, code
        )
        assert named in message, message
        assert ok(call(server, "GET", f"/api/clubs/nights/{night_id}"))["status"] == "draft"
    # A movement is for pairs at the bar; a night without one prints nothing.
    body = {
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": 2,
        "deals_per_round": 4,
        "mode": "online",
        "pairs": True,
        "pairing": "howell",
    }
    refused(
        call(server, "POST", f"/api/clubs/{setup['club']['id']}/nights", body, org),
        422,
        "bad_night",
    )
    both = {**body, "mode": "bar", "pairing": "mitchell", "duplicate": "matchpoints"}
    message = refused(
        call(server, "POST", f"/api/clubs/{setup['club']['id']}/nights", both, org),
        422,
        "bad_night",
    )
    assert "deals its own boards" in message
    plain = _night(server, 4, "random", 2)
    refused(
        call(
            server,
            "GET",
            f"/api/clubs/nights/{plain['night']['id']}/boards.pdf",
            None,
            plain["org"],
        ),
        409,
        "no_movement",
    )


NAT = {"played": 1, "points": [90, 72], "roem": [0, 0], "mark": "N"}
"""Zij played and went nat: Wij take 162, Zij 0 (RULES.md §6.7)."""


def test_a_boards_results_are_matchpointed_once_every_table_has_played_it(
    server: Server,
) -> None:
    setup = _night(server, 6, "mitchell", 2)
    org, night_id = setup["org"], setup["night"]["id"]
    night = ok(call(server, "POST", f"/api/clubs/nights/{night_id}/open", None, org))
    links = ok(call(server, "GET", f"/api/clubs/nights/{night_id}/links", None, org))["tables"]
    tokens = {(t["round"], t["number"]): t["token"] for t in links}

    def line(rnd: int, table: int, board: int, what: dict[str, Any]) -> None:
        body = {"id": uuid.uuid4().hex, "deal": board, "line": what, "by": "Mieke"}
        ok(call(server, "POST", f"/api/clubs/sheets/{tokens[(rnd, table)]}/entries", body))

    def standings() -> dict[str, Any]:
        got = ok(call(server, "GET", f"/api/clubs/nights/{night_id}/standings"))["duplicate"]
        assert got is not None
        return dict(got)

    # Board 1 lies on table 1 in round 1 and on table 3 in round 2 (it goes down a table).
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, org))
    line(1, 1, 1, MADE)
    assert standings()["boards"] == []  # table 3 has still to play it
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/finish", None, org))
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/start", None, org))
    line(2, 3, 1, NAT)
    # By hand: NS made 120 at table 1 and 162 at table 3, EW 62 and 0. Each direction
    # compares its two pairs: table 3's NS and table 1's EW beat the other, 100 % to 0 %.
    board = standings()["boards"]
    assert [b["board"] for b in board] == [1]
    rows = {(r["round"], r["table"]): r for r in board[0]["results"]}
    assert (rows[(1, 1)]["ns_points"], rows[(1, 1)]["ew_points"]) == (120, 62)
    assert (rows[(2, 3)]["ns_points"], rows[(2, 3)]["ew_points"]) == (162, 0)
    assert (rows[(1, 1)]["ns_percent"], rows[(1, 1)]["ew_percent"]) == (0, 100)
    assert (rows[(2, 3)]["ns_percent"], rows[(2, 3)]["ew_percent"]) == (100, 0)
    assert (rows[(1, 1)]["ns_butler"], rows[(2, 3)]["ns_butler"]) == (-21, 21)
    winners = night["schedule"][1]["tables"][2]["seats"]
    percent = {p["member"]: p["percent"] for p in standings()["players"]}
    assert percent[winners[0]["member"]] == percent[winners[2]["member"]] == 100
    assert standings()["set"]["commitment"] == night["boards"]["commitment"]

    # Closed, the movement night counts in the club's duplicate ranking as an online
    # duplicate night does (issue 29 point 7: "a duplicate percentage ranking per club"):
    # with the club's best 1 night, each member's season percentage is this night's.
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/rounds/finish", None, org))
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/close", None, org))
    season = ok(call(server, "GET", f"/api/clubs/{setup['club']['id']}/season"))
    assert {p["member"]: (p["percent"], p["nights"]) for p in season["duplicate"]} == {
        m: (v, 1) for m, v in percent.items()
    }
    assert season["duplicate"][0]["percent"] == 100


def test_a_clubs_own_board_set_is_checked_committed_played_and_verified(server: Server) -> None:
    """Issue 29 point 1: "An organiser may instead import a set (a file of boards, e.g. one
    made by a club's own dealing program) whose hash is committed the same way"; bad
    input: "a board set with a missing or repeated card: a clear error naming the board,
    and nothing changes"."""
    setup = _night(server, 6, "mitchell", 2)  # 3 tables of 2 boards a round: 6 boards
    org, night_id = setup["org"], setup["night"]["id"]
    own = deal_boards(6, bytes(range(32))).published(revealed=True)["boards"]
    doc = {"format": "kroeg-boards/1", "boards": own}
    path = f"/api/clubs/nights/{night_id}/boards"

    # Board 3 with a card twice (the last card of seat 3 made the first of seat 0).
    twice = copy.deepcopy(doc)
    twice["boards"][2]["hands"][3][-1] = twice["boards"][2]["hands"][0][0]
    message = refused(call(server, "PUT", path, twice, org), 422, "board_card_twice")
    assert "board 3" in message, message
    assert ok(call(server, "GET", f"/api/clubs/nights/{night_id}"))["own_boards"] is None
    # Only an organiser brings a set.
    stranger = account(server, f"Kees{uuid.uuid4().hex[:6]}")
    refused(call(server, "PUT", path, doc, stranger), 403, "not_organiser")

    # Too few boards for the night's movement: refused when it opens, and it stays a draft.
    short = {"format": "kroeg-boards/1", "boards": own[:5]}
    assert ok(call(server, "PUT", path, short, org))["own_boards"]["count"] == 5
    opening = call(server, "POST", f"/api/clubs/nights/{night_id}/open", None, org)
    assert "need 6 boards" in refused(opening, 422, "board_set_short")
    assert ok(call(server, "GET", f"/api/clubs/nights/{night_id}"))["status"] == "draft"

    # The whole set replaces it; the night commits to its hash and plays its boards.
    answer = ok(call(server, "PUT", path, doc, org))
    commitment = import_commitment(import_boards(doc).boards)
    assert answer["own_boards"] == {"count": 6, "commitment": commitment}
    opened = ok(call(server, "POST", f"/api/clubs/nights/{night_id}/open", None, org))
    assert opened["boards"]["source"] == "imported"
    assert opened["boards"]["commitment"] == commitment and "boards" not in opened["boards"]
    printed = _pdf_text(call(server, "GET", f"/api/clubs/nights/{night_id}/boards.pdf", None, org))
    first = own[0]["hands"][0]
    assert "\n".join(_hand_lines(first)) in "\n".join(printed)
    refused(call(server, "PUT", path, doc, org), 409, "night_open")  # fixed once open

    # After the close anyone can check the set against what the night committed to.
    ok(call(server, "POST", f"/api/clubs/nights/{night_id}/close", None, org))
    published = ok(call(server, "GET", f"/api/clubs/nights/{night_id}"))["boards"]
    assert published["boards"] == own
    assert verify_published(published) == 6
