"""The leaderboard query on PostgreSQL at 100,000 players and 1,000,000 games.

Makes a throwaway database (migrated to the newest revision), fills it on the server
with ``generate_series``: ``--players`` players with accounts, ``--games`` finished games
at a rated table spread over the five game variants, each with two people's rating
changes (the busiest players play far more than the rest: a player is drawn as
``players · u²``), and the ratings those changes add up to (games, different people
and, 7 in 10 of them, established opponents per player, variant; mu and sigma drawn so
that sigma shrinks with the games played).
Then runs the leaderboard query of ``GET /api/leaderboard/{game}`` (the same statement,
kroeg.store.ratings.leaderboard_query) ``--runs`` times per variant, and prints
its wall-time percentiles per call, the process's CPU time per call, and the plan
PostgreSQL chose (the partial index ``ix_ratings_leaderboard``).

Run: ``.venv/bin/python bench/leaderboard.py`` (PostgreSQL on 127.0.0.1:5432, user
postgres); ``--keep`` leaves the database. Figures in docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import statistics
import time

import asyncpg
import sqlalchemy as sa

from kroeg.store.database import create_engine, migrate
from kroeg.store.ratings import leaderboard_query

VARIANTS = [
    ("toepen", "kroegregels"),
    ("toepen", "klassiek"),
    ("klaverjassen", "nku"),
    ("klaverjassen", "amsterdams"),
    ("eurokaarten", "standaard"),
]

FILL = [
    """INSERT INTO players (id, name, created_at)
       SELECT 'p' || i, 'Speler ' || i, 0 FROM generate_series(1, :players) AS i""",
    """INSERT INTO accounts (player_id, name, name_key, kind, invisible, created_at)
       SELECT 'p' || i, 'Speler' || i, 'speler' || i, 'person', false, 0
       FROM generate_series(1, :players) AS i""",
    """INSERT INTO tables (id, game, variant, options, seats, clock_seconds, private,
         house_level, created_at, version, seating, closed, public_records, rated)
       VALUES ('bench', 'toepen', 'kroegregels', '{}', 4, 60, false, 'basis', 0, 0,
         '{"seats": [], "waiting": []}', true, true, true)""",
    """INSERT INTO games (id, table_id, number, game, variant, options, seats, dealer, seed,
         players, names, started_at, finished_at, result)
       SELECT i, 'bench', i,
         (ARRAY['toepen','toepen','klaverjassen','klaverjassen','eurokaarten'])[1 + i % 5],
         (ARRAY['kroegregels','klassiek','nku','amsterdams','standaard'])[1 + i % 5],
         '{}', 4, 0, i, '[]', '[]', i, i + 1, '{}'
       FROM generate_series(1, :games) AS i""",
    """INSERT INTO rating_changes (game_id, seat, player_id, game, variant, rank,
         mu_before, sigma_before, mu, sigma)
       SELECT g.id, s.seat,
         'p' || (1 + floor(:players * power(random(), 2)))::int,
         g.game, g.variant, s.seat, 25, 8.3, 25, 8.3
       FROM games AS g CROSS JOIN (VALUES (0), (1)) AS s(seat)""",
    """INSERT INTO ratings (player_id, game, variant, mu, sigma, score, games, opponents,
         established)
       SELECT player_id, game, variant, m, s, m - 3 * s, n, least(n, 1 + n * 9 / 10),
         least(n, 1 + n * 9 / 10) * 7 / 10
       FROM (
         SELECT player_id, game, variant, count(*) AS n,
           20 + 15 * random() AS m, 8.333 / sqrt(1 + count(*) / 4.0) AS s
         FROM rating_changes GROUP BY player_id, game, variant
       ) AS x""",
    "ANALYZE",
]


async def _admin(sql: str) -> None:
    conn = await asyncpg.connect(host="127.0.0.1", user="postgres", database="postgres")
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def main(players: int, games: int, runs: int, keep: bool) -> None:
    name = f"kroeg_bench_leaderboard_{secrets.token_hex(3)}"
    await _admin(f'CREATE DATABASE "{name}"')
    engine = create_engine(f"postgresql+asyncpg://postgres@127.0.0.1/{name}")
    try:
        await migrate(engine)
        started = time.perf_counter()
        async with engine.begin() as conn:
            for sql in FILL:
                await conn.execute(sa.text(sql), {"players": players, "games": games})
        async with engine.connect() as conn:
            await conn.commit()
            rows = await conn.scalar(sa.text("SELECT count(*) FROM ratings"))
            shown = await conn.scalar(
                sa.text("SELECT count(*) FROM ratings WHERE games >= 20 AND established >= 5")
            )
        print(
            f"filled {players} players, {games} games, {rows} ratings ({shown} on a "
            f"leaderboard) in {time.perf_counter() - started:.0f} s"
        )
        async with engine.connect() as conn:
            query = leaderboard_query("toepen", "kroegregels", 50)
            dialect = conn.dialect  # PostgreSQL's, from the engine
            sql = str(query.compile(dialect=dialect, compile_kwargs={"literal_binds": True}))
            plan = await conn.execute(sa.text(f"EXPLAIN (ANALYZE, BUFFERS) {sql}"))
            print("plan:\n  " + "\n  ".join(row[0] for row in plan))
            for game, variant in VARIANTS:
                await conn.execute(leaderboard_query(game, variant, 50))  # warm
            times: list[float] = []
            shortest = 50
            cpu = time.process_time()
            for _ in range(runs):
                for game, variant in VARIANTS:
                    t0 = time.perf_counter()
                    top = (await conn.execute(leaderboard_query(game, variant, 50))).all()
                    times.append(time.perf_counter() - t0)
                    shortest = min(shortest, len(top))
            cpu = time.process_time() - cpu
        times.sort()
        q = statistics.quantiles(times, n=100)
        print(
            f"leaderboard query (top 50), {len(times)} calls: p50 {q[49] * 1000:.2f} ms, "
            f"p95 {q[94] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms; "
            f"client CPU {cpu / len(times) * 1000:.2f} ms a call; "
            f"the shortest board had {shortest} players"
        )
    finally:
        await engine.dispose()
        if not keep:
            await _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        else:
            print(f"kept the database {name}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=100, help="calls per variant")
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    asyncio.run(main(args.players, args.games, args.runs, args.keep))
