"""Deals anyone can verify, and bots at the tables (issue 22): each game's secret
(docs/fair-deals.md), 32 bytes as lowercase hex, kept so that a restarted server deals
the rest of a running game from the secret it committed to (null for the games played
before: they were shuffled without one); and each table's option whether bot accounts
may sit there (docs/bots-api.md; the tables stored before allow them, as casual tables do).

Revision ID: 0009
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("fair_secret", sa.String(64), nullable=True))
    op.add_column(
        "tables",
        sa.Column("bots_allowed", sa.Boolean, nullable=False, server_default=sa.true()),
    )


def downgrade() -> None:
    # Plain ALTER TABLE (SQLite since 3.35), as in 0004: batch mode would copy the table.
    op.execute("ALTER TABLE tables DROP COLUMN bots_allowed")
    op.execute("ALTER TABLE games DROP COLUMN fair_secret")
