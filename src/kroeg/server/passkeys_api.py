"""The passkeys' REST calls under ``/api/passkeys`` (docs/accounts.md, "Passkeys").

Each ceremony is ``…/options`` (the options for ``navigator.credentials``, with a
``ceremony`` id) then the call that hands in the browser's answer with that id:

- register a new account with a passkey only: ``POST /api/passkeys/register/options``
  ``{name}``, then ``POST /api/passkeys/register`` (a signed-in guest becomes the account);
- add a passkey to the account logged in: the same two calls without ``name``;
- log in: ``POST /api/passkeys/login/options``, then ``POST /api/passkeys/login``.
"""

from __future__ import annotations

import secrets
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request, Response
from pydantic import Field

from kroeg import accounts
from kroeg.accounts import passkeys, service
from kroeg.accounts.directory import credentials
from kroeg.accounts.errors import AccountError
from kroeg.accounts.events import AccountChanged
from kroeg.accounts.passkeys import CEREMONY_SECONDS, Ceremony, Party
from kroeg.accounts.sessions import SignedIn
from kroeg.server.api import (
    RuntimeDep,
    SessionDep,
    _Body,
    responses,
    same_origin,
    set_session_cookie,
)
from kroeg.server.limits import address
from kroeg.server.origins import _authority
from kroeg.server.runtime import Runtime
from kroeg.store import passkeys as stored_passkeys

router = APIRouter(prefix="/api/passkeys", dependencies=[Depends(same_origin)])

CREDENTIAL_MAX = 64
"""Fields of a browser's credential answer (it has about ten)."""


class RegisterOptionsBody(_Body):
    name: str | None = Field(default=None, max_length=64)
    """A new account's name; None: a passkey for the account logged in."""


class CeremonyBody(_Body):
    ceremony: str = Field(max_length=64)
    credential: dict[str, Any] = Field(max_length=CREDENTIAL_MAX)
    """What ``credential.toJSON()`` gave in the browser."""


def party(request: Request) -> Party:
    """The relying party of the page the request came from: this server's host."""
    host = request.headers.get("host", "")
    scheme = request.url.scheme
    authority = _authority(scheme, host)
    if authority is None:
        raise AccountError("bad_passkey", "passkeys need the server's host name")
    return Party(rp_id=authority.split(":")[0], origin=f"{scheme}://{authority}")


PartyDep = Annotated[Party, Depends(party)]


@router.post("/register/options", responses=responses(401, 409, 422))
async def register_options(
    body: RegisterOptionsBody,
    request: Request,
    rt: RuntimeDep,
    session: SessionDep,
    site: PartyDep,
) -> dict[str, Any]:
    """The options to create a passkey: for a new account (``name``), or for the account
    logged in."""
    rt.limits.guests.take(address(request.scope), "passkey registrations")
    if body.name is not None:
        name = await service.check_new_account(rt.store, body.name, session)
        player, handle = None, (session.player if session else secrets.token_hex(10))
    else:
        account = await _account(rt, session)
        name, player, handle = account.name, account.player_id, account.player_id
    existing = (
        []
        if player is None
        else [k["id"] for k in await stored_passkeys.of_player(rt.store, player)]
    )
    challenge, options = passkeys.registration_options(site, handle, name, existing)
    ceremony = await rt.ceremonies.begin(
        Ceremony(
            challenge,
            "register",
            site,
            time.time() + CEREMONY_SECONDS,
            player,
            name if player is None else None,
        )
    )
    return {"ceremony": ceremony, "options": options}


@router.post("/register", responses=responses(401, 409, 422))
async def register(
    body: CeremonyBody,
    request: Request,
    response: Response,
    rt: RuntimeDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Keep the new passkey: a new account's first (and its session, as a login), or
    one more for the account logged in."""
    ceremony = await rt.ceremonies.finish(body.ceremony, "register")
    key = passkeys.verify_registration(ceremony, body.credential)
    if ceremony.player is None:
        assert ceremony.name is not None
        name = await service.check_new_account(rt.store, ceremony.name, session)
        account, token = await service.create(rt.store, rt.sessions, name, None, session)
        await passkeys.add(rt.store, account.player_id, key)
        await rt.account_events.publish(AccountChanged(account.player_id, name, account.kind))
        set_session_cookie(response, request, rt, token)
        return {"id": account.player_id, "account": account.public(), "token": token}
    if session is None or session.player != ceremony.player:
        raise AccountError("not_authenticated", "log in to the account to add a passkey")
    await passkeys.add(rt.store, ceremony.player, key)
    return {"ok": True, "passkey": key.id}


@router.post("/login/options", responses=responses(429))
async def login_options(request: Request, rt: RuntimeDep, site: PartyDep) -> dict[str, Any]:
    """The options to log in with a passkey: any of the site's passkeys the browser has."""
    rt.limits.logins_by_address.take(address(request.scope), "logins")
    challenge, options = passkeys.login_options(site)
    ceremony = await rt.ceremonies.begin(
        Ceremony(challenge, "login", site, time.time() + CEREMONY_SECONDS)
    )
    return {"ceremony": ceremony, "options": options}


@router.post("/login", responses=responses(401, 422, 429))
async def login(
    body: CeremonyBody,
    request: Request,
    response: Response,
    rt: RuntimeDep,
    session: SessionDep,
) -> dict[str, Any]:
    """Log in with the passkey's signature: a new session of its account (rotated)."""
    ceremony = await rt.ceremonies.finish(body.ceremony, "login")
    key = await stored_passkeys.find(rt.store, passkeys.credential_id(body.credential))
    if key is None:
        raise AccountError("bad_login", "this passkey belongs to no account here")
    count = passkeys.verify_login(ceremony, body.credential, key)
    await stored_passkeys.used(rt.store, key.id, count)
    account, token = await service.log_in_as(rt.store, rt.sessions, key.player_id, session)
    set_session_cookie(response, request, rt, token)
    return {"id": account.player_id, "account": account.public(), "token": token}


@router.get("", responses=responses(401))
async def list_passkeys(rt: RuntimeDep, session: SessionDep) -> dict[str, Any]:
    """The passkeys of the account logged in."""
    account = await _account(rt, session)
    return {"passkeys": await stored_passkeys.of_player(rt.store, account.player_id)}


@router.delete("/{passkey_id}", responses=responses(401, 404, 409))
async def remove_passkey(
    passkey_id: Annotated[str, Path(max_length=passkeys.ID_MAX)],
    rt: RuntimeDep,
    session: SessionDep,
) -> dict[str, bool]:
    """Remove a passkey of the account; not its last way in (no password, no other passkey)."""
    account = await _account(rt, session)
    mine = [k["id"] for k in await stored_passkeys.of_player(rt.store, account.player_id)]
    if passkey_id not in mine:
        raise AccountError("unknown_passkey", "the account has no such passkey")
    found = await credentials(rt.store, account.name)
    if len(mine) == 1 and (found is None or found.password_hash is None):
        raise AccountError("last_way_in", "this passkey is the account's only way in: keep it")
    await stored_passkeys.remove(rt.store, account.player_id, passkey_id)
    return {"ok": True}


async def _account(rt: Runtime, session: SignedIn | None) -> accounts.Account:
    account = None if session is None else await accounts.of_player(rt.store, session.player)
    if account is None:
        raise AccountError("not_authenticated", "log in to your account first")
    return account
