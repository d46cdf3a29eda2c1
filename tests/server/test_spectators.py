"""Two people and a spectator at one table: no frame shows anyone a card hidden from them.

RULES.md §0: "the server sends a player only their own hand, the public table, and counts
of other hands. Spectators never see hands (S3 'Meekijken')". Every frame each of the
three receives is checked against the cards hidden from its audience at that version,
worked out from the game's log in the store (tests/server/leaks.py)."""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.server.harness import Client, Server, autoplay
from tests.server.leaks import hidden_cards, public_notations, shows_a_card
from tests.support import assert_no_hidden_cards

CASES = [
    ("toepen", "kroegregels", {"max_points": 5}),
    ("toepen", "klassiek", {"max_points": 5}),
    ("klaverjassen", "nku", {"game_length": "8_deals"}),
    ("eurokaarten", "standaard", {"start_coins": 1}),
]


@pytest.mark.parametrize(("game", "variant", "options"), CASES)
async def test_no_frame_shows_a_seat_or_a_spectator_a_hidden_card(
    sqlite_server: Server, game: str, variant: str, options: dict[str, object]
) -> None:
    table = sqlite_server.table(game, variant, options=options)
    anna, bram, cor = [await Client.connect(sqlite_server, n) for n in ("Anna", "Bram", "Cor")]
    await cor.send({"type": "watch", "table": table})
    await anna.send({"type": "sit", "table": table, "seat": 0})
    await bram.send({"type": "sit", "table": table, "seat": 2})
    await bram.expect(lambda f: f["type"] == "snapshot" and f["you"] == 2)
    await anna.send({"type": "start", "table": table})
    await asyncio.gather(
        autoplay(anna, table, random.Random(11), seat=0),
        autoplay(bram, table, random.Random(12), seat=2),
    )
    await cor.quiet(0.3)
    hidden = await hidden_cards(sqlite_server.database_url, table)
    checked = 0
    for client, audience in ((anna, 0), (bram, 2), (cor, None)):
        version = 0
        for frame in client.frames:
            version = frame.get("version", version)
            assert_no_hidden_cards(
                public_notations(frame),
                hidden.at(version, audience),
                f"{frame['type']} v{version} to {audience}",
            )
            checked += 1
        assert any(shows_a_card(f) for f in client.frames)  # the check had something to bite
    assert checked > 100
    for client in (anna, bram, cor):
        await client.close()
