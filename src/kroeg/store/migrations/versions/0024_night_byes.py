"""Byes at club nights (issue 32, build 7; docs/clubs.md "Byes"): a night's ``byes``
rule (``house``, as every night before it, ``average`` or ``fixed``) and its
``bye_score`` (the fixed rule's points per bye round), and per round who sits it out
(``night_rounds.sitting_out``, member ids; null on a night with house seats).

Revision ID: 0024
Revises: 0023
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "club_nights", sa.Column("byes", sa.String(8), nullable=False, server_default="house")
    )
    op.add_column(
        "club_nights", sa.Column("bye_score", sa.Integer, nullable=False, server_default="0")
    )
    op.add_column("night_rounds", sa.Column("sitting_out", sa.JSON, nullable=True))


def downgrade() -> None:
    op.execute("ALTER TABLE night_rounds DROP COLUMN sitting_out")
    op.execute("ALTER TABLE club_nights DROP COLUMN bye_score")
    op.execute("ALTER TABLE club_nights DROP COLUMN byes")
