"""A duplicate round's table keeps the round's secret with its row (``tables.boards``,
hex; null: the table deals at random): a process that rebuilds the table, after a
restart or taking it over from one that died, deals the round's boards from its first
moment, before any club service hooks it (docs/clubs.md, "Duplicate Klaverjassen").

Revision ID: 0026
Revises: 0025
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("boards", sa.String(64), nullable=True))


def downgrade() -> None:
    op.execute("ALTER TABLE tables DROP COLUMN boards")
