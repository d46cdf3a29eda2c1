"""``kroeg arena``: bots play duplicate boards against each other and are rated.

A *board* is one deal in Klaverjassen and one whole game (partij) in Toepen and
Eurokaarten: the unit whose results are independent of the other boards. Every
board is played once per *rotation*: with bots ``A,B,...`` (k of them) rotation r
gives seat i to bot ``(i + r) mod k``, and the r-th deal of a board is the same
cards in every rotation (shuffled by a generator seeded with the seed, the board
and the deal's number). So in Klaverjassen with two bots the teams swap, and in
Toepen ``ABAB`` meets ``BABA`` with the same hands: luck of the cards cancels.

Reported per bot, over boards (the independent unit), with 95% confidence
intervals: the mean result per deal, the mean result per board, the rate of
boards won; for two bots the per-deal difference; decision times; and an Elo-scale
Bradley-Terry rating from every pair of seats held by different bots in a board.
Boards are played in parallel over ``--workers`` processes; the same ``--seed``
(and ``--samples`` instead of a pure time budget for ``sterk``) gives the same figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from kroeg.bots.base import DEFAULT_BUDGET, BotAgent
from kroeg.bots.levels import LEVELS, make_bot
from kroeg.bots.stats import Interval, elo_ratings, mean_interval
from kroeg.games import GAMES, game_class, make_game
from kroeg.games.base import JSON, Action, Deal, Game, InvalidInput
from kroeg.games.match import Match, RandomDeals

MAX_DEALS_PER_BOARD = 400
"""A safety stop for a game that would not end (never reached in practice)."""


@dataclass(frozen=True, slots=True)
class Metric:
    """How a game's results are counted: per deal, and whether more is better."""

    per_deal: str
    higher_is_better: bool
    board: str
    won: str


METRICS: dict[str, Metric] = {
    "toepen": Metric("penalty points per deal", False, "penalty points per game", "games not lost"),
    "klaverjassen": Metric(
        "team score per deal (card points + roem)", True, "team score per deal", "deals won"
    ),
    "eurokaarten": Metric("coins lost per round", False, "coins lost per partij", "partijen won"),
}


@dataclass(frozen=True, slots=True)
class Config:
    game: str
    variant: str
    seats: int
    bots: tuple[str, ...]
    seed: int
    budget: float
    samples: int | None


@dataclass(slots=True)
class SeatResult:
    """One seat in one rotation of a board: the metric summed over its deals."""

    bot: int
    points: float
    deals: int
    won: float
    declared: int = 0
    """Klaverjassen: deals in which this seat made trump, and how many of them went nat."""
    nat: int = 0


@dataclass(slots=True)
class BoardResult:
    board: int
    rotations: list[list[SeatResult]]
    times: dict[int, list[float]] = field(default_factory=dict)
    asides: dict[int, list[float]] = field(default_factory=dict)
    """Seconds per out-of-turn chance answered (most answer "nothing" at once)."""


def lineup(bots: int, seats: int, rotation: int) -> list[int]:
    """Which bot sits where in a rotation: seat i gets bot (i + rotation) mod bots."""
    return [(seat + rotation) % bots for seat in range(seats)]


def play_board(config: Config, board: int) -> BoardResult:
    """Every rotation of one board."""
    game = make_game(config.game, config.variant)
    bots = [make_bot(game, level, max_samples=config.samples) for level in config.bots]
    times: dict[int, list[float]] = defaultdict(list)
    asides: dict[int, list[float]] = defaultdict(list)
    rotations = []
    max_deals = 1 if config.game == "klaverjassen" else MAX_DEALS_PER_BOARD
    for rotation in range(len(bots)):
        seat_bots = lineup(len(bots), config.seats, rotation)
        agents = [
            TimedBot(
                BotAgent(
                    bots[b],
                    random.Random(f"{config.seed}/{board}/{rotation}/{seat}"),
                    config.budget,
                ),
                b,
                times,
                asides,
            )
            for seat, b in enumerate(seat_bots)
        ]
        match = Match.new(
            game,
            config.seats,
            dealer=board % config.seats,
            agents=agents,
            deals=BoardDeals(config.seed, board),
            asides=True,
        )
        match.run(max_deals=max_deals)
        rotations.append(_outcome(game, match.state, seat_bots))
    return BoardResult(board, rotations, dict(times), dict(asides))


class BoardDeals:
    """A board's chance, the same in every rotation: the n-th deal shuffled by a generator
    seeded with the seed, the board and n; a pile turned over in it by one seeded with the
    seed, the board and the deals dealt so far."""

    def __init__(self, seed: int, board: int) -> None:
        self.seed = seed
        self.board = board
        self.dealt = 0

    def deal(self, game: Game[Any], s: Any) -> Deal:
        rng = random.Random(f"{self.seed}/{self.board}/deal/{self.dealt}")
        self.dealt += 1
        return game.random_deal(s, rng)

    def restock(self, game: Game[Any], s: Any, cards: tuple[int, ...]) -> Action:
        rng = random.Random(f"{self.seed}/{self.board}/restock/{self.dealt}")
        return RandomDeals(rng).restock(game, s, cards)


class TimedBot:
    """A bot's agent whose decisions and out-of-turn answers are timed (reading the view
    and the legal actions included), into the board's seconds by bot: a bot gets its
    entry with its first decision or answer."""

    def __init__(
        self,
        agent: BotAgent,
        bot: int,
        times: dict[int, list[float]],
        asides: dict[int, list[float]],
    ) -> None:
        self.agent = agent
        self.bot = bot
        self.times = times
        self.asides = asides

    def act(self, match: Match[Any], seat: int) -> Action:
        start = time.perf_counter()
        action = self.agent.act(match, seat)
        self.times[self.bot].append(time.perf_counter() - start)
        return action

    def aside(self, match: Match[Any], seat: int, legal: list[Action]) -> Action | None:
        start = time.perf_counter()
        action = self.agent.aside(match, seat, legal)
        self.asides[self.bot].append(time.perf_counter() - start)
        return action


def _outcome(game: Game[Any], s: Any, seat_bots: list[int]) -> list[SeatResult]:
    summaries = game.deal_summaries(s)
    result = game.result(s)
    out = []
    for seat, bot in enumerate(seat_bots):
        won = 1.0 if result is not None and seat in result.winners else 0.0
        declared = nat = 0
        if game.name == "toepen":
            points = float(sum(d["penalties"][seat] for d in summaries))
        elif game.name == "klaverjassen":
            scores = summaries[0]["score"]
            points = float(scores[seat % 2])
            other = scores[1 - seat % 2]
            won = 1.0 if points > other else 0.5 if points == other else 0.0
            declared = sum(d["declarer"] == seat for d in summaries)
            nat = sum(d["declarer"] == seat and d["mark"] == "nat" for d in summaries)
        else:
            points = float(sum(seat in d["coin_lost"] for d in summaries))
        out.append(SeatResult(bot, points, len(summaries), won, declared, nat))
    return out


# Aggregation --------------------------------------------------------------------


@dataclass(slots=True)
class Report:
    config: Config
    boards: int
    per_deal: dict[str, Interval]
    per_board: dict[str, Interval]
    won: dict[str, Interval]
    difference: Interval | None
    rating: dict[str, float]
    times: dict[str, dict[str, float]]
    aside_times: dict[str, dict[str, float]] = field(default_factory=dict)
    declarer: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Klaverjassen, per bot: (deals it made trump in, of which nat)."""

    def json(self) -> JSON:
        def iv(i: Interval) -> JSON:
            return {"mean": i.mean, "low": i.low, "high": i.high, "n": i.n}

        return {
            "game": self.config.game,
            "variant": self.config.variant,
            "bots": list(self.config.bots),
            "seed": self.config.seed,
            "boards": self.boards,
            "budget_ms": round(self.config.budget * 1000),
            "samples": self.config.samples,
            "per_deal": {k: iv(v) for k, v in self.per_deal.items()},
            "per_board": {k: iv(v) for k, v in self.per_board.items()},
            "won": {k: iv(v) for k, v in self.won.items()},
            "difference": iv(self.difference) if self.difference else None,
            "rating": self.rating,
            "decision_ms": self.times,
            "aside_ms": self.aside_times,
            "declarer": {k: {"deals": d, "nat": n} for k, (d, n) in self.declarer.items()},
        }


def bot_names(levels: Sequence[str]) -> list[str]:
    """Display names: the level, with ``#2``, ``#3`` for a level that plays twice."""
    seen: dict[str, int] = defaultdict(int)
    names = []
    for level in levels:
        seen[level] += 1
        names.append(level if seen[level] == 1 else f"{level}#{seen[level]}")
    return names


def summarise(config: Config, results: Sequence[BoardResult]) -> Report:
    metric = METRICS[config.game]
    names = bot_names(config.bots)
    sign = 1.0 if metric.higher_is_better else -1.0
    per_deal: dict[int, list[float]] = defaultdict(list)
    per_board: dict[int, list[float]] = defaultdict(list)
    won: dict[int, list[float]] = defaultdict(list)
    diffs: list[float] = []
    wins: dict[tuple[str, str], float] = defaultdict(float)
    declared: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for result in results:
        points: dict[int, float] = defaultdict(float)
        deals: dict[int, int] = defaultdict(int)
        seats: dict[int, int] = defaultdict(int)
        won_sum: dict[int, float] = defaultdict(float)
        for rotation in result.rotations:
            for seat in rotation:
                points[seat.bot] += seat.points
                deals[seat.bot] += seat.deals
                seats[seat.bot] += 1
                won_sum[seat.bot] += seat.won
                declared[seat.bot][0] += seat.declared
                declared[seat.bot][1] += seat.nat
            for i, a in enumerate(rotation):
                for b in rotation[i + 1 :]:
                    if a.bot == b.bot:
                        continue
                    key_a, key_b = (a.won, sign * a.points), (b.won, sign * b.points)
                    if key_a == key_b:
                        wins[names[a.bot], names[b.bot]] += 0.5
                        wins[names[b.bot], names[a.bot]] += 0.5
                    elif key_a > key_b:
                        wins[names[a.bot], names[b.bot]] += 1
                    else:
                        wins[names[b.bot], names[a.bot]] += 1
        for bot in seats:
            per_deal[bot].append(points[bot] / max(1, deals[bot]))
            per_board[bot].append(points[bot] / seats[bot])
            won[bot].append(won_sum[bot] / seats[bot])
        if len(config.bots) == 2:
            diffs.append(per_deal[0][-1] - per_deal[1][-1])
    all_times: dict[int, list[float]] = defaultdict(list)
    aside_times: dict[int, list[float]] = defaultdict(list)
    for result in results:
        for bot, ts in result.times.items():
            all_times[bot].extend(ts)
        for bot, ts in result.asides.items():
            aside_times[bot].extend(ts)
    return Report(
        config=config,
        boards=len(results),
        per_deal={names[b]: mean_interval(v) for b, v in sorted(per_deal.items())},
        per_board={names[b]: mean_interval(v) for b, v in sorted(per_board.items())},
        won={names[b]: mean_interval(v) for b, v in sorted(won.items())},
        difference=mean_interval(diffs) if diffs else None,
        rating=elo_ratings(names, dict(wins)),
        times={names[b]: _time_summary(ts) for b, ts in sorted(all_times.items())},
        aside_times={names[b]: _time_summary(ts) for b, ts in sorted(aside_times.items())},
        declarer={names[b]: (d, n) for b, (d, n) in sorted(declared.items()) if d},
    )


def _time_summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    if not ordered:
        return {"decisions": 0}

    def pct(p: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(p * len(ordered)))], 2)

    return {"decisions": len(ordered), "p50": pct(0.5), "p95": pct(0.95), "max": pct(1.0)}


def run_arena(config: Config, boards: int, workers: int) -> Report:
    """Play ``boards`` duplicate boards over ``workers`` processes and summarise them."""
    if workers <= 1:
        results = [play_board(config, b) for b in range(boards)]
    else:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play_board, [config] * boards, range(boards), chunksize=1))
    return summarise(config, results)


# The command --------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--variant", help="the variant (default: the game's first)")
    parser.add_argument(
        "--bots",
        required=True,
        help=f"comma-separated bot levels, at least two ({', '.join(LEVELS)}), e.g. sterk,basis",
    )
    parser.add_argument(
        "--deals",
        type=int,
        required=True,
        help="duplicate boards to play: deals in klaverjassen, whole games in toepen and"
        " eurokaarten (each played once per rotation of the bots)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    parser.add_argument("--seats", type=int, help="seats (default: 4; eurokaarten 6)")
    parser.add_argument(
        "--budget-ms",
        type=float,
        default=DEFAULT_BUDGET * 1000,
        help="time budget per decision for every bot (default: 300)",
    )
    parser.add_argument(
        "--samples",
        type=int,
        help="sterk: determinisations per decision (repeatable; the budget still caps it)",
    )
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)"
    )
    parser.add_argument("--json", metavar="FILE", help="also write the report as JSON")


def run(args: argparse.Namespace) -> int:
    levels = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    bad = [b for b in levels if b not in LEVELS]
    if len(levels) < 2 or bad:
        print(
            f"kroeg arena: --bots needs two or more of {', '.join(LEVELS)}, got {args.bots!r}",
            file=sys.stderr,
        )
        return 2
    if args.deals < 1:
        print(f"kroeg arena: --deals must be at least 1, got {args.deals}", file=sys.stderr)
        return 2
    try:
        cls = game_class(args.game)
        variant = args.variant or next(iter(cls.variants))
        game = make_game(args.game, variant)
        seats = args.seats or game.traits.usual_seats
        game.check_seats(seats)
    except InvalidInput as e:
        print(f"kroeg arena: {e}", file=sys.stderr)
        return 2
    config = Config(
        args.game, variant, seats, levels, args.seed, args.budget_ms / 1000, args.samples
    )
    started = time.perf_counter()
    report = run_arena(config, args.deals, args.workers)
    print(format_report(report, time.perf_counter() - started))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report.json(), f, indent=2)
    return 0


def format_report(report: Report, seconds: float) -> str:
    config = report.config
    metric = METRICS[config.game]
    better = "higher" if metric.higher_is_better else "lower"
    samples = f", sterk samples {config.samples}" if config.samples else ""
    lines = [
        f"{config.game} {config.variant}, {config.seats} seats, bots {','.join(config.bots)},"
        f" {report.boards} duplicate boards x {len(config.bots)} rotations, seed {config.seed},"
        f" budget {config.budget * 1000:.0f} ms{samples}, {seconds:.1f} s",
        f"per bot, mean with 95% interval over boards ({better} is better for results):",
        f"  {'bot':<10} {metric.per_deal:>34} {metric.board:>34} {metric.won:>24}"
        f" {'rating':>7} {'ms p50/p95/max':>18}",
    ]
    for name in report.per_deal:
        t = report.times.get(name, {})
        timing = f"{t.get('p50', 0):.1f}/{t.get('p95', 0):.1f}/{t.get('max', 0):.1f}"
        lines.append(
            f"  {name:<10} {report.per_deal[name]!s:>34} {report.per_board[name]!s:>34}"
            f" {report.won[name]!s:>24} {report.rating[name]:>7.0f} {timing:>18}"
        )
    for name, t in report.aside_times.items():
        if t.get("decisions"):
            lines.append(
                f"  {name:<10} out-of-turn chances {t['decisions']:.0f}, ms p50/p95/max"
                f" {t['p50']:.2f}/{t['p95']:.2f}/{t['max']:.2f}"
            )
    for name, (deals, nat) in report.declarer.items():
        lines.append(
            f"  {name:<10} as declarer: {deals} deals, nat {nat} ({100 * nat / deals:.1f}%)"
        )
    if report.difference is not None:
        a, b = bot_names(config.bots)
        lines.append(f"{a} - {b}, {metric.per_deal}: {report.difference}")
    return "\n".join(lines)
