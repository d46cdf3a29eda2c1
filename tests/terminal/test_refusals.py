"""The terminal says a refusal in Dutch from the browser's catalog (issue 16: "the terminal
front-ends use the same codes"). Expected texts written out by hand from nl.js."""

from __future__ import annotations

from pathlib import Path

import pytest

from kroeg.games import make_game
from kroeg.games.base import InvalidInput, RuleError
from kroeg.terminal.refusals import read_catalog, refusal_nl

NAMES = ["Jij", "Truus", "Henk", "Ria"]


def test_a_code_with_its_params_in_dutch() -> None:
    e = InvalidInput("deal_twice", "cards dealt twice: Th, X1", cards=["Th", "X1"])
    assert refusal_nl(e) == "Deze kaarten zijn twee keer gedeeld: harten tien, Joker."
    waiting = RuleError("not_your_turn", "not your turn: waiting for seat 2", seat=2)
    assert refusal_nl(waiting, NAMES) == "Je bent niet aan de beurt: we wachten op Henk."


def test_a_code_without_a_text_has_none_yet() -> None:
    assert refusal_nl(RuleError("no_such_code", "whatever")) is None


def test_a_refused_option_is_said_in_dutch() -> None:
    with pytest.raises(InvalidInput) as refused:
        make_game("toepen", "klassiek", {"max_points": 1})
    assert refusal_nl(refused.value) == "Kies bij max_points een getal van 3 tot en met 100."


def test_a_catalog_line_that_is_not_one_entry_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "xx.js"
    path.write_text('export default {\n  "a": "A",\n  "b": "B" + x,\n};\n')
    with pytest.raises(ValueError, match="cannot read the line"):
        read_catalog(path)
    path.write_text('export default {\n  "a": "A",\n  "a": "again",\n};\n')
    assert read_catalog(path) == ({"a": "again"}, ["a"])
