"""What a password login costs: Argon2id at the parameters of kroeg.accounts.passwords.

Prints, for ``--logins`` checks of a right password:
- the CPU time of one check (``time.thread_time`` of the checking thread: it does not
  count time the machine gave to other work, so it holds on a loaded machine), median
  and 95th percentile; the issue's bound is 100 ms;
- logins a second that one core can check (1000 / median CPU ms);
- logins a second measured through ``verify_password`` (the server's two hashing
  threads), in wall time: this one depends on the load.

Run: ``.venv/bin/python bench/logins.py`` (``--logins 50``); figures in
docs/performance.md, "Logins".
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from kroeg.accounts import passwords

PASSWORD = "correct horse battery"


def cpu_per_check(stored: str, n: int) -> list[float]:
    """The CPU milliseconds of each of ``n`` checks, in this thread."""
    spent = []
    for _ in range(n):
        start = time.thread_time()
        assert passwords.hasher.verify(stored, PASSWORD)
        spent.append((time.thread_time() - start) * 1000)
    return spent


async def through_the_server(stored: str, n: int) -> float:
    """Logins a second (wall time) checked by the server's hashing threads at once."""
    start = time.perf_counter()
    checks = await asyncio.gather(*(passwords.verify_password(stored, PASSWORD) for _ in range(n)))
    assert all(checks)
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--logins", type=int, default=50)
    args = parser.parse_args()
    stored = passwords.hasher.hash(PASSWORD)
    spent = sorted(cpu_per_check(stored, args.logins))
    median = statistics.median(spent)
    p95 = spent[min(len(spent) - 1, int(0.95 * len(spent)))]
    print(
        f"Argon2id t={passwords.TIME_COST} m={passwords.MEMORY_KIB // 1024} MiB "
        f"p={passwords.PARALLELISM}: {args.logins} checks"
    )
    print(f"CPU per login: median {median:.1f} ms, p95 {p95:.1f} ms (bound: 100 ms)")
    print(f"logins a second per core (by CPU): {1000 / median:.1f}")
    rate = asyncio.run(through_the_server(stored, args.logins))
    print(
        f"logins a second through verify_password ({passwords.AT_ONCE} threads, wall): {rate:.1f}"
    )


if __name__ == "__main__":
    main()
