"""The accounts' REST calls under ``/api``: register, log in, log out (docs/accounts.md).

A login answers like ``POST /api/guests``: the session's token as the httpOnly cookie
(what the browser uses) and in the body (for a program that sends it as a bearer
token).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import Field

from kroeg.accounts import service
from kroeg.accounts.errors import AccountError
from kroeg.accounts.names import name_key
from kroeg.accounts.store import Account
from kroeg.server.api import (
    RuntimeDep,
    SessionDep,
    _Body,
    _http,
    responses,
    same_origin,
    set_session_cookie,
)
from kroeg.server.auth import COOKIE
from kroeg.server.limits import address
from kroeg.server.runtime import Runtime
from kroeg.tables.errors import TableError

router = APIRouter(prefix="/api", dependencies=[Depends(same_origin)])


class NewAccountBody(_Body):
    name: str = Field(max_length=64)
    password: str = Field(max_length=1024)


class LoginBody(_Body):
    name: str = Field(max_length=64)
    password: str = Field(max_length=1024)


def _answer(
    account: Account, token: str, request: Request, response: Response, rt: Runtime
) -> dict[str, Any]:
    set_session_cookie(response, request, rt, token)
    return {"id": account.player_id, "account": account.public(), "token": token}


@router.post("/accounts", responses=responses(409, 422))
async def create_account(
    body: NewAccountBody,
    request: Request,
    response: Response,
    rt: RuntimeDep,
    session: SessionDep,
) -> dict[str, Any]:
    """A new account with a password of at least 10 characters. Sent by a guest (its
    cookie or token), the guest becomes the account: the same player id, its games and
    its seats. Its session is replaced by a new one (the answer's cookie and token)."""
    try:
        rt.limits.guests.take(address(request.scope), "new accounts")
        account, token = await service.register(
            rt.store, rt.sessions, body.name, body.password, session
        )
    except TableError as e:
        raise _http(e) from None
    return _answer(account, token, request, response, rt)


@router.post("/session", responses=responses(401, 429))
async def log_in(
    body: LoginBody,
    request: Request,
    response: Response,
    rt: RuntimeDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Log in with name and password: a new session of the account (the session the
    request came with, a guest's say, is revoked). A wrong password and an unknown name
    get the same 401 ``bad_login``; tries are limited per address and per name (429)."""
    try:
        rt.limits.logins_by_address.take(address(request.scope), "logins")
        rt.limits.logins_by_name.take(name_key(body.name), "logins", "for this name")
        account, token = await service.log_in(
            rt.store, rt.sessions, body.name, body.password, session
        )
    except TableError as e:
        raise _http(e) from None
    return _answer(account, token, request, response, rt)


@router.delete("/session", responses=responses(401))
async def log_out(session: SessionDep, response: Response, rt: RuntimeDep) -> dict[str, bool]:
    """Log out: the session of the token used is revoked and the cookie dropped."""
    if session is None:
        raise _http(AccountError("not_authenticated", "you are not logged in"))
    await rt.sessions.revoke(session.session_id)
    response.delete_cookie(COOKIE)
    return {"ok": True}
