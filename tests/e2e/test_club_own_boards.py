"""A club's own board set at the bar (issue 29 point 1): on a Mitchell night's page the
organiser loads the file of the club's dealing program before the night opens; a board
with a card twice is refused in Dutch, naming the board, and nothing is loaded; the
whole set is, with its fingerprint, and the night, once open, says it plays it.

Screenshots with ``KROEG_SCREENSHOTS=1`` (docs/clubs.md, "Een eigen spellenset").
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from playwright.sync_api import expect

from kroeg.clubs.boards import deal_boards
from tests.e2e.axe import assert_clean, check
from tests.e2e.conftest import PHONE, NewPage
from tests.e2e.helpers import THREE_SIZES, shoot
from tests.e2e.test_club_portefeuille import GUESTS, _organiser, _rest


def test_a_mitchell_night_loads_the_clubs_own_board_set(
    new_page: NewPage, server: str, tmp_path: Path
) -> None:
    page = new_page(PHONE, touch=True)
    token = _organiser(page)
    club = _rest(server, "POST", "/clubs", token, {"name": "De Eigen Set"})
    members = [
        _rest(server, "POST", f"/clubs/{club['id']}/members", token, {"guest": g}) for g in GUESTS
    ]
    body = {
        "title": "Eigen spellen",
        "game": "klaverjassen",
        "variant": "nku",
        "rounds": 3,
        "deals_per_round": 3,
        "mode": "bar",
        "pairs": True,
        "pairing": "mitchell",
    }
    night = _rest(server, "POST", f"/clubs/{club['id']}/nights", token, body)
    for i in range(0, len(members), 2):
        pair = {"member": members[i]["id"], "partner": members[i + 1]["id"]}
        _rest(server, "POST", f"/clubs/nights/{night['id']}/players", token, pair)

    # Three tables of three boards a round: nine boards, dealt here as a club's program would.
    boards = deal_boards(9, bytes(range(32))).published(revealed=True)["boards"]
    good = tmp_path / "spellen.json"
    good.write_text(json.dumps({"format": "kroeg-boards/1", "boards": boards}))
    bad_boards = copy.deepcopy(boards)
    bad_boards[2]["hands"][3][-1] = bad_boards[2]["hands"][0][0]
    bad = tmp_path / "fout.json"
    bad.write_text(json.dumps({"format": "kroeg-boards/1", "boards": bad_boards}))

    page.goto(f"/clubs/avond/{night['id']}")
    state = page.locator("#own-boards-state")
    expect(state).to_contain_text("Zonder eigen set deelt Kroeg de spellen")
    page.set_input_files("#own-boards", str(bad))
    expect(page.locator("#night-refused")).to_have_text("In spel 3 zit een kaart twee keer.")
    expect(state).to_contain_text("Zonder eigen set")  # nothing was loaded
    page.set_input_files("#own-boards", str(good))
    expect(state).to_contain_text("Eigen set ingeladen: 9 spellen, vingerafdruk")
    for width, height in THREE_SIZES:
        page.set_viewport_size({"width": width, "height": height})
        state.scroll_into_view_if_needed()
        expect(page.locator("label[for=own-boards]")).to_be_in_viewport()
        expect(state).to_be_in_viewport()
    page.set_viewport_size(PHONE)
    problems: list[str] = []
    check(page, "the night's own board set", problems)
    assert_clean(problems)
    shoot(page, "clubs/own-boards", "#own-boards-state", labels=True)

    page.click("#open-night")
    expect(page.locator("#night-what")).to_contain_text("eigen spellenset")
    expect(page.locator("#own-boards")).to_have_count(0)  # fixed once the night is open
