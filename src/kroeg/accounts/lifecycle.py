"""The end of an account: the operator's password reset, and deleting an account.

Deleting keeps the games (the other players' history and ratings stand on them) but
takes the name out of them: the account's name, its player's display name and its name
in every game it played become ``oud-speler N`` (docs/accounts.md, "Deleting"). The
account's row stays, without its password, to keep that replacement name taken. Its
passkeys, sessions, follows and blocks (both ways) are deleted.
"""

from __future__ import annotations

import re
import secrets
import time

import sqlalchemy as sa

from kroeg.accounts import passwords
from kroeg.accounts.directory import by_name
from kroeg.accounts.errors import AccountError
from kroeg.accounts.names import name_key
from kroeg.server.sessions import Sessions
from kroeg.store import Store
from kroeg.store import schema as s
from kroeg.store.accounts import of_player, set_password

FORMER = "oud-speler {n}"
FORMER_PATTERN = re.compile(r"oud-speler \d+", re.IGNORECASE)
"""Names of this form are given to deleted accounts only: nobody may choose one."""


def check_not_reserved(name: str) -> None:
    if FORMER_PATTERN.fullmatch(name.strip()):
        raise AccountError("bad_name", "names like 'oud-speler 12' are for deleted accounts")


async def reset_password(store: Store, sessions: Sessions, name: str) -> str:
    """A new random password for the account (the operator hands it over); every
    session of the account is logged out. ``unknown_account`` for a name nobody has."""
    account = await by_name(store, name)
    if account is None:
        raise AccountError("unknown_account", f"no account is called {name!r}")
    password = secrets.token_urlsafe(12)
    await set_password(store, account.player_id, await passwords.hash_password(password))
    await sessions.revoke_all(account.player_id)
    return password


async def delete_account(store: Store, sessions: Sessions, player: str) -> str:
    """Delete the player's account; the name that replaces its name everywhere."""
    if await of_player(store, player) is None:
        raise AccountError("not_registered", "only an account can be deleted")
    former = await _rename_account(store, player)
    await store.execute(sa.delete(s.passkeys).where(s.passkeys.c.player_id == player))
    await _forget_ties(store, player)
    await store.rename_player(player, former)
    await store.execute(
        sa.update(s.results).where(s.results.c.player_id == player).values(name=former)
    )
    await _rename_in_games(store, player, former)
    await sessions.revoke_all(player)
    return former


async def _forget_ties(store: Store, player: str) -> None:
    """The account's follows and blocks go, both ways: whom it followed or blocked is
    personal, and nobody follows or blocks a deleted account."""
    f, b = s.follows, s.blocks
    await store.execute(
        sa.delete(f).where((f.c.follower_id == player) | (f.c.followed_id == player))
    )
    await store.execute(sa.delete(b).where((b.c.blocker_id == player) | (b.c.blocked_id == player)))


async def _rename_account(store: Store, player: str) -> str:
    """Give the account the next free ``oud-speler N`` and mark it deleted."""
    a = s.accounts
    async with store.engine.connect() as conn:
        deleted = await conn.scalar(
            sa.select(sa.func.count()).select_from(a).where(a.c.deleted_at.is_not(None))
        )
    n = int(deleted or 0) + 1
    while True:
        former = FORMER.format(n=n)
        try:
            await store.execute(
                sa.update(a)
                .where(a.c.player_id == player)
                .values(
                    name=former,
                    name_key=name_key(former),
                    password_hash=None,
                    invisible=True,
                    deleted_at=time.time(),
                )
            )
        except sa.exc.IntegrityError:  # taken (deleted at the same moment): the next one
            n += 1
            continue
        return former


async def _rename_in_games(store: Store, player: str, former: str) -> None:
    """The player's name in the games it played (their ``names``, seat by seat)."""
    g, r = s.games, s.results
    played = sa.select(r.c.game_id).where(r.c.player_id == player)
    async with store.engine.connect() as conn:
        rows = (
            await conn.execute(sa.select(g.c.id, g.c.players, g.c.names).where(g.c.id.in_(played)))
        ).all()
    for game_id, players, names in rows:
        renamed = [former if p == player else n for p, n in zip(players, names, strict=True)]
        await store.execute(sa.update(g).where(g.c.id == game_id).values(names=renamed))
