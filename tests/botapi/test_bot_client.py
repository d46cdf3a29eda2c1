"""``examples/bot_client.py`` against a real server (issue 22, "Done when": the example
bot plays whole games of all three games against the house): for each game a short
game from the bot's own table to its end, with legal moves only; in one of them its
connection is cut mid-game and it reconnects with ``resume`` and plays on; the game's
record names the bot's seat and verifies (its contributions mixed in)."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import httpx
import pytest

from kroeg.fair_records import verify
from tests.botapi.conftest import bot_account
from tests.server.harness import Server

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot_client.py"
SHORT = {
    "toepen": ("kroegregels", {"max_points": 4}),
    "klaverjassen": ("nku", {"game_length": "8_deals"}),
    "eurokaarten": ("standaard", {"start_coins": 1}),
}


def _example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bot_client", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bot_client"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", sorted(SHORT))
async def test_the_example_bot_plays_a_whole_game(server: Server, game: str) -> None:
    example = _example()
    bot = bot_account(server)
    variant, options = SHORT[game]
    table = await asyncio.to_thread(
        example.create_table, server.url, bot.token, game, variant, options
    )
    cut = game == "toepen"  # its connection is cut mid-game: it must resume and play on

    class Bot(example.Bot):  # type: ignore[name-defined,misc]
        async def _on(self, frame: dict[str, object]) -> None:
            nonlocal cut
            await super()._on(frame)
            if cut and self.started and frame.get("running") and self.version > 5:
                cut = False
                await self.ws.close()

    client = Bot(server.url, bot.token, table, seed=1)
    task = asyncio.get_running_loop().create_task(client.run())
    await asyncio.wait_for(task, 240)
    assert len(client.finished) == 1
    end = client.finished[0]
    assert end["view"]["result"] is not None and end["seats"][client.seat]["bot"] is True
    if game == "toepen":
        assert client.reconnects >= 1
    record = httpx.get(
        f"{server.url}/api/games/{end['game_id']}/record",
        headers={"Authorization": f"Bearer {bot.token}"},
        timeout=20,
    ).json()
    out, status = verify(record)
    assert status == 0, out
    assert any(str(client.seat) in n["contributions"] for n in record["fair"]["deals"])
