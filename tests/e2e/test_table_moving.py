"""A table between two servers (several server processes, docs/cluster.md) answers REST
with 503 ``table_moving`` and ``Retry-After``; the client sends the same call again by
itself after that many seconds (src/kroeg/web/api.js), so the player sees nothing of it
(issue 31, "Bad input"; docs/protocol.md)."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import Route, WebSocketRoute, expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import Frames, decide, enter, my_turn, sit_and_start

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


def test_an_act_refused_as_table_moving_over_the_websocket_is_sent_again(
    new_page: NewPage,
) -> None:
    """The same over the websocket: the table page sends the refused message again after
    the frame's ``retry_after`` (src/kroeg/web/table.js), and the move is made."""
    anna = new_page()
    acts: list[tuple[float, str]] = []

    def handler(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            text = message.decode() if isinstance(message, bytes) else message
            sent = json.loads(text)
            if sent.get("type") == "act":
                acts.append((time.monotonic(), text))
                if len(acts) == 1:  # the first move meets a table between servers
                    refusal = {**MOVING["detail"], "type": "error", "table": sent["table"]}
                    ws.send(json.dumps(refusal))
                    return
            server.send(message)

        ws.on_message(from_page)

    anna.route_web_socket(re.compile(r".*/ws$"), handler)
    frames = Frames(anna)
    enter(anna, "Anna")
    sit_and_start(anna, {"game": "toepen", "variant": "kroegregels"})
    frame = my_turn(anna, frames)
    assert frame is not None
    decide(anna, frame)
    deadline = time.monotonic() + 10
    while len(acts) < 2 and time.monotonic() < deadline:
        anna.wait_for_timeout(100)
    assert len(acts) == 2, "sent once more, by itself"
    assert acts[1][1] == acts[0][1], "the same message"
    assert acts[1][0] - acts[0][0] >= 0.9, "after the frame's retry_after"
    # The move was made: the table's version moved past the one the act was sent at.
    sent_at = json.loads(acts[0][1])["version"]
    anna.wait_for_function(
        f"() => Number(document.querySelector('.table-view').dataset.version) > {sent_at}"
    )
    expect(anna.locator("#toast:visible")).to_have_count(0)
