"""Leaderboard eligibility counts established opponents: per rating, ``established``,
the different opponents who were, when the game against them ended, accounts with at
least 10 rated games of their own in that game and variant; per pair of
``rating_opponents``, whether it counted so (``established``). The leaderboard's partial
index selects ``games >= 20 AND established >= 5`` instead of ``opponents >= 5``, which
the house and fresh guests could fill (docs/ratings.md, "Leaderboards").

The upgrade counts them from the rating changes already stored, as the rebuild would:
each person's rated games before a game are their ``rating_changes`` in the order the
games finished (``finished_at``, then id), and two people of a rated game are opponents
unless partners (Klaverjassen, the only game played in teams: seats 0 and 2 against 1
and 3). tests/store/test_migration_0013.py checks it equals ``kroeg ratings rebuild``.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

LEADERBOARD_WHERE = "games >= 20 AND established >= 5"
"""kroeg.store.schema.LEADERBOARD_WHERE from this revision on."""

OLD_WHERE = "games >= 20 AND opponents >= 5"
"""0006's condition."""


def _index(where: str) -> None:
    op.create_index(
        "ix_ratings_leaderboard",
        "ratings",
        ["game", "variant", sa.text("score DESC")],
        postgresql_where=sa.text(where),
        sqlite_where=sa.text(where),
    )


def upgrade() -> None:
    op.add_column(
        "ratings",
        sa.Column("established", sa.Integer, nullable=False, server_default=sa.text("0")),
    )
    op.add_column(
        "rating_opponents",
        sa.Column("established", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.drop_index("ix_ratings_leaderboard", "ratings")
    _index(LEADERBOARD_WHERE)
    op.execute(MARK_PAIRS)
    op.execute(COUNT)


MARK_PAIRS = """
UPDATE rating_opponents SET established = true WHERE EXISTS (
  SELECT 1 FROM (
    SELECT rc.game_id, rc.seat, rc.player_id, rc.game, rc.variant, g.finished_at,
      ROW_NUMBER() OVER (
        PARTITION BY rc.player_id, rc.game, rc.variant ORDER BY g.finished_at, g.id
      ) - 1 AS before
    FROM rating_changes AS rc JOIN games AS g ON g.id = rc.game_id
  ) AS o
  JOIN rating_changes AS p ON p.game_id = o.game_id
  JOIN accounts AS a ON a.player_id = o.player_id AND a.created_at <= o.finished_at
  WHERE p.player_id = rating_opponents.player_id
    AND o.player_id = rating_opponents.opponent_id
    AND o.game = rating_opponents.game AND o.variant = rating_opponents.variant
    AND o.before >= 10
    AND (o.game <> 'klaverjassen' OR p.seat % 2 <> o.seat % 2)
)
"""
"""An opponent counted for the pair if in some game between them they were an account
with at least 10 rated games of their own before it (kroeg.accounts.ratings.established)."""

COUNT = """
UPDATE ratings SET established = (
  SELECT count(*) FROM rating_opponents AS o
  WHERE o.player_id = ratings.player_id AND o.game = ratings.game
    AND o.variant = ratings.variant AND o.established
)
"""


def downgrade() -> None:
    op.drop_index("ix_ratings_leaderboard", "ratings")
    _index(OLD_WHERE)
    # Plain ALTER TABLE, as 0011's downgrade: both databases have it.
    op.execute("ALTER TABLE rating_opponents DROP COLUMN established")
    op.execute("ALTER TABLE ratings DROP COLUMN established")
