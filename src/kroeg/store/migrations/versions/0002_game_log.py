"""The game log as runs of steps: ``actions`` (a row per step) becomes ``game_log`` (a
row per run of steps committed together; see kroeg.store.schema). Each step already
logged becomes a run of its own.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_RUNS_FROM_STEPS = {
    "sqlite": "INSERT INTO game_log (game_id, seq, entries) SELECT game_id, seq, "
    'json_array(json_array(version, seat, kind, json(data), "by", created_at)) FROM actions',
    "postgresql": "INSERT INTO game_log (game_id, seq, entries) SELECT game_id, seq, "
    'json_build_array(json_build_array(version, seat, kind, data, "by", created_at)) '
    "FROM actions",
}
_STEPS_FROM_RUNS = {
    "sqlite": 'INSERT INTO actions (game_id, seq, version, seat, kind, data, "by", created_at) '
    "SELECT game_log.game_id, game_log.seq + step.key, step.value ->> 0, "
    "step.value ->> 1, step.value ->> 2, step.value -> 3, step.value ->> 4, "
    "step.value ->> 5 FROM game_log, json_each(game_log.entries) AS step",
    "postgresql": 'INSERT INTO actions (game_id, seq, version, seat, kind, data, "by", created_at) '
    "SELECT game_log.game_id, game_log.seq + step.n - 1, (step.value ->> 0)::bigint, "
    "(step.value ->> 1)::int, step.value ->> 2, step.value -> 3, step.value ->> 4, "
    "(step.value ->> 5)::float FROM game_log, "
    "json_array_elements(game_log.entries) WITH ORDINALITY AS step(value, n)",
}


def upgrade() -> None:
    op.create_table(
        "game_log",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("entries", sa.JSON, nullable=False),
    )
    op.execute(_RUNS_FROM_STEPS[op.get_bind().dialect.name])
    op.drop_table("actions")


def downgrade() -> None:
    op.create_table(
        "actions",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("version", sa.BigInteger, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.execute(_STEPS_FROM_RUNS[op.get_bind().dialect.name])
    op.drop_table("game_log")
