"""The client's replay (src/kroeg/web/replay.js) draws the engine's steps.

The replay page takes every position from the engine (``kroeg.records.deal_steps``,
served as ``GET /api/games/{id}/steps/{deal}``: the open view and the public events of
every step) and decides no rule itself (docs/client.md, "The replay"). Here random games
are played with the engines, written as records, their steps made by the engine, and
read by the client's own module in Chromium: after every action every hand must hold
exactly what the engine says, and every trick must go to the seat the engine gave it to.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kroeg.games import make_game
from kroeg.games.base import Deal
from kroeg.games.match import OUT
from kroeg.games.toepen.view import ToepenView
from kroeg.records import RecordWriter, deal_steps
from tests.e2e.conftest import NewPage

GAMES = [("toepen", "kroegregels", 4), ("toepen", "klassiek", 4), ("klaverjassen", "nku", 4),
         ("eurokaarten", "standaard", 6)]  # fmt: skip
DEALS = 4
GAMES_EACH = 10

STEPS = """async ([record, steps]) => {
  const { dealSteps } = await import('/web/replay.js');
  return record.deals.map((_, i) => dealSteps(record, i, steps[i]).map((step) => ({
    hands: step.hands, winner: step.lastTrick ? step.lastTrick.winner : null,
    trick: step.trick.length, folded: step.folded })));
}"""


def pick(rng: random.Random, legal: list[Any]) -> Any:
    """A random legal action, leaning towards what moves cards between hand and table
    (melds, lay-offs, joker swaps) and away from ending a round early (open gaan)."""
    laying = [a for a in legal if a[0] in ("meld", "layoff", "swap")]
    if laying and rng.random() < 0.8:
        return rng.choice(laying)
    staying = [a for a in legal if a[0] != "open"]
    return rng.choice(staying if staying and rng.random() < 0.9 else legal)


def play(game_name: str, variant: str, seats: int, seed: int) -> tuple[Any, list[Any]]:
    """A random game of at most DEALS deals: its record, and per deal and per step the
    engine's hands (as sets) and the winner of a trick completed by that step."""
    rng = random.Random(seed)
    game = make_game(game_name, variant)
    state = game.new_state(seats, dealer=0, seed=seed)
    writer = RecordWriter(game, seats, dealer=0)
    expected: list[list[tuple[list[set[str] | None], int | None, list[int] | None]]] = []

    def hands() -> list[set[str] | None]:
        """Each seat's hand as its own view shows it (None while the rules hide it, as
        Klaverjassen does before a seat's bidding turn)."""
        shown = [game.view(state, p).hand for p in range(seats)]
        return [None if h is None else set(h) for h in shown]

    def folded() -> list[int]:
        """Toepen: the seats dealt in that are no longer active (they folded)."""
        if game_name != "toepen":
            return []
        view = ToepenView.of(game.view(state, None))
        return [p for p in range(seats) if p not in view.active and p not in view.out]

    while not game.is_over(state):
        dealer = game.pending_deal(state)
        if dealer is not None:
            if len(expected) == DEALS:
                break
            deal: Deal = game.random_deal(state, rng)
            game.apply(state, dealer, deal)
            writer.add(dealer, deal)
            expected.append([(hands(), None, folded())])
            continue
        if game_name == "eurokaarten" and len(expected) == 1 and len(expected[0]) == 15:
            # A player taken out (two timeouts or leaving): the record step [seat, "out"].
            leaver = seed % seats
            game.eliminate(state, leaver)
            writer.add(leaver, OUT)
            expected[-1].append((hands(), None, folded()))
            continue
        seat = min(game.to_act(state))
        action = pick(rng, game.legal(state, seat))
        events = game.apply(state, seat, action)
        writer.add(seat, action)
        winner = next((e.data["winner"] for e in events if e.kind == "trick"), None)
        if game.pending_deal(state) is None and not game.is_over(state):
            expected[-1].append((hands(), winner, folded()))
        else:  # the deal ended: its hands are not shown any more, only the trick counts
            expected[-1].append(([], winner, None))
    return writer.json(), expected


@pytest.mark.parametrize(("game_name", "variant", "seats"), GAMES)
def test_the_replay_moves_the_cards_as_the_engine_does(
    new_page: NewPage, game_name: str, variant: str, seats: int
) -> None:
    page = new_page()
    page.goto("/")
    for seed in range(GAMES_EACH):
        record, expected = play(game_name, variant, seats, seed)
        steps = [deal_steps(record, i) for i in range(len(record["deals"]))]
        replayed = page.evaluate(STEPS, [record, steps])
        assert len(replayed) == len(expected)
        for d, (steps, want) in enumerate(zip(replayed, expected, strict=True)):
            assert len(steps) == len(want), f"deal {d}: one step per action and the deal"
            for i, (step, (hands, winner, folded)) in enumerate(zip(steps, want, strict=True)):
                where = f"{game_name} seed {seed} deal {d} step {i}"
                for seat, hand in enumerate(hands):
                    if hand is not None:
                        assert set(step["hands"][seat]) == hand, f"{where}: seat {seat}"
                if winner is not None:
                    assert step["winner"] == winner and step["trick"] == 0, f"{where}: trick"
                if folded is not None:
                    assert step["folded"] == folded, f"{where}: who folded"
