"""The accounts' REST calls under ``/api``: register, log in, log out (docs/accounts.md).

A login answers like ``POST /api/guests``: the session's token as the httpOnly cookie
(what the browser uses) and in the body (for a program that sends it as a bearer
token).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request, Response
from fastapi.responses import JSONResponse
from pydantic import Field, StrictBool

from kroeg.accounts import data, lifecycle, service
from kroeg.accounts.errors import AccountError
from kroeg.accounts.events import AccountChanged, AccountDeleted, SessionsRevoked
from kroeg.accounts.names import name_key
from kroeg.accounts.sessions import SignedIn
from kroeg.server.api import (
    RuntimeDep,
    SessionDep,
    _Body,
    drop_session_cookie,
    responses,
    same_origin,
    set_session_cookie,
)
from kroeg.server.limits import address
from kroeg.server.runtime import Runtime
from kroeg.store.accounts import Account, of_player, set_invisible

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
    rt.limits.guests.take(address(request.scope), "new accounts")
    account, token = await service.register(
        rt.store, rt.sessions, body.name, body.password, session
    )
    await rt.account_events.publish(AccountChanged(account.player_id, account.name, account.kind))
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
    rt.limits.logins_by_address.take(address(request.scope), "logins")
    rt.limits.logins_by_name.take(name_key(body.name), "logins", "for this name")
    account, token = await service.log_in(rt.store, rt.sessions, body.name, body.password, session)
    return _answer(account, token, request, response, rt)


@router.delete("/session", responses=responses(401))
async def log_out(session: SessionDep, response: Response, rt: RuntimeDep) -> dict[str, bool]:
    """Log out: the session of the token used is revoked and the cookie dropped."""
    if session is None:
        raise AccountError("not_authenticated", "you are not logged in")
    await rt.sessions.revoke(session.session_id)
    drop_session_cookie(response)
    return {"ok": True}


def _signed_in(session: SessionDep) -> SignedIn:
    if session is None:
        raise AccountError("not_authenticated", "you are not logged in")
    return session


SignedInDep = Annotated[SignedIn, Depends(_signed_in)]


@router.get("/sessions", responses=responses(401))
async def list_sessions(session: SignedInDep, rt: RuntimeDep) -> dict[str, Any]:
    """The caller's sessions that work now (the devices logged in), oldest first;
    ``current``: the one of this request. Never a token."""
    return {
        "sessions": [
            {
                "id": r.id,
                "kind": r.kind,
                "created_at": r.created_at,
                "last_used_at": r.last_used_at,
                "expires_at": r.expires_at,
                "current": r.id == session.session_id,
            }
            for r in await rt.sessions.active(session.player)
        ]
    }


@router.delete("/sessions", responses=responses(401))
async def log_out_everywhere(
    session: SignedInDep, response: Response, rt: RuntimeDep
) -> dict[str, bool]:
    """Log out everywhere: every session of the caller is revoked (this one too) and
    their open connections are closed."""
    await rt.sessions.revoke_all(session.player)
    await rt.account_events.publish(SessionsRevoked(session.player))
    drop_session_cookie(response)
    return {"ok": True}


@router.delete("/sessions/{session_id}", responses=responses(401, 404))
async def log_out_session(
    session_id: Annotated[str, Path(max_length=64)], session: SignedInDep, rt: RuntimeDep
) -> dict[str, bool]:
    """Log out one of the caller's sessions (another device, say)."""
    if session_id not in {r.id for r in await rt.sessions.active(session.player)}:
        raise AccountError("unknown_session", "you have no such session")
    await rt.sessions.revoke(session_id)
    return {"ok": True}


@router.get("/me/data", responses=responses(401))
async def download_data(session: SignedInDep, rt: RuntimeDep) -> Response:
    """All the caller's data as one JSON file (docs/accounts.md, "Your data")."""
    body = await data.export(rt.store, rt.sessions, session.player)
    return JSONResponse(
        body, headers={"content-disposition": 'attachment; filename="kroeg-data.json"'}
    )


class VisibilityBody(_Body):
    invisible: StrictBool


async def _account_of(rt: Runtime, session: SignedIn, what: str) -> Account:
    account = await of_player(rt.store, session.player)
    if account is None:
        raise AccountError("not_registered", f"only an account can {what}")
    return account


@router.get("/me/visibility", responses=responses(401, 409))
async def visibility(session: SignedInDep, rt: RuntimeDep) -> dict[str, bool]:
    """Whether the caller's account is invisible (docs/accounts.md, "Invisible")."""
    account = await _account_of(rt, session, "be invisible")
    return {"invisible": account.invisible}


@router.put("/me/visibility", responses=responses(401, 409, 422))
async def set_visibility(
    body: VisibilityBody, session: SignedInDep, rt: RuntimeDep
) -> dict[str, bool]:
    """Be invisible (or visible again): the people who follow you no longer see that
    you are online nor where you sit, and cannot invite you."""
    await _account_of(rt, session, "be invisible")
    await set_invisible(rt.store, session.player, body.invisible)
    return {"invisible": body.invisible}


class DeleteBody(_Body):
    name: str = Field(max_length=64)
    """The account's name, typed again: a deletion is for good."""


@router.delete("/accounts/me", responses=responses(401, 409, 422))
async def delete_account(
    body: DeleteBody, session: SignedInDep, response: Response, rt: RuntimeDep
) -> dict[str, Any]:
    """Delete the caller's account for good: its games stay, under the name
    ``oud-speler N``; its passkeys, password and sessions are gone."""
    account = await of_player(rt.store, session.player)
    if account is None:
        raise AccountError("not_registered", "only an account can be deleted")
    if name_key(body.name) != name_key(account.name):
        raise AccountError("bad_confirmation", "type the account's name to confirm the deletion")
    former = await lifecycle.delete_account(rt.store, rt.sessions, session.player)
    await rt.account_events.publish(AccountDeleted(session.player))
    drop_session_cookie(response)
    return {"ok": True, "name": former}
