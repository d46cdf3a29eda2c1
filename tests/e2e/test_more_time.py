""" "Meer bedenktijd" (the accessibility issue, point 3; WCAG 2.2.1 Timing Adjustable):
a player who asks for more time in the lobby gets twice the table's clock at their seat,
the table is told in its log, and turning it off gives the table's own clock back. With
a real server and a short clock (3 s, doubled to 6 s): the clock frames the server sends
are the deadlines its own clock keeps (kroeg.tables.clocks)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import Frames, decide, enter, log_text, my_turn, sit_and_start

CLOCK = 3


def my_clocks(frames: Frames, seat: int) -> list[dict[str, Any]]:
    return [f for f in frames.received if f.get("type") == "clock" and f.get("seat") == seat]


def wait_for_a_clock(page: Page, frames: Frames, seat: int, after: int) -> dict[str, Any]:
    for _ in range(300):
        clocks = my_clocks(frames, seat)
        if len(clocks) > after:
            return clocks[-1]
        page.wait_for_timeout(50)
    raise AssertionError("no clock for the seat")


def test_more_time_doubles_your_clock_and_the_table_hears_it(new_page: NewPage) -> None:
    page = new_page()
    frames = Frames(page)
    enter(page, "Anna")
    more = page.get_by_label("Meer bedenktijd")
    expect(more).not_to_be_checked()
    more.check()
    page.reload()
    expect(page.get_by_label("Meer bedenktijd")).to_be_checked()  # kept like the others

    table = sit_and_start(
        page, {"game": "klaverjassen", "variant": "amsterdams", "clock_seconds": CLOCK}
    )
    expect(page.locator(".chat-log")).to_contain_text("Anna krijgt meer bedenktijd")
    frame = my_turn(page, frames)
    assert frame is not None
    seat = frame["view"]["you"]
    clock = wait_for_a_clock(page, frames, seat, 0)
    assert clock["seconds"] == 2 * CLOCK
    # The server's deadline, against the server's own time in the same frame.
    assert clock["deadline"] - clock["now"] > CLOCK + 1

    page.goto("/")
    page.get_by_label("Meer bedenktijd").uncheck()
    page.goto(f"/t/{table}")
    expect(page.locator(".chat-log")).to_contain_text("Anna speelt weer met de gewone klok")
    assert "meer bedenktijd" in log_text(page)
    seen = len(my_clocks(frames, seat))
    for _ in range(20):  # decide until a new clock starts for Anna's seat
        frame = my_turn(page, frames)
        assert frame is not None
        if len(my_clocks(frames, seat)) > seen:
            break
        decide(page, frame)
    clock = wait_for_a_clock(page, frames, seat, seen)
    assert clock["seconds"] == CLOCK
    assert clock["deadline"] - clock["now"] <= CLOCK + 0.01
