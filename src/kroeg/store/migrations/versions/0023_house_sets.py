"""Duplicate against the house (issue 29 point 5; docs/clubs.md, "Duplicate tegen het
huis"): ``house_sets``, one person's set of boards played with the house, each board
beside ``meester``'s line, and the set's percentage, kept for the profile.

Revision ID: 0023
Revises: 0022
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "house_sets",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("count", sa.Integer, nullable=False),
        sa.Column("secret", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("played", sa.JSON, nullable=False),
        sa.Column("lines", sa.JSON, nullable=False),
        sa.Column("percent", sa.Float, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    op.create_index("ix_house_sets_player", "house_sets", ["player_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_house_sets_player", "house_sets")
    op.drop_table("house_sets")
