"""A newcomer's first minute (issue 32, point 11): the server serves the lobby and the
house plays while the bots' compiled kernel is still being built (kroeg.bots.pool: the
build runs in the background; ``KROEG_TEST_HOLD_KERNEL`` holds it for the test)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import Client, Frame, autoplay, serving


async def test_the_lobby_answers_and_the_house_plays_while_the_kernel_is_built(
    request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    hold = tmp_path / "hold"
    env = {"KROEG_HOUSE_BOTS": "1", "KROEG_TEST_HOLD_KERNEL": str(hold)}
    with serving("sqlite", tmp_path, request, **env) as server:
        try:
            assert server.get("/").status_code == 200
            assert server.get("/api/tables").status_code == 200
            # sterk searches with the kernel: while it is built, the house plays basis.
            table = server.table("klaverjassen", "nku", house_level="sterk")
            anna = await Client.connect(server, "Anna")
            await anna.send({"type": "sit", "table": table, "seat": 0})
            await anna.send({"type": "start", "table": table})
            turns: set[int] = set()

            def house_played(frame: Frame) -> bool:
                """Anna's second turn: the three house seats acted in between."""
                if 0 in frame.get("to_act", []) and frame.get("legal"):
                    turns.add(frame["version"])
                return len(turns) >= 2

            last: Any = await autoplay(anna, table, random.Random(5), seat=0, until=house_played)
            assert 0 in last["to_act"]
            assert not hold.exists(), "the kernel was held all along"
            await anna.close()
        finally:
            hold.touch()
