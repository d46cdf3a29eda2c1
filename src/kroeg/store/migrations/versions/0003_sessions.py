"""Sessions and record access: the ``sessions`` table (an opaque cookie or bearer token
per session, stored as its hash, with an expiry and a revocation), and the tables'
``public_records`` option, set for the tables already stored as the default says:
public tables' records are public, private tables' are not.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column(
            "player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False, index=True
        ),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("last_used_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("revoked_at", sa.Float, nullable=True),
    )
    # A plain ADD COLUMN: SQLite's batch mode would copy the table, which the games'
    # foreign keys forbid.
    op.add_column(
        "tables",
        sa.Column("public_records", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.execute("UPDATE tables SET public_records = NOT private")


def downgrade() -> None:
    op.drop_column("tables", "public_records")  # SQLite 3.35 and later drop columns
    op.drop_table("sessions")
