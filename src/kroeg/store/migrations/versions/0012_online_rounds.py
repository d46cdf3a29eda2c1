"""Online rounds of club nights (docs/clubs.md, "Online rounds"): a night's clock per
turn (``club_nights.clock_seconds``, the game's own when null) and, per round table that
plays online, what its game stands at (``round_tables.online``: each seat's total so
far, the deals played, the seats the house plays for a player who dropped out, and
whether the game is over). ``round_tables.table_id`` (0007) names the table it plays at.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("club_nights", sa.Column("clock_seconds", sa.Float, nullable=True))
    op.add_column("round_tables", sa.Column("online", sa.JSON, nullable=True))


def downgrade() -> None:
    # Plain ALTER TABLE, as 0004's downgrade: both databases have it.
    op.execute("ALTER TABLE round_tables DROP COLUMN online")
    op.execute("ALTER TABLE club_nights DROP COLUMN clock_seconds")
