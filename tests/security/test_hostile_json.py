"""Hostile JSON on every route of ``/openapi.json`` (the trust issue, item 3; docs/testing.md,
"Hostile JSON").

A real server with a club night at the bar: a sheet with a line on it, a table, an
organiser's token. Every operation of the OpenAPI document is called with its path
parameters filled from that night (the sheet's token, the night's id, ...) and a body that
Hypothesis draws: the route's own valid body with one or two values replaced, or a new
key added, by anything JSON can say and what it cannot (``NaN``, ``Infinity``, ``1e999``,
a lone surrogate ``"\\ud800"``). The properties, after each call: no 5xx; an error is JSON
with a ``detail.code``; a body that is not strict JSON is 422 ``malformed`` on every route;
and the sheet still answers (the finding: one line with a lone surrogate made it answer
500 for good).

Eight bodies per operation in the quick suite, 200 under ``KROEG_LONG=1``.
"""

from __future__ import annotations

import copy
import json
import math
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.clubs_support import account, call, ok
from tests.server.harness import Server, serving
from tests.support import LONG

EXAMPLES = 200 if LONG else 8
HOSTILE_TOKENS = ["NaN", "Infinity", "-Infinity", "1e999", '"\\ud800"', '"a\\udc00b"']
"""What Python's ``json`` reads and strict JSON refuses."""


@dataclass
class Night:
    server: Server
    org: str
    ids: dict[str, str]
    """A value for each path parameter, by its name."""


@pytest.fixture(scope="module")
def night(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Night]:
    with serving("sqlite", tmp_path_factory.mktemp("server-hostile"), request) as server:
        org = account(server, "Hostile")
        club = ok(call(server, "POST", "/api/clubs", {"name": "De Vijandige Hoek"}, org))
        members = [
            ok(call(server, "POST", f"/api/clubs/{club['id']}/members", {"guest": f"S{i}"}, org))
            for i in range(4)
        ]
        body = {
            "game": "klaverjassen",
            "variant": "nku",
            "rounds": 2,
            "deals_per_round": 8,
            "mode": "bar",
        }
        n = ok(call(server, "POST", f"/api/clubs/{club['id']}/nights", body, org))
        for m in members:
            ok(
                call(
                    server, "POST", f"/api/clubs/nights/{n['id']}/players", {"member": m["id"]}, org
                )
            )
        ok(call(server, "POST", f"/api/clubs/nights/{n['id']}/open", None, org))
        ok(call(server, "POST", f"/api/clubs/nights/{n['id']}/rounds/start", None, org))
        links = ok(call(server, "GET", f"/api/clubs/nights/{n['id']}/links", None, org))
        token = links["tables"][0]["token"]
        entry = uuid.uuid4().hex
        line = {"played": 0, "points": [100, 62], "roem": [20, 0]}
        ok(call(server, "POST", f"/api/clubs/sheets/{token}/entries", _entry(entry, 1, line)))
        ids = {
            "table_id": server.table("toepen", "kroegregels"),
            "club_id": club["id"],
            "night_id": n["id"],
            "token": token,
            "entry_id": entry,
            "name": "Hostile",
            "game": "toepen",
            "game_id": "1",
            "puzzle_id": "1",
            "set_id": "1",
            "deal": "0",
            "session_id": "0" * 32,
            "token_id": "0" * 32,
            "passkey_id": "0" * 32,
        }
        yield Night(server, org, ids)


def _entry(entry_id: str, deal: int, line: dict[str, Any]) -> dict[str, Any]:
    return {"id": entry_id, "deal": deal, "line": line, "by": "Mieke"}


VALID_BODIES: dict[str, dict[str, Any]] = {
    "POST /api/guests": {"name": "Gast"},
    "POST /api/tables": {"game": "toepen", "variant": "kroegregels"},
    "POST /api/tables/{table_id}/sit": {"seat": 1},
    "POST /api/accounts": {"name": "Nieuw", "password": "klaverjassen-1"},
    "POST /api/session": {"name": "Hostile", "password": "wrong-password-1"},
    "PUT /api/me/visibility": {"public_profile": True},
    "DELETE /api/accounts/me": {"password": "wrong-password-1"},
    "POST /api/passkeys/register/options": {},
    "POST /api/passkeys/register": {"credential": {}},
    "POST /api/passkeys/login": {"credential": {}},
    "POST /api/clubs": {"name": "Club"},
    "POST /api/clubs/nights/{night_id}/players": {"member": "m0"},
    "POST /api/clubs/nights/{night_id}/replace": {"out": "m0", "replacement": "m1"},
    "POST /api/clubs/sheets/{token}/entries": _entry(
        "e" * 16, 2, {"played": 1, "points": [90, 72], "roem": [0, 0], "mark": "N"}
    ),
    "POST /api/clubs/sheets/{token}/entries/{entry_id}": {
        "change": "c" * 16,
        "line": {"played": 0, "points": [100, 62], "roem": [20, 0]},
        "by": "Mieke",
    },
    "POST /api/clubs/{club_id}/members": {"guest": "Gast"},
    "POST /api/clubs/{club_id}/nights": {
        "game": "toepen",
        "variant": "kroegregels",
        "rounds": 1,
        "deals_per_round": 4,
        "mode": "bar",
    },
}
"""A body of the route's form to start from (the routes that take one)."""


class Huge:
    """``1e999`` in the encoded body (a float Python reads as infinity)."""


HUGE = Huge()
_HUGE_TEXT = "\ue000huge\ue000"

LONE_SURROGATE = st.builds(
    lambda a, s, b: a + s + b,
    st.text(max_size=3),
    st.characters(categories=["Cs"]),
    st.text(max_size=3),
)
HOSTILE_LEAF = st.sampled_from([math.nan, math.inf, -math.inf, HUGE]) | LONE_SURROGATE
HOSTILE = HOSTILE_LEAF | st.lists(HOSTILE_LEAF, min_size=1, max_size=3)
PLAIN_LEAF = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10)
)
VALUES = st.recursive(
    HOSTILE_LEAF | PLAIN_LEAF,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(max_size=6) | LONE_SURROGATE, inner, max_size=3)
    ),
    max_leaves=6,
)
KEYS = st.text(max_size=6) | LONE_SURROGATE | st.sampled_from(["mark", "line", "note"])


def hostile(value: Any) -> bool:
    """Whether strict JSON refuses ``value`` once encoded (a number that is not finite, or
    a lone surrogate: each drawn string holds at most one)."""
    if value is HUGE:
        return True
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, str):
        return any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if isinstance(value, list):
        return any(hostile(v) for v in value)
    if isinstance(value, dict):
        return any(hostile(k) or hostile(v) for k, v in value.items())
    return False


def encode(value: Any) -> bytes:
    """JSON as Python writes it (``NaN``, ``Infinity``, ``\\ud800`` escapes), ``1e999``
    for :data:`HUGE`."""

    def swap(v: Any) -> Any:
        if v is HUGE:
            return _HUGE_TEXT
        if isinstance(v, list):
            return [swap(x) for x in v]
        if isinstance(v, dict):
            return {k: swap(x) for k, x in v.items()}
        return v

    text = json.dumps(swap(value), allow_nan=True)
    return text.replace(json.dumps(_HUGE_TEXT), "1e999").encode()


@st.composite
def bodies(draw: st.DrawFn, base: dict[str, Any] | None) -> Any:
    """A body for a route: its valid one (or ``{}``) with values replaced or keys added;
    sometimes a whole hostile value. A route that takes no body gets a hostile one (a
    plain one would only call it, and some log the caller out)."""
    if base is None:
        if draw(st.booleans()):
            return draw(HOSTILE)
        return {draw(KEYS): draw(HOSTILE)}
    body = copy.deepcopy(base)
    if draw(st.integers(0, 9)) == 0:
        return draw(VALUES)
    targets = [body, *(v for v in body.values() if isinstance(v, dict))]
    for _ in range(draw(st.integers(1, 2))):
        target = draw(st.sampled_from(targets))
        key = draw(st.sampled_from(sorted(target)) | KEYS) if target else draw(KEYS)
        target[key] = draw(VALUES)
    return body


def _operations() -> list[tuple[str, str]]:
    from kroeg.server.app import create_app

    doc = create_app().openapi()
    return [(method.upper(), path) for path, ops in doc["paths"].items() for method in ops]


OPERATIONS = _operations()


def test_the_operations_come_from_the_document(night: Night) -> None:
    """The list walked below is the served document's (a new route is walked too)."""
    served = httpx.get(f"{night.server.url}/openapi.json", timeout=10).json()
    listed = {(m.upper(), p) for p, ops in served["paths"].items() for m in ops}
    assert listed == set(OPERATIONS) and len(OPERATIONS) > 60


def _check(night: Night, method: str, path: str, body: Any, client: httpx.Client) -> None:
    url = night.server.url + path.format(**night.ids)
    headers = {"authorization": f"Bearer {night.org}", "content-type": "application/json"}
    r = client.request(method, url, content=encode(body), headers=headers)
    assert r.status_code < 500, (method, path, r.status_code, r.text)
    if r.status_code >= 400:
        detail = r.json()["detail"]
        assert isinstance(detail, dict) and isinstance(detail["code"], str), r.text
        if hostile(body):
            assert (r.status_code, detail["code"]) == (422, "malformed"), r.text
    else:
        assert not hostile(body), (method, path, r.text)
    sheet = client.get(f"{night.server.url}/api/clubs/sheets/{night.ids['token']}")
    assert sheet.status_code == 200, sheet.text


@pytest.mark.parametrize(("method", "path"), OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_hostile_json_on_every_route(night: Night, method: str, path: str) -> None:
    base = VALID_BODIES.get(f"{method} {path}")
    with httpx.Client(timeout=30) as client:

        @given(body=bodies(base))
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        )
        def call_once(body: Any) -> None:
            _check(night, method, path, body, client)

        call_once()


@pytest.mark.parametrize("token", HOSTILE_TOKENS)
@pytest.mark.parametrize(("method", "path"), OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_each_kind_of_hostile_value_is_malformed_on_every_route(
    night: Night, method: str, path: str, token: str
) -> None:
    """Each kind once, in the route's own body where it has one (else on its own), so a
    route that let one through fails by name."""
    base = VALID_BODIES.get(f"{method} {path}")
    raw = json.dumps({**(base or {}), "x": "@@"}).replace('"@@"', token)
    url = night.server.url + path.format(**night.ids)
    headers = {"authorization": f"Bearer {night.org}", "content-type": "application/json"}
    r = httpx.request(method, url, content=raw.encode(), headers=headers, timeout=30)
    assert r.status_code == 422, (r.status_code, r.text)
    assert r.json()["detail"]["code"] == "malformed"
