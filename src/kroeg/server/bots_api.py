"""The bot accounts' REST calls under ``/api/me`` (docs/bots-api.md): turning one's
account into a bot account (for good), and its API tokens, created, listed and revoked.

A token is a session of kind :data:`BOT_TOKEN` (kroeg.accounts.sessions): stored as its
SHA-256 only, shown once when it is made, renewed by use like any session, revoked at
once, deleted 30 days after it was revoked or expired. A bot sends it as
``Authorization: Bearer TOKEN`` on ``/ws`` and on REST, where it may play and nothing
else (kroeg.server.scopes): these calls need the account's login, a person's session.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from fastapi import APIRouter, Depends

from kroeg import accounts
from kroeg.accounts.errors import AccountError
from kroeg.accounts.events import AccountChanged
from kroeg.accounts.sessions import BOT_TOKEN, TOKEN_RETENTION, SignedIn, token_hash
from kroeg.server.api import RuntimeDep, SessionDep, responses, same_origin
from kroeg.server.registered import connections_as_account
from kroeg.server.runtime import Runtime

MAX_TOKENS = 10
"""Live tokens one bot may hold."""

router = APIRouter(prefix="/api/me", dependencies=[Depends(same_origin)])


async def _account(rt: Runtime, session: SignedIn | None) -> accounts.Account:
    if session is None:
        raise AccountError("not_authenticated", "log in to your account first")
    account = await accounts.of_player(rt.store, session.player)
    if account is None:
        raise AccountError("not_an_account", "only an account can be a bot: register first")
    return account


async def _bot(rt: Runtime, session: SignedIn | None) -> accounts.Account:
    account = await _account(rt, session)
    if account.kind != "bot":
        raise AccountError("not_a_bot", "API tokens are for bot accounts: make this account one")
    return account


@router.post("/bot", responses=responses(401, 403, 409))
async def become_bot(rt: RuntimeDep, session: SessionDep) -> dict[str, Any]:
    """Turn the account into a bot account. There is no way back: a bot's games, ratings
    and seats are a program's from then on, and it is marked "bot" everywhere."""
    account = await _account(rt, session)
    if account.kind == "bot":
        raise AccountError("already_bot", "this account is a bot account already")
    bot = dataclasses.replace(account, kind="bot")
    _check_no_table_forbids_bots(rt, account.player_id)
    # With the check, before any wait: no sit between.
    connections_as_account(rt, bot.player_id, bot.name, bot.kind)
    await accounts.make_bot(rt.store, account.player_id)
    # Its sockets and seats are a bot's at once, on every process.
    await rt.account_events.publish(AccountChanged(bot.player_id, bot.name, bot.kind))
    return {"account": bot.public()}


def _check_no_table_forbids_bots(rt: Runtime, player: str) -> None:
    """Refuse to make a bot of a player seated or waiting at a table (of this process)
    that does not allow bots: it would sit there as a bot. Leave the table first."""
    for table in rt.lobby.tables.values():
        if table.config.bots_allowed:
            continue
        if table.seat_of(player) is not None or table.seating.is_waiting(player):
            raise AccountError(
                "bots_not_allowed",
                f"you sit at table {table.id}, which does not allow bots: leave it first",
                table=table.id,
            )


def _token_json(row: Any) -> dict[str, Any]:
    return {
        "id": row.id,
        "created_at": row.created_at,
        "last_used_at": row.last_used_at,
        "expires_at": row.expires_at,
        "revoked": row.revoked_at is not None,
    }


async def _tokens(rt: Runtime, player: str) -> list[Any]:
    """The bot's tokens, but those revoked or expired over 30 days ago (deleted soon,
    kroeg.accounts.sessions.Sessions.forget_dead_tokens)."""
    since = time.time() - TOKEN_RETENTION
    return [
        s
        for s in await rt.store.sessions_of(player)
        if s.kind == BOT_TOKEN
        and (s.revoked_at is None or s.revoked_at >= since)
        and s.expires_at >= since
    ]


@router.get("/tokens", responses=responses(401, 403))
async def list_tokens(rt: RuntimeDep, session: SessionDep) -> dict[str, Any]:
    """The bot's tokens (never the tokens themselves: only their ids and times)."""
    bot = await _bot(rt, session)
    return {"tokens": [_token_json(s) for s in await _tokens(rt, bot.player_id)]}


@router.post("/tokens", responses=responses(401, 403, 409))
async def create_token(rt: RuntimeDep, session: SessionDep) -> dict[str, Any]:
    """A new API token; the answer is the only time it is shown."""
    bot = await _bot(rt, session)
    live = [s for s in await _tokens(rt, bot.player_id) if s.revoked_at is None]
    if len(live) >= MAX_TOKENS:
        raise AccountError(
            "too_many_tokens",
            f"a bot may hold {MAX_TOKENS} tokens: revoke one first",
            limit=MAX_TOKENS,
        )
    token = await rt.sessions.open(bot.player_id, kind=BOT_TOKEN)
    row = await rt.store.session_by_hash(token_hash(token))
    assert row is not None
    return {**_token_json(row), "token": token}


@router.delete("/tokens/{token_id}", responses=responses(401, 403, 404))
async def revoke_token(token_id: str, rt: RuntimeDep, session: SessionDep) -> dict[str, bool]:
    """Revoke one of the bot's tokens: it stops working at once (its connections stay
    until they close)."""
    bot = await _bot(rt, session)
    if token_id not in {s.id for s in await _tokens(rt, bot.player_id)}:
        raise AccountError("unknown_token", "this bot has no such token")
    await rt.sessions.revoke(token_id)
    return {"ok": True}
