"""Duplicate against the house (issue 29 point 5; docs/clubs.md, "Duplicate tegen het
huis"): one person plays a set of boards with the house as partner and opponents, and
each board is compared with how ``meester`` played the same cards in the same seat.

Pure: no store, no clock. :func:`meester_scores` plays a board with ``meester`` in all
four seats (a :class:`~kroeg.games.match.Match` over the board's recorded deal, as
``kroeg arena`` plays its boards); its sample cap and generators are fixed, so the same
board always gives the same line. It takes a few seconds of CPU a board: callers run it
off the event loop.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kroeg.bots.base import BotAgent
from kroeg.bots.levels import make_bot
from kroeg.clubs.boards import Board
from kroeg.games import make_game
from kroeg.games.match import Match, RecordedDeals

LEVEL = "meester"
SAMPLES = 4
"""``meester``'s sample cap (times its own factor): fixed so a board's line repeats
exactly; its time budget (wall time) is large enough never to be what stops it, even
on a loaded machine or while the solver's kernel is first built."""
BUDGET = 3600.0


def meester_scores(board: Board, variant: str, options: Mapping[str, Any]) -> tuple[int, int]:
    """The team scores (NS, EW: card points and roem, after nat and pit) of ``board``
    played by ``meester`` in all four seats, the board's dealer dealing."""
    game = make_game("klaverjassen", variant, options)
    bot = make_bot(game, LEVEL, max_samples=SAMPLES)
    agents = [
        BotAgent(bot, random.Random(f"house-duplicate/{board.number}/{seat}"), BUDGET)
        for seat in range(4)
    ]
    match = Match.new(
        game, 4, dealer=board.dealer, agents=agents, deals=RecordedDeals([board.deal])
    )
    match.run(max_deals=1)
    ns, ew = game.deal_summaries(match.state)[0]["score"]
    return int(ns), int(ew)


def board_percent(mine: int, house: int) -> float:
    """The person's matchpoints on one board against the house's line: 100 when their
    team scored more than ``meester``'s team in the same seat, 50 when the same, 0 when
    less."""
    return 100.0 if mine > house else 50.0 if mine == house else 0.0


@dataclass(frozen=True, slots=True)
class Compared:
    """One board: the person's team score and ``meester``'s in the same seat."""

    board: int
    mine: int
    house: int

    @property
    def difference(self) -> int:
        return self.mine - self.house

    @property
    def percent(self) -> float:
        return board_percent(self.mine, self.house)

    def json(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "mine": self.mine,
            "house": self.house,
            "difference": self.difference,
            "percent": self.percent,
        }


def compare(
    seat: int, played: Sequence[Sequence[int]], lines: Mapping[int, Sequence[int]]
) -> list[Compared]:
    """The boards played so far (``played``: [NS, EW] per board, board 1 first) that
    have ``meester``'s line in ``lines`` (by board number), for the person at ``seat``
    (even: NS, odd: EW)."""
    team = seat % 2
    return [
        Compared(n, int(score[team]), int(lines[n][team]))
        for n, score in enumerate(played, start=1)
        if n in lines
    ]


def set_percent(boards: Sequence[Compared]) -> float | None:
    """The set's result against the house: the average of the boards' percentages
    (None before any board is compared)."""
    if not boards:
        return None
    return sum(b.percent for b in boards) / len(boards)
