"""Score lines to the letter, and who created a night (the trust issue, items 3 and 6;
docs/clubs.md, "Score lines" and "Quotas").

- ``club_nights.created_by``: the account that created the night, for the nights a day
  one account may create (null for the nights created before).
- Every stored version of a score line keeps only its game's fields
  (kroeg.clubs.sheets.LINE_KEYS; ``revoked`` only with the mark V): a line stored with
  an unknown field holding a lone surrogate made its table's sheet answer 500 for good,
  and now every stored line passes the checks that a new one passes. (The other texts
  of a line's version, ``by``, could not hold one: the databases refused it.)

Revision ID: 0015
Revises: 0013
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0013"
branch_labels = None
depends_on = None

LINE_KEYS = {
    "klaverjassen": {"played", "points", "roem", "mark", "revoked"},
    "toepen": {"penalties", "winner"},
    "eurokaarten": {"coin_lost"},
}
"""As kroeg.clubs.sheets.LINE_KEYS on the day of this migration (a migration keeps its own
copy: the code may change after it)."""

_nights = sa.table("club_nights", sa.column("id", sa.String), sa.column("game", sa.String))
_changes = sa.table(
    "score_changes",
    sa.column("id", sa.String),
    sa.column("night_id", sa.String),
    sa.column("line", sa.JSON),
)


def _clean_line(game: str, line: Any) -> Any:
    if not isinstance(line, dict):
        return line
    keys = LINE_KEYS.get(game, set())
    kept = {k: v for k, v in line.items() if k in keys}
    if kept.get("mark") != "V":
        kept.pop("revoked", None)
    return kept


def upgrade() -> None:
    op.add_column("club_nights", sa.Column("created_by", sa.String(32), nullable=True))
    bind = op.get_bind()
    games = dict(bind.execute(sa.select(_nights.c.id, _nights.c.game)).all())
    rows = bind.execute(sa.select(_changes.c.id, _changes.c.night_id, _changes.c.line)).all()
    for change_id, night_id, line in rows:
        cleaned = _clean_line(games.get(night_id, ""), line)
        if cleaned != line:
            bind.execute(sa.update(_changes).where(_changes.c.id == change_id).values(line=cleaned))


def downgrade() -> None:
    # Plain ALTER TABLE, as 0012's downgrade; the cleaned lines stay cleaned.
    op.execute("ALTER TABLE club_nights DROP COLUMN created_by")
