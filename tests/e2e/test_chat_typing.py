"""What is being typed in the table's chat survives the frames that arrive meanwhile.

Every frame redraws the table, and the chat's input was made anew each time: a line
half typed was thrown away, with the focus, whenever anyone at the table moved or spoke
(the nginx pair test lost its first chat line this way on a loaded machine)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import NewPage
from tests.e2e.helpers import api, enter


def test_a_line_half_typed_keeps_its_text_and_focus_when_a_frame_redraws_the_table(
    new_page: NewPage,
) -> None:
    anna, bram = new_page(), new_page()
    enter(anna, "Anna")
    enter(bram, "Bram")
    table = api(anna, "POST", "/tables", {"game": "toepen", "variant": "kroegregels"})["id"]
    api(anna, "POST", f"/tables/{table}/sit", {"seat": 0})
    api(bram, "POST", f"/tables/{table}/sit", {"seat": 1})
    for page in (anna, bram):
        page.goto(f"/t/{table}")
        expect(page.locator(".seat.me")).to_be_visible()

    line = anna.get_by_label("Zeg iets")
    line.fill("Hallo allemaal")
    api(bram, "POST", f"/tables/{table}/stand")  # a new version: Anna's table redraws
    expect(anna.locator(".seat", has_text="Bram")).to_have_count(0)
    expect(line).to_have_value("Hallo allemaal")
    expect(line).to_be_focused()
    line.press("Enter")
    expect(bram.locator(".chat-log")).to_contain_text("Hallo allemaal")
    expect(line).to_have_value("")
