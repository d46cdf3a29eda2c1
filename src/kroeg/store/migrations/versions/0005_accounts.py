"""Accounts: a player id (a guest's, kept when it becomes an account) with a unique name,
an optional Argon2id password hash, its kind (a person, or a bot account) and when it was
deleted; and the passkeys (WebAuthn credentials) registered for it.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(96), nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=True),
        sa.Column("kind", sa.String(8), nullable=False, server_default="person"),
        sa.Column("invisible", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("deleted_at", sa.Float, nullable=True),
    )
    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(255), primary_key=True),
        sa.Column(
            "player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False, index=True
        ),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("transports", sa.JSON, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("last_used_at", sa.Float, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("passkeys")
    op.drop_table("accounts")
