"""Leaderboard eligibility counts established opponents: per rating, ``established``,
the different opponents who were, when the game against them ended, accounts with at
least 10 rated games of their own in that game and variant; per pair of
``rating_opponents``, whether it counted so (``established``). The leaderboard's partial
index selects ``games >= 20 AND established >= 5`` instead of ``opponents >= 5``, which
the house and fresh guests could fill (docs/ratings.md, "Leaderboards").

The new counts start at 0: they follow from the games in the order they finished, which
only ``kroeg ratings rebuild`` replays. Run it once after upgrading (the leaderboards are
empty until then; the ratings themselves do not change).

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


def downgrade() -> None:
    op.drop_index("ix_ratings_leaderboard", "ratings")
    _index(OLD_WHERE)
    # Plain ALTER TABLE, as 0011's downgrade: both databases have it.
    op.execute("ALTER TABLE rating_opponents DROP COLUMN established")
    op.execute("ALTER TABLE ratings DROP COLUMN established")
