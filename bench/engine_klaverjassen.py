"""Klaverjassen engine speed: random legal deals and games per second (one core).

Three loops, each with uniformly random legal choices:

* ``apply``: the public interface (``legal`` + ``apply`` with validation and events),
  as the server and the replay use it;
* ``rollout``: the search path for bots (``moves.rollout``: ``Rules.legal_mask`` +
  ``moves.play_card`` on masks, no events, no checks), what a searching bot calls;
* whole 16-deal games through the public interface.

When ``KROEG_OPENSPIEL_PYTHON`` names a python with ``open_spiel`` installed (a
throwaway venv, never a project dependency), ``openspiel_peer.py`` runs in it in the
same run and the ratio of our deals/s to its games/s is printed.

Rates are per second of CPU time of the measuring process (``time.process_time``), so
that other work on a shared machine disturbs them less than wall-clock rates.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from kroeg.cards import PIKET_DECK, mask_of
from kroeg.games.base import Deal
from kroeg.games.klaverjassen import Klaverjassen, moves
from kroeg.games.klaverjassen.state import OVER

PEER = Path(__file__).resolve().parent / "openspiel_peer.py"


def deals_apply(game: Klaverjassen, seconds: float, rng: random.Random) -> float:
    """Random deals through ``legal``/``apply`` (a fresh state when a game ends)."""
    pick = rng.random
    apply, legal, to_act = game.apply, game.legal, game.to_act
    s = game.new_state(4, dealer=0)
    done = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        for _ in range(20):
            if game.is_over(s):
                s = game.new_state(4, dealer=0)
            apply(s, s.dealer, game.random_deal(s, rng))
            # Nobody is to act once the deal is scored: the next deal is due or the game over.
            while seats := to_act(s):
                (seat,) = seats
                actions = legal(s, seat)
                apply(s, seat, actions[int(pick() * len(actions))])
            done += 1
    return done / (time.process_time() - start)


def shuffled_hands(deck: list[int], rnd: Callable[[], float]) -> list[int]:
    """Four random hands of 8 as masks: a Fisher-Yates shuffle driven by ``rnd``."""
    for i in range(len(deck) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return [mask_of(deck[i : i + 8]) for i in (0, 8, 16, 24)]


def deals_rollout(game: Klaverjassen, seconds: float, rng: random.Random) -> float:
    """Random deals on the bot search path: ``moves.rollout`` (masks, no checks, no events)
    from a freshly dealt state with a random trump, as a searching bot runs them."""
    rules, cfg = game.rules, game.options
    deck = list(PIKET_DECK)
    rnd = rng.random
    s = game.new_state(4, dealer=0)
    done = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        for _ in range(50):
            if s.phase == OVER:
                s = game.new_state(4, dealer=0)
            moves.start_deal(cfg, s, shuffled_hands(deck, rnd))
            moves.make_trump(s, s.dealer, int(rnd() * 4))
            moves.rollout(rules, cfg, s, rnd)
        done += 50
    return done / (time.process_time() - start)


def games_apply(game: Klaverjassen, seconds: float, rng: random.Random) -> float:
    done = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        s = game.new_state(4, dealer=0)
        while not game.is_over(s):
            dealer = game.pending_deal(s)
            if dealer is not None:
                deal: Deal = game.random_deal(s, rng)
                game.apply(s, dealer, deal)
                continue
            (seat,) = game.to_act(s)
            actions = game.legal(s, seat)
            game.apply(s, seat, actions[int(rng.random() * len(actions))])
        done += 1
    return done / (time.process_time() - start)


def openspiel(seconds: float) -> dict[str, float] | None:
    """Games/s of OpenSpiel's euchre and skat from Python, or None when not installed."""
    python = os.environ.get("KROEG_OPENSPIEL_PYTHON")
    if not python or not Path(python).exists():
        return None
    out = subprocess.run(
        [python, str(PEER), "--seconds", str(seconds)],
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(out.stdout)
    return figures


def run(seconds: float, rounds: int = 3) -> None:
    """Measure in ``rounds`` interleaved rounds (ours, then the peer) and print medians:
    on a shared machine this keeps both sides under the same load."""
    rng = random.Random(2026)
    share = seconds / rounds
    samples: dict[str, list[float]] = {}
    for _ in range(rounds):
        for variant in ("nku", "amsterdams"):
            game = Klaverjassen(variant)
            samples.setdefault(f"{variant} legal+apply", []).append(deals_apply(game, share, rng))
            samples.setdefault(f"{variant} rollout", []).append(deals_rollout(game, share, rng))
        for name, rate in (openspiel(share) or {}).items():
            samples.setdefault(f"openspiel {name}", []).append(rate)
    median = {key: statistics.median(values) for key, values in samples.items()}
    for key, values in samples.items():
        if not key.startswith("openspiel"):
            spread = f"{min(values):,.0f}-{max(values):,.0f}"
            print(f"klaverjassen {key:<23} deals/s: {median[key]:>8,.0f}  ({spread})")
    per_game = games_apply(Klaverjassen("nku"), share, rng)
    print(f"klaverjassen nku 16-deal games/s, legal+apply: {per_game:,.1f}")
    peers = [key for key in median if key.startswith("openspiel")]
    if not peers:
        print("openspiel: not measured (set KROEG_OPENSPIEL_PYTHON to a python with open_spiel)")
        return
    for peer in peers:
        print(f"{peer:<16} random games/s from Python: {median[peer]:>8,.0f}")
        for ours in ("nku legal+apply", "nku rollout"):
            ratio = median[ours] / median[peer]
            print(f"  ratio: klaverjassen {ours} deals/s / {peer} games/s = {ratio:.1f}x")


if __name__ == "__main__":
    run(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
