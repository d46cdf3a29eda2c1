"""An organiser's own board set for a movement night at the bar (issue 29 point 1;
docs/clubs.md "Een eigen spellenset"): ``club_nights.imported_boards``, the checked boards
of a ``kroeg-boards/1`` file (null: the night deals its own set).

Revision ID: 0025
Revises: 0024
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("club_nights", sa.Column("imported_boards", sa.JSON, nullable=True))


def downgrade() -> None:
    op.execute("ALTER TABLE club_nights DROP COLUMN imported_boards")
