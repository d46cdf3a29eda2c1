"""A table between two servers (several server processes, docs/cluster.md) answers REST
with 503 ``table_moving`` and ``Retry-After``; the client sends the same call again by
itself after that many seconds (src/kroeg/web/api.js), so the player sees nothing of it
(issue 31, "Bad input"; docs/protocol.md)."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import Route, expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import enter

MOVING = {
    "detail": {
        "code": "table_moving",
        "message": "the table is being taken over by another server; try again in a moment",
        "retry_after": 1,
    }
}


def test_a_sit_refused_as_table_moving_is_sent_again_after_retry_after(
    new_page: NewPage,
) -> None:
    anna = new_page()
    enter(anna, "Anna")
    calls: list[float] = []

    def moving_once(route: Route) -> None:  # the first sit meets a table between servers
        calls.append(time.monotonic())
        if len(calls) == 1:
            headers = {"Retry-After": "1", "Content-Type": "application/json"}
            route.fulfill(status=503, headers=headers, body=json.dumps(MOVING))
        else:
            route.continue_()

    anna.route(re.compile(r".*/api/tables/[^/]+/sit$"), moving_once)
    anna.get_by_role("button", name="Nieuwe tafel voor Toepen").click()
    anna.get_by_role("button", name="Tafel maken").click()
    anna.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    expect(anna.locator(".seat", has_text="Anna")).to_contain_text("aanwezig")
    assert len(calls) == 2, "sent once more, by itself"
    assert calls[1] - calls[0] >= 0.9, "after the Retry-After's second"
    expect(anna.locator("#toast:visible")).to_have_count(0)
