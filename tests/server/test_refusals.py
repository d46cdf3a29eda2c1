"""The one REST answer of a refusal (kroeg.server.refusals; docs/protocol.md,
"Refusals"): the body under ``detail``, the code's status, and ``Retry-After`` over a
quota, whichever layer refused."""

from __future__ import annotations

import json

from starlette.requests import Request

from kroeg.accounts.errors import AccountError
from kroeg.clubs.errors import ClubError
from kroeg.errors import Refusal
from kroeg.server.refusals import CONFLICT, answer
from kroeg.tables.errors import TableError


async def _answer(refusal: Refusal) -> tuple[int, dict[str, object], dict[str, str]]:
    response = await answer(Request({"type": "http", "method": "GET", "headers": []}), refusal)
    return response.status_code, json.loads(bytes(response.body)), dict(response.headers)


async def test_a_refusal_answers_its_body_with_its_codes_status() -> None:
    status, body, _ = await _answer(TableError("unknown_table", "there is no table 'x'"))
    assert status == 404
    assert body == {"detail": {"code": "unknown_table", "message": "there is no table 'x'"}}


async def test_its_params_go_into_the_body_as_they_are() -> None:
    refused = AccountError("bots_not_allowed", "leave it first", table="t1")
    status, body, _ = await _answer(refused)
    assert status == 403
    assert body["detail"] == {
        "code": "bots_not_allowed",
        "message": "leave it first",
        "table": "t1",
    }


async def test_over_a_rate_limit_retry_after_is_in_the_header_and_the_body_as_text() -> None:
    status, body, headers = await _answer(TableError("rate_limited", "too many", retry_after=12))
    assert status == 429 and headers["retry-after"] == "12"
    assert body["detail"] == {"code": "rate_limited", "message": "too many", "retry_after": "12"}


async def test_over_a_quota_retry_after_is_in_the_header_and_the_body_as_a_number() -> None:
    status, body, headers = await _answer(ClubError("quota_exceeded", "a day", retry_after=7))
    assert status == 429 and headers["retry-after"] == "7"
    assert body["detail"] == {"code": "quota_exceeded", "message": "a day", "retry_after": 7}


async def test_a_code_the_table_does_not_know_is_a_conflict() -> None:
    status, _, headers = await _answer(Refusal("something_new", "no"))
    assert status == CONFLICT == 409 and "retry-after" not in headers
