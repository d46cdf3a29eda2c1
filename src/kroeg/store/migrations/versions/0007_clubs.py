"""Club nights: clubs, their members and organisers, nights, who is registered, rounds,
the tables of each round and the score lines kept at the bar with every change to them
(docs/clubs.md).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("season_best", sa.Integer, nullable=False),
        sa.Column("created_by", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "club_members",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("club_id", sa.String(32), sa.ForeignKey("clubs.id"), nullable=False, index=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("club_id", "player_id", name="uq_club_members_player"),
    )
    op.create_table(
        "club_nights",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("club_id", sa.String(32), sa.ForeignKey("clubs.id"), nullable=False, index=True),
        sa.Column("title", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("table_size", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("deals_per_round", sa.Integer, nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("pairs", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("current_round", sa.Integer, nullable=False, server_default="0"),
        sa.Column("round_running", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("changes", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("closed_at", sa.Float, nullable=True),
    )
    op.create_table(
        "night_players",
        sa.Column("night_id", sa.String(32), sa.ForeignKey("club_nights.id"), primary_key=True),
        sa.Column("member_id", sa.String(32), sa.ForeignKey("club_members.id"), primary_key=True),
        sa.Column("partner_id", sa.String(32), nullable=True),
        sa.Column("registered_at", sa.Float, nullable=False),
        sa.Column("left_at", sa.Float, nullable=True),
    )
    op.create_table(
        "night_rounds",
        sa.Column("night_id", sa.String(32), sa.ForeignKey("club_nights.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    op.create_table(
        "round_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("night_id", sa.String(32), sa.ForeignKey("club_nights.id"), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seating", sa.JSON, nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Index("ix_round_tables_night_round", "night_id", "round"),
    )
    op.create_table(
        "score_entries",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "round_table_id", sa.String(32), sa.ForeignKey("round_tables.id"), nullable=False
        ),
        sa.Column("night_id", sa.String(32), sa.ForeignKey("club_nights.id"), nullable=False),
        sa.Column("deal", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Index("ix_score_entries_night", "night_id"),
    )
    op.create_table(
        "score_changes",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("entry_id", sa.String(64), sa.ForeignKey("score_entries.id"), nullable=False),
        sa.Column("night_id", sa.String(32), sa.ForeignKey("club_nights.id"), nullable=False),
        sa.Column("line", sa.JSON, nullable=True),
        sa.Column("by", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Index("ix_score_changes_night", "night_id"),
    )


def downgrade() -> None:
    for name in (
        "score_changes",
        "score_entries",
        "round_tables",
        "night_rounds",
        "night_players",
        "club_nights",
        "club_members",
        "clubs",
    ):
        op.drop_table(name)
