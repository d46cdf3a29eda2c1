"""Who reads and writes what in club nights (docs/clubs.md, docs/security.md): a table's
scorer link opens that table's sheet alone (not another table's lines, not a forged
or cut-off link), the links are for organisers, and a name on the CSV export never
runs as a spreadsheet formula."""

from __future__ import annotations

import csv
import io
import uuid

from tests.server.clubs_support import account, call, ok, refused
from tests.server.harness import Server

LINE = {"played": 0, "points": [100, 62], "roem": [0, 0]}


def test_a_scorer_link_reaches_its_own_table_only(sqlite_server: Server) -> None:
    org = account(sqlite_server, f"Org{uuid.uuid4().hex[:8]}")
    club = ok(call(sqlite_server, "POST", "/api/clubs", {"name": "Hoek"}, org))
    names = ['=HYPERLINK("http://evil.example")', "+1", "Cor", "Dini", "Eef", "Fien", "G", "H"]
    members = [
        ok(call(sqlite_server, "POST", f"/api/clubs/{club['id']}/members", {"guest": n}, org))
        for n in names
    ]
    body = {
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": 1,
        "deals_per_round": 2,
        "mode": "bar",
    }
    night = ok(call(sqlite_server, "POST", f"/api/clubs/{club['id']}/nights", body, org))
    base = f"/api/clubs/nights/{night['id']}"
    for m in members:
        ok(call(sqlite_server, "POST", f"{base}/players", {"member": m["id"]}, org))
    ok(call(sqlite_server, "POST", f"{base}/open", None, org))
    ok(call(sqlite_server, "POST", f"{base}/rounds/start", None, org))
    refused(call(sqlite_server, "GET", f"{base}/links"), 401, "not_authenticated")
    refused(
        call(sqlite_server, "POST", f"/api/clubs/{club['id']}/members", {"guest": "a\u200bb"}, org),
        422,
        "bad_member",
    )
    t1, t2 = (
        t["token"] for t in ok(call(sqlite_server, "GET", f"{base}/links", None, org))["tables"]
    )
    entry = uuid.uuid4().hex
    ok(
        call(
            sqlite_server,
            "POST",
            f"/api/clubs/sheets/{t1}/entries",
            {"id": entry, "deal": 1, "line": LINE},
        )
    )
    # Table 2's link cannot correct table 1's line, nor see it.
    refused(
        call(
            sqlite_server,
            "POST",
            f"/api/clubs/sheets/{t2}/entries/{entry}",
            {"change": uuid.uuid4().hex, "line": None},
        ),
        404,
        "unknown_entry",
    )
    assert ok(call(sqlite_server, "GET", f"/api/clubs/sheets/{t2}"))["entries"] == []
    table_id = t1.partition(".")[0]
    for forged in (
        table_id,
        f"{table_id}.",
        t1[:-4],
        f"{t2.partition('.')[0]}.{t1.partition('.')[2]}",
    ):
        refused(call(sqlite_server, "GET", f"/api/clubs/sheets/{forged}"), 404, "unknown_sheet")
    sheet = ok(call(sqlite_server, "GET", f"/api/clubs/sheets/{t1}"))
    assert "secret_hash" not in str(sheet) and t1 not in str(sheet)
    text = call(sqlite_server, "GET", f"{base}/standings.csv").text
    cells = [row[1] for row in csv.reader(io.StringIO(text))][1:]
    assert '\'=HYPERLINK("http://evil.example")' in cells and "'+1" in cells
    assert not any(c[:1] in "=+-@" for c in cells)
