"""Players and puzzles rated against each other, as Lichess rates its puzzles.

Each answer is a game of two: the player against the puzzle. Solved, the player wins;
missed, the puzzle wins. Both ratings move, with OpenSkill's Plackett–Luce model (the
one the players' game ratings use, :mod:`kroeg.accounts.ratings`): a puzzle that many
strong players miss rises, one that everyone solves sinks. A new puzzle starts where
its open-hand margin puts it (:func:`initial_puzzle_mu`): a large margin is an easier
puzzle (a blunder's punishment is plain), a slim one harder.
"""

from __future__ import annotations

from dataclasses import dataclass

from kroeg.accounts.ratings import MODEL, NEW_MU, NEW_SIGMA

DISPLAY_SCALE = 60.0
"""The shown rating is mu times this (a newcomer at 1500, as on Lichess)."""


@dataclass(frozen=True, slots=True)
class Skill:
    mu: float = NEW_MU
    sigma: float = NEW_SIGMA

    @property
    def shown(self) -> int:
        """The number the page shows: mu on a chess-like scale."""
        return round(self.mu * DISPLAY_SCALE)


def initial_puzzle_mu(margin: int) -> float:
    """A new puzzle's mu from its open-hand margin: 28 at the smallest margin (10), down
    to 22 at a margin of 100 or more."""
    clipped = min(max(margin, 10), 100)
    return 28.0 - 6.0 * (clipped - 10) / 90


def rate_answer(player: Skill, puzzle: Skill, solved: bool) -> tuple[Skill, Skill]:
    """The player's and the puzzle's skill after one answer."""
    teams = [
        [MODEL.rating(mu=player.mu, sigma=player.sigma)],
        [MODEL.rating(mu=puzzle.mu, sigma=puzzle.sigma)],
    ]
    ranks = [0.0, 1.0] if solved else [1.0, 0.0]
    (p,), (q,) = MODEL.rate(teams, ranks=ranks)
    return Skill(float(p.mu), float(p.sigma)), Skill(float(q.mu), float(q.sigma))
