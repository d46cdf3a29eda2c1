"""Two processes answer as one (issue 31, "Done when"; docs/cluster.md, "The Tables port"):
every route of ``/openapi.json`` asked of the process that owns the table and of the
other one gets the same answer, the table routes in particular (before the port, ``GET
/api/tables/{id}`` answered 404 from the process that did not own the table).

Two real ``kroeg serve`` processes on one PostgreSQL database and Redis (the ``pair``
fixture); every table is created on ``a``, which owns it.

- Reads (GET): the same caller asks ``a`` and ``b``; the same status and the same body,
  but for the bodies listed in :data:`PER_PROCESS` (what is each process's own).
- A table's changes (sit, stand, start, leave): two twin tables, both owned by ``a``; the
  same steps, one twin's through ``a`` and the other's through ``b``: the same statuses
  and bodies (the twins' ids swapped; the version and game of a running game are the
  table's own).
- Every other change: a guest of each process sends the same body to its process (fresh
  guests after a change that was made): the same status.
- A table nobody holds: 404 ``unknown_table`` from both, on every table route.
"""

from __future__ import annotations

import functools
import re
import time
import urllib.request
from concurrent.futures import Executor, ThreadPoolExecutor
from http.cookiejar import Cookie, CookieJar, DefaultCookiePolicy
from typing import Any

import httpx

from tests.server.harness import Server

PER_PROCESS = {
    "/api/health": "the number of tables this process holds",
}
"""GET routes whose body is the answering process's own (their status is still compared)."""

VOLATILE = {"now", "exported_at", "last_used_at", "expires_at", "version", "game_id", "running"}
"""Keys whose value depends on the moment of the answer (a clock, a session's renewal, a
game the house plays on by itself), dropped before bodies are compared."""

UNKNOWN_TABLE = "0badcafe"
AT_ONCE = 8
"""Calls under way at once (each pair of answers is compared as before)."""


class _NoCookies(DefaultCookiePolicy):
    """Each call is signed in by its bearer token alone, as a fresh client's would be."""

    def set_ok(self, cookie: Cookie, request: urllib.request.Request) -> bool:
        return False


@functools.cache
def _http() -> httpx.Client:
    """One client for every call (its connections kept open): a client per call cost the
    test process more CPU than both servers' answers (an SSL context each)."""
    return httpx.Client(timeout=15, cookies=CookieJar(policy=_NoCookies()))


def _guest(server: Server, name: str) -> str:
    r = _http().post(f"{server.url}/api/guests", json={"name": name})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def _call(server: Server, method: str, path: str, token: str, body: Any = None) -> httpx.Response:
    headers = {"authorization": f"Bearer {token}"}
    return _http().request(method, f"{server.url}{path}", json=body, headers=headers)


def _clean(value: Any, swap: tuple[str, str] | None = None) -> Any:
    """The body without the volatile keys, with one twin's id written as the other's."""
    if isinstance(value, dict):
        return {k: _clean(v, swap) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [_clean(v, swap) for v in value]
    if isinstance(value, str) and swap is not None:
        return value.replace(swap[0], swap[1])
    return value


def _answer(r: httpx.Response, swap: tuple[str, str] | None = None) -> tuple[int, Any]:
    try:
        body = r.json()
    except ValueError:
        body = r.text
    return r.status_code, _clean(body, swap)


def _fill(path: str, parameters: list[dict[str, Any]], table: str) -> str:
    """The path with each parameter given a value of its type."""
    kinds = {p["name"]: p.get("schema", {}).get("type") for p in parameters if p["in"] == "path"}
    values = {"table_id": table, "game": "toepen", "name": "Gastheer", "deal": "0"}

    def value(match: re.Match[str]) -> str:
        name = match[1]
        return values.get(name, "1" if kinds.get(name) == "integer" else "x1")

    return re.sub(r"\{(\w+)\}", value, path)


def test_every_route_answers_alike_from_either_process(pair: tuple[Server, Server]) -> None:
    a, b = pair
    spec = a.get("/openapi.json").json()
    assert b.get("/openapi.json").json() == spec
    table, twin = a.table("toepen", "kroegregels"), a.table("toepen", "kroegregels")
    # The lobby of the other process lists a table from the owner's next publication
    # (docs/cluster.md, "Lobby and presence": every lease renewal): wait for it once.
    deadline = time.monotonic() + 30
    while {table, twin} - {t["id"] for t in b.get("/api/tables").json()["tables"]}:
        assert time.monotonic() < deadline, "the other process never listed the new tables"
        time.sleep(0.1)
    reader = _guest(a, "Lezer")
    operations = [
        (method.upper(), path, operation.get("parameters", []))
        for path, item in spec["paths"].items()
        for method, operation in item.items()
    ]
    table_steps = [(m, p) for m, p, _ in operations if "{table_id}" in p and m != "GET"]
    assert {p.rsplit("/", 1)[1] for _, p in table_steps} == {"sit", "stand", "leave", "start"}

    gets = [op for op in operations if op[0] == "GET"]
    changes = [op for op in operations if op[0] != "GET" and "{table_id}" not in op[1]]
    assert len(gets) + len(changes) + len(table_steps) == len(operations)
    with ThreadPoolExecutor(AT_ONCE) as pool:  # the calls overlap; each pair is compared
        reads = list(pool.map(lambda op: _read_both(a, b, op, table, reader), gets))
        assert [r for r in reads if r is not None] == []  # reads first: the changes after
        _walk_table_steps(a, b, table, twin, pool)
    guests = [_guest(a, "Gast"), _guest(b, "Gast")]
    for method, path, parameters in changes:  # every other change, by a guest of each process
        url = _fill(path, parameters, table)
        statuses = [
            _call(s, method, url, g, {}).status_code for s, g in zip((a, b), guests, strict=True)
        ]
        assert statuses[0] == statuses[1] and statuses[0] < 500, (method, url, statuses)
        if statuses[0] < 300:  # it changed something (a logout, say): fresh guests again
            guests = [_guest(a, "Gast"), _guest(b, "Gast")]


def _read_both(
    a: Server, b: Server, operation: tuple[str, str, Any], table: str, reader: str
) -> tuple[str, Any, Any] | None:
    """One read asked of both processes; None when they answer alike, else what each
    answered. A table route is also asked for a table nobody holds: 404 from both."""
    method, path, parameters = operation
    url = _fill(path, parameters, table)
    from_a, from_b = _call(a, method, url, reader), _call(b, method, url, reader)
    assert from_a.status_code < 500, (url, from_a.text)
    if "{table_id}" in path and not path.endswith("/games"):
        unknown = _fill(path, parameters, UNKNOWN_TABLE)
        for server in (a, b):
            _assert_unknown(_call(server, method, unknown, reader))
    if path in PER_PROCESS:
        alike = from_a.status_code == from_b.status_code
    else:
        alike = _answer(from_a) == _answer(from_b)
    return None if alike else (url, _answer(from_a), _answer(from_b))


def _walk_table_steps(a: Server, b: Server, table: str, twin: str, pool: Executor) -> None:
    """The table's changes, on twin tables owned by ``a``: one through ``a``, the other
    through ``b``; answered alike, and read back alike from either process."""
    player = _guest(a, "Speler")
    steps: list[tuple[str, dict[str, Any] | None]] = [
        ("sit", {"seat": 1}),
        ("sit", {"seat": 2}),  # already seated: refused alike
        ("stand", None),
        ("stand", None),  # not seated: refused alike
        ("sit", {"seat": 0}),
        ("start", None),
        ("stand", None),  # a game runs
        ("leave", None),
        ("leave", None),
    ]
    for n, (step, body) in enumerate(steps):
        calls = [(a, table), (b, twin)]
        if step not in [s for s, _ in steps[:n]]:  # and once for a table nobody holds
            calls += [(a, UNKNOWN_TABLE), (b, UNKNOWN_TABLE)]
        futures = [
            pool.submit(_call, server, "POST", f"/api/tables/{t}/{step}", player, body)
            for server, t in calls
        ]
        answers = [f.result() for f in futures]
        assert answers[0].status_code < 500, answers[0].text
        assert _answer(answers[0]) == _answer(answers[1], swap=(twin, table)), step
        for unknown in answers[2:]:
            _assert_unknown(unknown)
    for after in ("", "/ratings", "/games"):
        for t in (table, twin):
            here, there = (_call(s, "GET", f"/api/tables/{t}{after}", player) for s in (a, b))
            assert _answer(here) == _answer(there), (t, after)


def _assert_unknown(r: httpx.Response) -> None:
    assert r.status_code == 404 and r.json()["detail"]["code"] == "unknown_table", r.text
