"""``kroeg record toepen``: the house plays a whole game and writes its record."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kroeg.cli import main
from kroeg.records import replay

KROEG = Path(sys.executable).with_name("kroeg")


@pytest.mark.parametrize(
    ("args", "seats"), [([], 4), (["--variant", "klassiek", "--seats", "6"], 6)]
)
def test_record_writes_a_whole_game_that_replays(
    tmp_path: Path, args: list[str], seats: int
) -> None:
    out = tmp_path / "game.json"
    assert main(["record", "toepen", "--seed", "4", "--out", str(out), *args]) == 0
    doc = json.loads(out.read_text())
    assert doc["game"] == "toepen" and doc["seats"] == seats
    result, status = replay(doc)
    assert status == 0
    assert result["over"] is True and result["result"]["losers"]


def test_the_same_seed_writes_the_same_record(tmp_path: Path) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    main(["record", "toepen", "--seed", "9", "--out", str(a)])
    main(["record", "toepen", "--seed", "9", "--out", str(b)])
    assert a.read_text() == b.read_text()


def test_record_to_stdout_through_the_command(tmp_path: Path) -> None:
    done = subprocess.run(
        [str(KROEG), "record", "toepen", "--seed", "2"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    record = tmp_path / "r.json"
    record.write_text(done.stdout)
    again = subprocess.run(
        [str(KROEG), "replay", str(record)], capture_output=True, text=True, timeout=60
    )
    assert again.returncode == 0
    assert json.loads(again.stdout)["over"] is True


def test_bad_seat_count_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["record", "toepen", "--seats", "5"]) == 2
    assert "exactly 4 players" in capsys.readouterr().err


def knocks(doc: dict[str, object]) -> int:
    deals = doc["deals"]
    assert isinstance(deals, list)
    return sum(1 for deal in deals for step in deal["actions"] if step[1] == "knock")


@pytest.mark.parametrize("game", ["toepen", "klaverjassen", "eurokaarten"])
def test_the_basis_level_plays_a_whole_game_that_replays_and_repeats(
    tmp_path: Path, game: str
) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for out in (a, b):
        assert main(["record", game, "--seed", "3", "--level", "basis", "--out", str(out)]) == 0
    assert a.read_text() == b.read_text()
    result, status = replay(json.loads(a.read_text()))
    assert status == 0 and result["over"] is True


def test_the_bots_knock_where_the_house_never_does(tmp_path: Path) -> None:
    """The house's default() never knocks (docs/games/toepen.md); basis and random do, so
    their records show knocks and their answers."""
    counts = {}
    for level in ("huis", "basis", "random"):
        out = tmp_path / f"{level}.json"
        assert main(["record", "toepen", "--seed", "3", "--level", level, "--out", str(out)]) == 0
        counts[level] = knocks(json.loads(out.read_text()))
    assert counts["huis"] == 0
    assert counts["basis"] > 0 and counts["random"] > 0


def test_an_unknown_level_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["record", "toepen", "--level", "sterk"])
    assert stop.value.code == 2
    assert "invalid choice: 'sterk'" in capsys.readouterr().err
