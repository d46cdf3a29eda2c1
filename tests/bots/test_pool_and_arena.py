"""The server's bot pool (fallback to huis) and the arena (duplicate play, determinism)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from kroeg.bots.arena import Config, format_report, lineup, play_board, run_arena, summarise
from kroeg.bots.levels import make_bot
from kroeg.bots.pool import HOLD_KERNEL_ENV, BotPool
from kroeg.cli import main
from kroeg.games.view import View
from tests.bots.positions import positions


def _position() -> tuple[View, list[tuple[object, ...]], object, int]:
    game, s, seat = next(positions("klaverjassen", "nku", 4, 1, seed=21))
    return game.view(s, seat), game.legal(s, seat), game, seat


async def test_pool_returns_the_bots_action_within_its_budget() -> None:
    view, legal, game, _ = _position()
    async with BotPool(workers=1, grace=5.0) as pool:
        pool.start()
        await pool.kernel_built()  # the worker started and warm
        action = await pool.decide("klaverjassen", "nku", {}, view, legal, "basis", 0.3, 1)
    assert action == make_bot(game, "basis").decide(view, legal, random.Random(1), 0.3)  # type: ignore[arg-type]


async def test_pool_falls_back_to_huis_when_the_bot_overruns() -> None:
    """Budget 0 and no grace: the answer cannot come back in time, so the house plays."""
    view, legal, game, _ = _position()
    huis = make_bot(game, "huis").decide(view, legal, random.Random(2), 0.3)  # type: ignore[arg-type]
    async with BotPool(workers=1, grace=0.0) as pool:
        action = await pool.decide("klaverjassen", "nku", {}, view, legal, "sterk", 0.0, 2)
    assert action == huis


async def test_pool_falls_back_to_huis_when_the_bot_fails() -> None:
    view, legal, game, _ = _position()
    huis = make_bot(game, "huis").decide(view, legal, random.Random(3), 0.3)  # type: ignore[arg-type]
    async with BotPool(workers=1, grace=5.0) as pool:
        action = await pool.decide("klaverjassen", "nku", {}, view, legal, "no-such-level", 0.3, 3)
    assert action == huis


def test_lineup_rotates_every_bot_through_every_seat_group() -> None:
    assert lineup(2, 4, 0) == [0, 1, 0, 1]
    assert lineup(2, 4, 1) == [1, 0, 1, 0]  # klaverjassen: the teams swap
    assert lineup(3, 4, 2) == [2, 0, 1, 2]


def test_duplicate_board_deals_the_same_cards_in_every_rotation() -> None:
    """With the same bot twice the two rotations are the same game: equal results."""
    config = Config("klaverjassen", "nku", 4, ("basis", "basis"), 5, 1.0, None)
    board = play_board(config, 3)
    first, second = board.rotations
    assert [r.points for r in first] == [r.points for r in second]


def test_arena_is_determined_by_its_seed_also_over_processes() -> None:
    config = Config("klaverjassen", "nku", 4, ("sterk", "basis"), 7, 60.0, 2)
    one = run_arena(config, 4, workers=1).json()
    two = run_arena(config, 4, workers=2).json()
    for report in (one, two):
        report.pop("decision_ms")
    assert one == two
    other = run_arena(Config("klaverjassen", "nku", 4, ("sterk", "basis"), 8, 60.0, 2), 4, 1)
    assert other.json()["per_deal"] != one["per_deal"]


def test_the_arena_command_reports_every_bot_and_refuses_bad_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "--game", "toepen", "--bots", "basis,huis", "--deals", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 duplicate boards x 2 rotations" in out
    assert "basis - huis, penalty points per deal" in out
    assert main(["arena", "--game", "toepen", "--bots", "basis,grandmaster", "--deals", "2"]) == 2
    err = capsys.readouterr().err
    assert "--bots needs two or more of random, bluffer, huis, basis, sterk" in err


def test_the_arena_counts_each_bots_deals_as_declarer_and_how_many_went_nat() -> None:
    """Issue 23: every Klaverjassen deal has one declarer (NKU: the dealer must play when
    all pass), so the bots' declarer deals add up to the deals played; nat is counted
    from the deal's own mark."""
    config = Config("klaverjassen", "nku", 4, ("basis", "random"), 3, 60.0, None)
    boards = [play_board(config, b) for b in range(8)]
    report = summarise(config, boards)
    assert sum(deals for deals, _ in report.declarer.values()) == 16
    nat = sum(seat.nat for b in boards for r in b.rotations for seat in r)
    assert sum(n for _, n in report.declarer.values()) == nat
    assert all(0 <= n <= deals for deals, n in report.declarer.values())
    text = format_report(report, 1.0)
    for name, (deals, n) in report.declarer.items():
        assert f"{name:<10} as declarer: {deals} deals, nat {n}" in text
    assert report.json()["declarer"]["basis"]["deals"] == report.declarer["basis"][0]


async def test_while_the_kernel_is_built_sterk_plays_basis_and_then_its_own_level(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The start-up's build of the compiled kernel is held (as if it compiled for as long
    as the test needs): Klaverjassen's sterk plays basis meanwhile, other games' sterk
    (no kernel) plays itself; once the build is done, sterk plays sterk."""
    hold = tmp_path / "hold"
    monkeypatch.setenv(HOLD_KERNEL_ENV, str(hold))
    view, legal, game, _ = _position()
    basis = make_bot(game, "basis").decide(view, legal, random.Random(4), 0.3)  # type: ignore[arg-type]
    async with BotPool(workers=1, grace=60.0) as pool:  # a worker's start on a busy machine
        pool.start()
        action = await pool.decide("klaverjassen", "nku", {}, view, legal, "sterk", 0.3, 4)
        assert action == basis
        assert pool.warming and pool.level_now("klaverjassen", "meester") == "basis"
        assert pool.level_now("toepen", "sterk") == "sterk"
        hold.touch()
        await asyncio.wait_for(pool.kernel_built(), 120)
        assert pool.level_now("klaverjassen", "sterk") == "sterk"


def test_only_bots_that_were_asked_out_of_turn_have_out_of_turn_times() -> None:
    """Klaverjassen has no out-of-turn actions: the report's ``aside_ms`` is empty, as it
    was before the arena went through Match (which first gave every bot an empty entry)."""
    board = play_board(Config("klaverjassen", "nku", 4, ("huis", "basis"), 3, 1.0, None), 0)
    assert board.asides == {}
    assert sorted(board.times) == [0, 1]
