"""Ratings, follows and blocks: each table's ``rated`` flag; per player, game and variant
an OpenSkill rating (mu, sigma, its conservative ``score`` mu − 3σ, the rated games and
the different people played against, counted through ``rating_opponents``); each rated
game's rating change per person; who follows and who blocks whom; the index of the
leaderboard and the one of a player's history. Existing tables are not rated: their
games were played before anyone said they would count. See docs/ratings.md.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

LEADERBOARD_WHERE = "games >= 20 AND opponents >= 5"
"""kroeg.accounts.ratings.LEADERBOARD_GAMES and LEADERBOARD_PEOPLE, as written in the
leaderboard query (a partial index serves only a query whose condition implies its own)."""


def upgrade() -> None:
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false())
    )
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("variant", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("opponents", sa.Integer, nullable=False),
    )
    op.create_index(
        "ix_ratings_leaderboard",
        "ratings",
        ["game", "variant", sa.text("score DESC")],
        postgresql_where=sa.text(LEADERBOARD_WHERE),
        sqlite_where=sa.text(LEADERBOARD_WHERE),
    )
    op.create_table(
        "rating_opponents",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("variant", sa.String(32), primary_key=True),
        sa.Column("opponent_id", sa.String(32), primary_key=True),
    )
    op.create_table(
        "rating_changes",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
    )
    op.create_index("ix_results_player_game", "results", ["player_id", "game_id"])
    op.create_table(
        "follows",
        sa.Column("follower_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("followed_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_follows_followed_id", "follows", ["followed_id"])
    op.create_table(
        "blocks",
        sa.Column("blocker_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("blocked_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("blocks")
    op.drop_index("ix_follows_followed_id", "follows")
    op.drop_table("follows")
    op.drop_index("ix_results_player_game", "results")
    op.drop_table("rating_changes")
    op.drop_table("rating_opponents")
    op.drop_index("ix_ratings_leaderboard", "ratings")
    op.drop_table("ratings")
    # Plain ALTER TABLE (as 0004): batch mode would copy the table, and SQLite refuses to
    # drop it under the games' key.
    op.execute("ALTER TABLE tables DROP COLUMN rated")
