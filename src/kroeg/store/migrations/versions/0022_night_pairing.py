"""A club night's pairing (issue 29, docs/clubs.md "Swiss pairing" and "At the bar:
boards and movement cards"): ``random`` (the whole schedule drawn when the night opens,
as before), ``swiss`` (round 1 drawn at the opening, each later round by standing when
it starts), or a movement of portefeuille-klaverjassen, ``mitchell`` or ``howell``.

Revision ID: 0022
Revises: 0021
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "club_nights",
        sa.Column("pairing", sa.String(8), nullable=False, server_default="random"),
    )


def downgrade() -> None:
    op.execute("ALTER TABLE club_nights DROP COLUMN pairing")
