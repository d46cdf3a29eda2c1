"""``kroeg account reset-password NAME``: the operator gives an account a new password.

The new password is random and printed once, for the operator to hand to its owner by a
way they trust; every session of the account is logged out. Run it against the server's
database (``--database-url`` or ``KROEG_DATABASE_URL``); the server may keep running.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from kroeg.accounts.errors import AccountError
from kroeg.accounts.lifecycle import reset_password
from kroeg.accounts.sessions import SESSION_RENEW, Sessions
from kroeg.store import open_store


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", required=True)
    reset = actions.add_parser(
        "reset-password", help="give an account a new random password and log it out"
    )
    reset.add_argument("name", help="the account's name (any case)")
    reset.add_argument(
        "--database-url",
        help="SQLAlchemy URL (default: KROEG_DATABASE_URL, else sqlite under data/)",
    )


async def _reset(name: str, url: str | None) -> str:
    store = await open_store(url)
    try:
        sessions = Sessions(store, ttl=0, renew_after=SESSION_RENEW, legacy=None)
        return await reset_password(store, sessions, name)
    finally:
        await store.close()


def run(args: argparse.Namespace) -> int:
    try:
        password = asyncio.run(_reset(args.name, args.database_url))
    except AccountError as e:
        print(f"kroeg account: {e.message}", file=sys.stderr)
        return 1
    print(f"The new password of {args.name!r}: {password}")
    print("Every session of the account was logged out.")
    return 0
