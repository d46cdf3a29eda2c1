"""Tables close: who created a table (``created_by``, for the open-table quota) and when
it closed (``closed_at``); an index on the open tables, so that a start, which restores
only those, does not read past every closed one.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("created_by", sa.String(32), nullable=True))
    op.add_column("tables", sa.Column("closed_at", sa.Float, nullable=True))
    op.create_index("ix_tables_closed_created_at", "tables", ["closed", "created_at"])


def downgrade() -> None:
    # Plain ALTER TABLE, which both databases have (SQLite since 3.35): Alembic's batch
    # mode would copy the table, and SQLite refuses to drop it under the games' key.
    op.drop_index("ix_tables_closed_created_at", table_name="tables")
    op.execute("ALTER TABLE tables DROP COLUMN closed_at")
    op.execute("ALTER TABLE tables DROP COLUMN created_by")
