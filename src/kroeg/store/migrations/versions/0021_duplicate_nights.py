"""Duplicate klaverjas nights (issue 29; docs/clubs.md, "Duplicate Klaverjassen"): a
night's board set and scoring (``club_nights.duplicate``: the scoring method, the set's
secret, size, boards a round and commitment; null for a night that is not duplicate).
The secret is kept here until the night closes, as a game's ``fair_secret`` until the
game ends.

Revision ID: 0021
Revises: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0021"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("club_nights", sa.Column("duplicate", sa.JSON, nullable=True))


def downgrade() -> None:
    op.execute("ALTER TABLE club_nights DROP COLUMN duplicate")
