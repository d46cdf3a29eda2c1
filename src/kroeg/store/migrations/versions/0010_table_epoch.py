"""Tables get an owner epoch (``owner_epoch``), the fencing token of the process that owns
the table (docs/cluster.md): a process that takes a table over raises it, and a write of
the table's log made under an older epoch is refused in its own transaction. Tables
stored before start at 0, the epoch of a server that runs alone (it states none).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "tables",
        sa.Column("owner_epoch", sa.BigInteger, nullable=False, server_default=sa.text("0")),
    )


def downgrade() -> None:
    # Plain ALTER TABLE, as 0004's downgrade: both databases have it.
    op.execute("ALTER TABLE tables DROP COLUMN owner_epoch")
