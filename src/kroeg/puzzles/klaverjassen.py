"""Klaverjassen puzzles mined from a finished game's record with the exact solver.

A puzzle is a card decision of a real deal where one card is best by a clear margin
whatever the hidden cards are (docs/puzzles.md, "Criteria"):

1. **Open hands.** The game's analysis (:func:`kroeg.bots.klaverjassen.analysis.analyse`,
   the exact kernel on the last ``ANALYSED_TRICKS`` tricks with every hand open, as
   the record shows them) values every card the rules allowed: the best card beats every
   other by at least :data:`MIN_MARGIN` points of the seat's team's deal margin.
2. **Hidden hands.** On :data:`WORLDS` deals sampled from the seat's view and the auction
   (the bots' own sampler: :func:`~kroeg.bots.klaverjassen.signals.sample_deal` within
   :func:`~kroeg.bots.klaverjassen.knowledge.infer_allowed`), the kernel values every
   card again: the same card is a best card in at least :data:`AGREEMENT` of them.
3. **Worth asking.** The player in the game chose another card, or the margin is at
   least :data:`LARGE_MARGIN`.

A puzzle holds only the seat's view at that moment (the view the engine gave it), the
cards it may play, and the answer as the sampled worlds give it: nothing of the hidden
hands. :attr:`Puzzle.key` identifies the position as the view shows it, to store each
position once.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field

from kroeg.bots.klaverjassen.analysis import analyse as analyse_game
from kroeg.bots.klaverjassen.basis import play_from
from kroeg.bots.klaverjassen.kernel import Solver
from kroeg.bots.klaverjassen.knowledge import Seen, infer_allowed, read_view
from kroeg.bots.klaverjassen.signals import auction_signals, sample_deal
from kroeg.cards import card_str, cards_in
from kroeg.games.base import JSON
from kroeg.games.klaverjassen import Klaverjassen
from kroeg.games.klaverjassen.state import PLAY
from kroeg.games.klaverjassen.view import KlaverjasView
from kroeg.records import parse_record

MIN_MARGIN = 10
"""Points (of the seat's team's deal margin, with every hand open) by which the best card
must beat every other card: a whole ten, or the last trick's bonus."""

LARGE_MARGIN = 40
"""A margin from which the position is a puzzle even when the player found the card."""

WORLDS = 40
"""Deals sampled from the seat's view to check the card whatever the hidden hands are."""

AGREEMENT = 0.95
"""The share of the sampled worlds in which the puzzle's card must be a best card."""

KEY_FIELDS = (
    "game",
    "variant",
    "options",
    "you",
    "hand",
    "bids",
    "calls",
    "trump",
    "declarer",
    "leader",
    "trick",
    "tricks",
    "roem",
    "factor",
)
"""The parts of a view that make a position: two views equal in these are one puzzle."""


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One position to solve: the seat's view, the cards it may play, and the answer."""

    key: str
    deal: int
    """The deal of the game (from 0) the position comes from."""
    trick: int
    """The trick (1 to 8) the card is for."""
    seat: int
    view: JSON
    """The seat's view when it had to play (the engine's ``view``), nothing more."""
    cards: list[str]
    """The cards the rules allowed, in the order the view's hand holds them."""
    best: str
    chosen: str
    """The card the player in the game played."""
    margin: int
    """With every hand open: the best card's value minus the next best card's."""
    worlds: int
    best_share: dict[str, float] = field(default_factory=dict)
    """Per card, the share of the sampled worlds in which it was a best card."""
    mean_values: dict[str, float] = field(default_factory=dict)
    """Per card, its mean value (the seat's team's deal margin) over the sampled worlds."""

    def solution(self) -> JSON:
        """What the answer shows: the card, the player's card, and the solver's values."""
        return {
            "best": self.best,
            "chosen": self.chosen,
            "margin": self.margin,
            "worlds": self.worlds,
            "best_share": self.best_share,
            "mean_values": self.mean_values,
        }


def position_key(view: JSON) -> str:
    """The SHA-256 of the view's position (:data:`KEY_FIELDS`), canonical JSON."""
    part = {name: view.get(name) for name in KEY_FIELDS}
    text = json.dumps(part, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def candidates(analysis: JSON) -> dict[tuple[int, int, int], JSON]:
    """The analysed plays that pass criteria 1 and 3, by (deal, trick, seat)."""
    out: dict[tuple[int, int, int], JSON] = {}
    for play in analysis["plays"]:
        values = sorted(play["values"].values(), reverse=True)
        if len(values) < 2:
            continue
        gap = values[0] - values[1]
        if gap < MIN_MARGIN:
            continue
        if play["card"] == play["best"] and gap < LARGE_MARGIN:
            continue
        out[(play["deal"], play["trick"], play["seat"])] = play
    return out


def mine(
    doc: JSON,
    rng: random.Random,
    *,
    worlds: int = WORLDS,
    analysis: JSON | None = None,
    solver: Solver | None = None,
) -> list[Puzzle]:
    """The puzzles of a finished Klaverjassen game's record (RECORDS.md). ``analysis``:
    the game's stored analysis, computed here when not given."""
    if analysis is None:
        analysis = analyse_game(doc)
    wanted = candidates(analysis)
    if not wanted:
        return []
    solver = solver or Solver()
    record = parse_record(doc)
    game = record.game
    assert isinstance(game, Klaverjassen)
    match = record.match()
    s = match.state
    found: list[Puzzle] = []
    for number, seat, action in record.walk(match):
        play = wanted.get((number, s.tricks_played + 1, seat))
        if play is not None and action[0] == "play" and s.phase == PLAY:
            view = game.view(s, seat)
            puzzle = _check(game, view, number, play, rng, worlds, solver)
            if puzzle is not None:
                found.append(puzzle)
    return found


def _check(
    game: Klaverjassen,
    view: KlaverjasView,
    deal: int,
    play: JSON,
    rng: random.Random,
    worlds: int,
    solver: Solver,
) -> Puzzle | None:
    """Criterion 2 on the seat's view: the puzzle, or None when the card is not a best
    card in :data:`AGREEMENT` of the sampled worlds."""
    seen = read_view(view)
    shares, means = world_values(game, seen, rng, worlds, solver)
    best = str(play["best"])
    if shares.get(best, 0.0) < AGREEMENT:
        return None
    ordered = sorted(play["values"].values(), reverse=True)
    shown = view.json()
    return Puzzle(
        key=position_key(shown),
        deal=deal,
        trick=int(play["trick"]),
        seat=int(play["seat"]),
        view=shown,
        cards=list(shares),
        best=best,
        chosen=str(play["card"]),
        margin=int(ordered[0] - ordered[1]),
        worlds=worlds,
        best_share=shares,
        mean_values=means,
    )


def world_values(
    game: Klaverjassen, seen: Seen, rng: random.Random, worlds: int, solver: Solver
) -> tuple[dict[str, float], dict[str, float]]:
    """Per card the rules allow the seat, the share of ``worlds`` sampled deals in which
    it is a best card and its mean value there (the seat's team's deal margin)."""
    pit_bonus = int(str(game.option_values["pit_bonus"]))
    base = play_from(seen, pit_bonus, game.rules)
    allowed = cards_in(base.legal(seen.hand))
    limits = infer_allowed(seen, game.rules)
    signals = auction_signals(seen, str(game.option_values["trump_mode"]))
    sign = 1 if seen.me & 1 == 0 else -1
    best_count = [0] * len(allowed)
    totals = [0] * len(allowed)
    for _ in range(worlds):
        p = base.copy()
        p.hands = sample_deal(seen, limits, signals, rng)
        values = [sign * v for v in solver.card_values(p, allowed)]
        top = max(values)
        for i, value in enumerate(values):
            totals[i] += value
            best_count[i] += value == top
    names = [card_str(c) for c in allowed]
    shares = {n: round(k / worlds, 4) for n, k in zip(names, best_count, strict=True)}
    means = {n: round(t / worlds, 1) for n, t in zip(names, totals, strict=True)}
    return shares, means
