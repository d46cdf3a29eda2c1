"""Deals anyone can verify: each game's secret (docs/fair-deals.md), 32 bytes as
lowercase hex, kept so that a restarted server deals the rest of a running game from
the secret it committed to. Null for the games played before: they were shuffled
without one.

Revision ID: 0009
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("fair_secret", sa.String(64), nullable=True))


def downgrade() -> None:
    # Plain ALTER TABLE (SQLite since 3.35), as in 0004: batch mode would copy the table.
    op.execute("ALTER TABLE games DROP COLUMN fair_secret")
