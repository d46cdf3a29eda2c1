"""The tables of the store (SQLAlchemy Core), shared by the queries and the migrations.

- ``settings``: key/value pairs of the server itself (the token signing secret).
- ``players``: guests and their display names.
- ``sessions``: who is signed in with which token: one row per session (a guest's token
  now, an account's login later: a new session for the same player), holding the
  SHA-256 of its opaque token (never the token), when it was made and last used, when it
  expires (renewed on use) and when it was revoked. See kroeg.accounts.sessions.
- ``accounts``: the players who registered (migration 0005): the player id they had as
  a guest, a unique name (``name_key`` is its case-folded form), an optional Argon2id
  password hash, ``kind`` (``person`` or ``bot``), ``invisible`` (hidden from the people
  who follow them) and ``deleted_at``. See docs/accounts.md.
- ``passkeys``: the WebAuthn credentials of an account (id, public key, sign count).
- ``tables``: the live tables with their configuration, their current ``version`` and
  their ``seating`` (who sits where, the waiting list), updated with every change; who
  created it (``created_by``) and, once it closed (idle), ``closed`` and ``closed_at``.
  Only the open tables are restored at a start (migration 0004 indexes them).
- ``games``: one row per game played at a table; ``finished_at`` is null while it runs.
- ``game_log``: the append-only log of every game step (deals included) with the table
  version it produced, one row per run of consecutive steps committed together (a
  person's move and the house's answers, a deal): ``seq`` is the run's first step and
  ``entries`` its steps in order, each ``[version, seat, kind, data, by, created_at]``.
  A game is rebuilt by replaying its rows in ``seq`` order. A row per step cost SQLite
  almost twice as much per step (``bench/log_rows.py``, docs/performance.md): its cost
  is per row.
- ``results``: each seat's outcome of a finished game and (migration 0011) its ``place``
  in the game's result, 0 for the winners; null for a game finished before 0011, whose
  places the ratings read from the outcome (docs/ratings.md, "Ranking").
- The club tables (migration 0007, docs/clubs.md): ``clubs`` (name, how many best
  nights count in the season, who founded it); ``club_members`` (an account, or a guest
  entered by name with no player id; ``role`` organiser or member); ``club_nights`` (the
  game, variant and options, table size, rounds, deals per round, ``mode`` online or
  bar, pair night or not, the seed of the schedule, ``status`` draft/open/closed, the
  round now or last played and whether it runs, ``changes`` counted for the live pages);
  ``night_players`` (who is registered, their partner on a pair night, when they left);
  ``night_rounds`` (when each round started and finished); ``round_tables`` (a round's
  table: its seating of member ids, None for the house, and the SHA-256 of the scorer's
  link, never the link); ``score_entries`` (a score line with the id its phone gave it,
  and the deal it is for) and ``score_changes`` (every version of a line: who, when,
  what; the newest counts, a null line withdraws it). Migration 0012: a night's
  ``clock_seconds`` for its online tables, and per round table played online
  (``table_id``) its ``online`` stand: each seat's total, the deals played, the seats
  the house took over, whether its game is over. Migration 0022: a night's ``pairing``,
  ``random``, ``swiss`` (a Swiss night's later rounds get their tables when they start),
  ``mitchell`` or ``howell`` (a movement at the bar). Migration 0024: a night's
  ``byes`` rule (``house``, ``average``, ``fixed``) and ``bye_score``, and per round
  who sits it out (``night_rounds.sitting_out``). Migration 0025: a movement night's
  ``imported_boards`` (an organiser's own board set, checked).
- ``ratings`` (migration 0006): each player's OpenSkill rating per game and variant, its
  conservative ``score`` (mu − 3σ) that the leaderboard sorts by, the rated games and the
  different people played against (``rating_opponents`` holds the pairs that count them)
  and (migration 0013) the ``established`` opponents among them, who count for the
  leaderboard (accounts with 10 rated games of their own when the game ended; the pairs
  that counted so are marked ``established``);
  ``rating_changes``: each person's rating before and after each rated game (a cache:
  ``kroeg ratings rebuild`` recomputes both from the games). See docs/ratings.md.
- ``follows`` and ``blocks``: who follows whom, who blocks whom (kroeg.accounts.social).
- ``game_analysis``: a finished game's analysis (migration 0008), computed from its
  record by the bots' analyser (kroeg.bots.analysis) the first time it is asked for.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

settings = sa.Table(
    "settings",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

players = sa.Table(
    "players",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False, index=True),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("last_used_at", sa.Float, nullable=False),
    sa.Column("expires_at", sa.Float, nullable=False),
    sa.Column("revoked_at", sa.Float, nullable=True),
)

accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("name", sa.String(24), nullable=False),
    sa.Column("name_key", sa.String(96), nullable=False, unique=True),
    sa.Column("password_hash", sa.Text, nullable=True),
    sa.Column("kind", sa.String(8), nullable=False, server_default="person"),
    sa.Column("invisible", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("deleted_at", sa.Float, nullable=True),
)

passkeys = sa.Table(
    "passkeys",
    metadata,
    sa.Column("id", sa.String(255), primary_key=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False, index=True),
    sa.Column("public_key", sa.LargeBinary, nullable=False),
    sa.Column("sign_count", sa.BigInteger, nullable=False),
    sa.Column("transports", sa.JSON, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("last_used_at", sa.Float, nullable=True),
)

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("variant", sa.String(32), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seats", sa.Integer, nullable=False),
    sa.Column("clock_seconds", sa.Float, nullable=False),
    sa.Column("private", sa.Boolean, nullable=False),
    sa.Column("house_level", sa.String(16), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("version", sa.BigInteger, nullable=False),
    sa.Column("seating", sa.JSON, nullable=False),
    sa.Column("closed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("public_records", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_by", sa.String(32), nullable=True),
    sa.Column("closed_at", sa.Float, nullable=True),
    sa.Column("bots_allowed", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("owner_epoch", sa.BigInteger, nullable=False, server_default=sa.text("0")),
    sa.Column("boards", sa.String(64), nullable=True),
    sa.Index("ix_tables_closed_created_at", "closed", "created_at"),
)

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, index=True),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("variant", sa.String(32), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seats", sa.Integer, nullable=False),
    sa.Column("dealer", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("players", sa.JSON, nullable=False),
    sa.Column("names", sa.JSON, nullable=False),
    sa.Column("started_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=True),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("fair_secret", sa.String(64), nullable=True),
)

game_log = sa.Table(
    "game_log",
    metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("entries", sa.JSON, nullable=False),
)

results = sa.Table(
    "results",
    metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.String(32), nullable=True, index=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("outcome", sa.String(8), nullable=False),
    sa.Column("place", sa.Integer, nullable=True),
    sa.Index("ix_results_player_game", "player_id", "game_id"),
)

LEADERBOARD_WHERE = sa.text("games >= 20 AND established >= 5")
"""The players a leaderboard shows (kroeg.accounts.ratings), as its partial index has it."""

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("variant", sa.String(32), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("score", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("opponents", sa.Integer, nullable=False),
    sa.Column("established", sa.Integer, nullable=False, server_default=sa.text("0")),
    sa.Index(
        "ix_ratings_leaderboard",
        "game",
        "variant",
        sa.text("score DESC"),
        postgresql_where=LEADERBOARD_WHERE,
        sqlite_where=LEADERBOARD_WHERE,
    ),
)

rating_opponents = sa.Table(
    "rating_opponents",
    metadata,
    sa.Column("player_id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("variant", sa.String(32), primary_key=True),
    sa.Column("opponent_id", sa.String(32), primary_key=True),
    sa.Column("established", sa.Boolean, nullable=False, server_default=sa.false()),
)

rating_changes = sa.Table(
    "rating_changes",
    metadata,
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

follows = sa.Table(
    "follows",
    metadata,
    sa.Column("follower_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("followed_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Index("ix_follows_followed_id", "followed_id"),
)

blocks = sa.Table(
    "blocks",
    metadata,
    sa.Column("blocker_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("blocked_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("created_at", sa.Float, nullable=False),
)

game_analysis = sa.Table(
    "game_analysis",
    metadata,
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("analysis", sa.JSON, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)
clubs = sa.Table(
    "clubs",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("season_best", sa.Integer, nullable=False),
    sa.Column("created_by", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

club_members = sa.Table(
    "club_members",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("club_id", sa.String(32), sa.ForeignKey("clubs.id"), nullable=False, index=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.UniqueConstraint("club_id", "player_id", name="uq_club_members_player"),
)

club_nights = sa.Table(
    "club_nights",
    metadata,
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
    sa.Column("clock_seconds", sa.Float, nullable=True),
    sa.Column("created_by", sa.String(32), nullable=True),
    sa.Column("pairing", sa.String(8), nullable=False, server_default="random"),
    # A duplicate night's board set and scoring (0021): null for any other night.
    sa.Column("duplicate", sa.JSON, nullable=True),
    # Byes (0024): house, average or fixed, and the fixed rule's points per bye round.
    sa.Column("byes", sa.String(8), nullable=False, server_default="house"),
    sa.Column("bye_score", sa.Integer, nullable=False, server_default="0"),
    # A movement night's own board set (0025): its checked boards; null: dealt here.
    sa.Column("imported_boards", sa.JSON, nullable=True),
)

night_players = sa.Table(
    "night_players",
    metadata,
    sa.Column("night_id", sa.String(32), sa.ForeignKey("club_nights.id"), primary_key=True),
    sa.Column("member_id", sa.String(32), sa.ForeignKey("club_members.id"), primary_key=True),
    sa.Column("partner_id", sa.String(32), nullable=True),
    sa.Column("registered_at", sa.Float, nullable=False),
    sa.Column("left_at", sa.Float, nullable=True),
)

night_rounds = sa.Table(
    "night_rounds",
    metadata,
    sa.Column("night_id", sa.String(32), sa.ForeignKey("club_nights.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("started_at", sa.Float, nullable=True),
    sa.Column("finished_at", sa.Float, nullable=True),
    # Who sits the round out (0024): member ids; null where the house fills the seats.
    sa.Column("sitting_out", sa.JSON, nullable=True),
)

round_tables = sa.Table(
    "round_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("night_id", sa.String(32), sa.ForeignKey("club_nights.id"), nullable=False),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("seating", sa.JSON, nullable=False),
    sa.Column("secret_hash", sa.String(64), nullable=False),
    sa.Column("table_id", sa.String(32), nullable=True),
    sa.Column("online", sa.JSON, nullable=True),
    sa.Index("ix_round_tables_night_round", "night_id", "round"),
)

score_entries = sa.Table(
    "score_entries",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("round_table_id", sa.String(32), sa.ForeignKey("round_tables.id"), nullable=False),
    sa.Column("night_id", sa.String(32), sa.ForeignKey("club_nights.id"), nullable=False),
    sa.Column("deal", sa.Integer, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Index("ix_score_entries_night", "night_id"),
)

score_changes = sa.Table(
    "score_changes",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("entry_id", sa.String(64), sa.ForeignKey("score_entries.id"), nullable=False),
    sa.Column("night_id", sa.String(32), sa.ForeignKey("club_nights.id"), nullable=False),
    sa.Column("line", sa.JSON, nullable=True),
    sa.Column("by", sa.String(64), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("ix_score_changes_night", "night_id"),
)

puzzles = sa.Table(
    "puzzles",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("key", sa.String(64), nullable=False, unique=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("variant", sa.String(32), nullable=False),
    sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=True),
    sa.Column("deal", sa.Integer, nullable=False),
    sa.Column("trick", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("view", sa.JSON, nullable=False),
    sa.Column("cards", sa.JSON, nullable=False),
    sa.Column("solution", sa.JSON, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("solved", sa.Integer, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Index("ix_puzzles_mu", "mu"),
)

puzzle_players = sa.Table(
    "puzzle_players",
    metadata,
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("solved", sa.Integer, nullable=False),
    sa.Column("streak", sa.Integer, nullable=False),
    sa.Column("best_streak", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)

puzzle_attempts = sa.Table(
    "puzzle_attempts",
    metadata,
    sa.Column("puzzle_id", sa.Integer, sa.ForeignKey("puzzles.id"), primary_key=True),
    sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("card", sa.String(4), nullable=False),
    sa.Column("solved", sa.Boolean, nullable=False),
    sa.Column("rating_before", sa.Float, nullable=False),
    sa.Column("rating_after", sa.Float, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Index("ix_puzzle_attempts_player", "player_id", "created_at"),
)
"""Puzzles (migration 0018, docs/puzzles.md): ``puzzles`` holds each mined position once
(``key``: the SHA-256 of the position as its view shows it), the seat's view and the
cards it may play, the answer (``solution``: never a hidden card), the finished game it
came from (``game_id``; null when mined off the server by ``kroeg puzzles mine``) and its
OpenSkill rating; ``puzzle_players`` each player's puzzle rating and streak;
``puzzle_attempts`` each player's one answer to a puzzle."""

house_sets = sa.Table(
    "house_sets",
    metadata,
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
    sa.Index("ix_house_sets_player", "player_id", "created_at"),
)
"""Duplicate against the house (migration 0023, docs/clubs.md, "Duplicate tegen het
huis"): one person's set of boards at a private table with the house; the set's secret
(the table deals its boards from its round secret) and commitment; ``played`` the
person's table's [NS, EW] per board so far, ``lines`` ``meester``'s [NS, EW] per board
number; ``percent`` the set's result against the house once every board is compared."""
