"""Results get each seat's ``place`` in the game's result (0 for the winners, the losers
from 1 in the order the game ranks them), so that the ratings rank a free-for-all game
by the order its players went out, and ``kroeg ratings rebuild`` reads the same places
as the rating made when the game finished (docs/ratings.md, "Ranking"). Results stored
before keep NULL: their order is not known, the ratings read them as the outcome's tier.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("results", sa.Column("place", sa.Integer, nullable=True))


def downgrade() -> None:
    # Plain ALTER TABLE, as 0004's downgrade: both databases have it.
    op.execute("ALTER TABLE results DROP COLUMN place")
