"""Persistence: SQLAlchemy 2 Core over SQLite (default) or PostgreSQL, async for the reads.

Every change of a live table is one :class:`TableChange`, committed (in a group commit
with the changes of other tables) before anyone is told of it.
"""

from kroeg.store.changes import (
    Fenced,
    Finish,
    GameRow,
    LogEntry,
    NewGame,
    SessionRow,
    TableChange,
    TableRow,
)
from kroeg.store.database import database_url
from kroeg.store.store import Store, open_store

__all__ = [
    "Fenced",
    "Finish",
    "GameRow",
    "LogEntry",
    "NewGame",
    "SessionRow",
    "Store",
    "TableChange",
    "TableRow",
    "database_url",
    "open_store",
]
