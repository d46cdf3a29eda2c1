"""Toepen knock-decision puzzles mined from a finished game's record (docs/puzzles.md,
"Toepen").

The Toepen analysis (:mod:`kroeg.bots.toepen.analysis`) grades a knock decision with
every hand open, as the record shows them: the exact last-trick winner (max-n search,
RULES.md §1 "only the last trick counts"). It does not sample the hidden hands, so
this miner does that itself, with the same exact grading on each sampled world. A
choice's value is the penalty points it costs the seat in that world:

- ``knock`` (toepen) costs the raised stake when the seat loses the last trick, 0 when
  it wins; ``wait`` (not knocking) costs the stake as it is when it loses, 0 when it
  wins. Others' answers are not modelled (as in the analysis): with open hands a
  knock never costs less than waiting, so a knock puzzle's answer is always "niet",
  for a seat that knocked while it loses the last trick in nearly every world.
- ``stay`` (meegaan) costs the raised stake when the seat loses, 0 when it wins;
  ``fold`` (passen) costs the stake before the knock, whoever wins.

A decision becomes a puzzle when (1) with the record's hands one choice costs at least
:data:`MIN_MARGIN` less than the other, (2) on :data:`WORLDS` deals of the unseen cards
sampled from the seat's view (the bots' own weighted sampler,
:func:`~kroeg.bots.toepen.signals.weighted_sample`) the same choice costs at least
:data:`MIN_MARGIN` less than the other in :data:`AGREEMENT` of them, and (3) the player
chose the other, or the open-hand margin is at least :data:`LARGE_MARGIN`.
"""

from __future__ import annotations

import hashlib
import json
import random

from kroeg.bots.toepen.analysis import exact_winner
from kroeg.bots.toepen.knowledge import read_view
from kroeg.bots.toepen.signals import signals, weighted_sample
from kroeg.games.base import JSON, Action
from kroeg.games.match import OUT
from kroeg.games.toepen.state import PLAY, ToepenState
from kroeg.games.toepen.view import ToepenView
from kroeg.records import parse_record

from .klaverjassen import Puzzle

MIN_MARGIN = 1
"""Penalty points by which the best choice must cost less than the other."""

LARGE_MARGIN = 2
"""An open-hand margin from which the decision is a puzzle even when the player found
it (a fold that gave away a won deal at stake 3 or more)."""

WORLDS = 40
"""Deals of the unseen cards sampled from the seat's view."""

AGREEMENT = 0.95
"""The share of the sampled worlds in which the puzzle's choice must be clearly best."""

KNOCK_CHOICES = ("knock", "wait")
ANSWER_CHOICES = ("stay", "fold")

STORED = {"knock": "toep"}
"""An answer as ``puzzle_attempts.card`` keeps it (four characters at most): ``knock``
as ``toep``, the other choices as they are."""


def stored_answer(answer: str) -> str:
    """The answer (a card or a knock choice) as the attempts table keeps it."""
    return STORED.get(answer, answer)


def shown_answer(stored: str) -> str:
    """The answer as given, from the attempts table's four characters."""
    return {v: k for k, v in STORED.items()}.get(stored, stored)


KEY_FIELDS = (
    "game",
    "variant",
    "options",
    "you",
    "seats",
    "hand",
    "hand_counts",
    "active",
    "turn",
    "trick",
    "tricks",
    "stake",
    "knock",
    "dead_cards",
    "open_hands",
    "laundry",
)
"""The parts of a view that make a position (not the game's score)."""


def position_key(view: JSON) -> str:
    """The SHA-256 of the view's position (:data:`KEY_FIELDS`), canonical JSON."""
    part = {name: view.get(name) for name in KEY_FIELDS}
    text = json.dumps(part, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def costs(s: ToepenState, seat: int, answering: bool, winner: int) -> dict[str, int]:
    """Each choice's penalty points for ``seat`` when ``winner`` takes the last trick."""
    won = winner == seat
    if answering:
        return {"stay": 0 if won else s.stake, "fold": s.stake - 1}
    return {"knock": 0 if won else s.stake + 1, "wait": 0 if won else s.stake}


def clear_best(cost: dict[str, int]) -> str | None:
    """The choice that costs at least :data:`MIN_MARGIN` less than the other, if any."""
    (best, low), (_, high) = sorted(cost.items(), key=lambda kv: kv[1])
    return best if high - low >= MIN_MARGIN else None


def _decision(s: ToepenState, seat: int, action: Action) -> str | None:
    """The choice ``action`` makes in a knock decision, or None when it is none of the
    puzzles' decisions (a card, an over-knock, a fold without a knock)."""
    if action == OUT or s.phase != PLAY or not s.active >> seat & 1:
        return None
    verb = action[0]
    if s.knocker >= 0:
        return verb if verb in ANSWER_CHOICES else None
    return "knock" if verb == "knock" else None


def mine(
    doc: JSON, rng: random.Random, *, worlds: int = WORLDS, analysis: JSON | None = None
) -> list[Puzzle]:
    """The knock-decision puzzles of a finished Toepen game's record (RECORDS.md).
    ``analysis`` is accepted for the miners' common shape; the grading here is its own
    (the analysis does not sample the hidden hands)."""
    del analysis
    record = parse_record(doc)
    game = record.game
    match = record.match()
    s: ToepenState = match.state
    found: list[Puzzle] = []
    for number, seat, action in record.walk(match):
        chosen = _decision(s, seat, action)
        if chosen is not None:
            view = ToepenView.of(game.view(s, seat))
            puzzle = _check(view, s, seat, number, chosen, rng, worlds)
            if puzzle is not None:
                found.append(puzzle)
    return found


def _check(
    view: ToepenView,
    s: ToepenState,
    seat: int,
    deal: int,
    chosen: str,
    rng: random.Random,
    worlds: int,
) -> Puzzle | None:
    """Criteria 1 to 3 for one decision: the puzzle, or None."""
    answering = s.knocker >= 0
    real = costs(s, seat, answering, exact_winner(s))
    best = clear_best(real)
    if best is None:
        return None
    margin = max(real.values()) - min(real.values())
    if chosen == best and margin < LARGE_MARGIN:
        return None
    shares, means = world_values(view, s, seat, answering, rng, worlds)
    if shares[best] < AGREEMENT:
        return None
    shown = view.json()
    return Puzzle(
        key=position_key(shown),
        deal=deal,
        trick=s.tricks_done + 1,
        seat=seat,
        view=shown,
        cards=list(ANSWER_CHOICES if answering else KNOCK_CHOICES),
        best=best,
        chosen=chosen,
        margin=margin,
        worlds=worlds,
        best_share=shares,
        mean_values=means,
    )


def world_values(
    view: ToepenView, s: ToepenState, seat: int, answering: bool, rng: random.Random, worlds: int
) -> tuple[dict[str, float], dict[str, float]]:
    """Per choice, the share of ``worlds`` sampled deals in which it is clearly best and
    its mean cost there (penalty points). Only the seat's view chooses the worlds."""
    seen = read_view(view)
    shown = signals(view)
    choices = ANSWER_CHOICES if answering else KNOCK_CHOICES
    best_count = dict.fromkeys(choices, 0)
    totals = dict.fromkeys(choices, 0)
    for _ in range(worlds):
        world = s.copy()
        world.hands = list(weighted_sample(seen, shown, rng).hands)
        cost = costs(world, seat, answering, exact_winner(world))
        best = clear_best(cost)
        for choice in choices:
            totals[choice] += cost[choice]
            best_count[choice] += best == choice
    shares = {c: round(best_count[c] / worlds, 4) for c in choices}
    means = {c: round(totals[c] / worlds, 2) for c in choices}
    return shares, means
