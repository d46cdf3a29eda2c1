"""``kroeg play GAME --option NAME=VALUE``: house rules at the terminal table."""

from __future__ import annotations

import argparse

import pytest

from kroeg.cli import main
from kroeg.terminal.options import parse_options
from kroeg.terminal.table import play


def test_values_are_read_as_in_records() -> None:
    assert parse_options(["max_points=15", "laundry=true", "knock_limit=none"]) == {
        "max_points": 15,
        "laundry": True,
        "knock_limit": "none",
    }


@pytest.mark.parametrize(("option", "message"), [("nope", "NAME=VALUE"), ("=3", "NAME=VALUE")])
def test_a_malformed_option_exits_2(
    option: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "toepen", "--option", option]) == 2
    assert message in capsys.readouterr().err


def test_the_table_plays_to_the_option_s_max_points() -> None:
    lines: list[str] = []

    def no_more_input(prompt: str) -> str:
        raise EOFError

    args = argparse.Namespace(
        game="toepen", variant=None, seats=None, seed=1, name="Jij", record=None,
        options={"max_points": 15},
    )  # fmt: skip
    play(args, input_fn=no_more_input, output_fn=lines.append)
    assert "Verliezen doe je bij 15 strafpunten." in "\n".join(lines)


def test_a_bad_option_value_is_refused_before_the_game_starts() -> None:
    lines: list[str] = []
    args = argparse.Namespace(
        game="toepen", variant=None, seats=None, seed=1, name="Jij", record=None,
        options={"max_points": "hoog"},
    )  # fmt: skip
    assert play(args, input_fn=input, output_fn=lines.append) == 2
    assert "max_points" in lines[0]
