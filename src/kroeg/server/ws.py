"""The websocket endpoint ``/ws``: one connection per browser tab (docs/protocol.md).

Every frame is size-checked, rate-limited and decoded into a message struct before
anything happens; a refused frame gets an ``error`` and changes nothing. The tables do
the rest: this module only translates messages into table commands.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from typing import Any

import msgspec
from starlette.websockets import WebSocket

from kroeg import accounts
from kroeg.accounts.service import check_guest_name, new_guest
from kroeg.errors import Refusal
from kroeg.server import invites
from kroeg.server import messages as m
from kroeg.server.auth import COOKIE, clean_name
from kroeg.server.bot_conduct import STRIKE_WINDOW, STRIKES, SUSPENDED, Strikes, send_off
from kroeg.server.connection import Connection
from kroeg.server.json_input import MALFORMED, unreadable
from kroeg.server.limits import address
from kroeg.server.origins import same_site_origin
from kroeg.server.runtime import Runtime
from kroeg.store import social
from kroeg.tables import protocol
from kroeg.tables.errors import TableError, internal
from kroeg.tables.port import report

log = logging.getLogger(__name__)


async def websocket_endpoint(websocket: WebSocket) -> None:
    runtime: Runtime = websocket.app.state.runtime
    origin = websocket.headers.get("origin")
    if not same_site_origin(
        origin, websocket.headers.get("host"), runtime.settings.allowed_origins
    ):
        # Before accepting: the handshake gets HTTP 403 (docs/security.md); another
        # site's page must not act with the visitor's cookie.
        log.warning("refused a websocket handshake from origin %r", origin)
        await websocket.close(code=1008)
        return
    where = address(websocket.scope)
    await websocket.accept()
    sockets = runtime.limits.address_sockets
    if not sockets.acquire(where):
        await _refuse_connection(websocket, sockets.limit, "from your address")
        return
    connection = Connection(websocket, runtime.settings.rate)
    connection.address = where
    runtime.connections.add(connection)
    sender = asyncio.get_running_loop().create_task(connection.run_sender())
    cookie_token = websocket.cookies.get(COOKIE)
    bearer = _bearer(websocket.headers.get("authorization"))
    if bearer is not None:
        cookie_token = Bearer(bearer)  # a bot's token (docs/bots-api.md): checked at hello
    try:
        while not connection.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            data = message.get("text")
            if data is None:
                data = message.get("bytes") or b""
            await _frame(runtime, connection, data, cookie_token)
    except Exception:
        log.exception("websocket connection failed")
    finally:
        sockets.release(where)
        if connection.player is not None:
            runtime.limits.player_sockets.release(connection.player)
        runtime.connections.discard(connection)
        for table_id in list(connection.tables):
            with contextlib.suppress(Refusal):
                await runtime.tables.unwatch(table_id, connection)
        connection.finish()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(sender, 2.0)
        sender.cancel()


class Bearer(str):
    """The handshake's ``Authorization: Bearer`` token: unlike the cookie, a bad one gets
    ``bad_token`` at ``hello``, as a token sent in the ``hello`` does."""

    __slots__ = ()


def _bearer(header: str | None) -> str | None:
    if header is None or not header.lower().startswith("bearer "):
        return None
    return header[7:].strip() or None


async def _refuse_connection(websocket: WebSocket, limit: int, whose: str) -> None:
    """A connection over a quota: an ``error`` saying so, then the close (1013, try again
    later)."""
    error = {
        "type": "error",
        "code": "too_many_connections",
        "message": f"at most {limit} connections at once {whose}: close another tab first",
        "limit": limit,
    }
    with contextlib.suppress(Exception):
        await websocket.send_bytes(msgspec.json.encode(error))
        await websocket.close(1013)


async def _frame(
    runtime: Runtime, connection: Connection, data: str | bytes, cookie_token: str | None
) -> None:
    size = len(data.encode() if isinstance(data, str) else data)
    if size > m.MAX_FRAME:
        connection.error("too_large", f"a message may be at most {m.MAX_FRAME} bytes, got {size}")
        return
    if not connection.messages.allow():
        now = time.monotonic()
        if now - connection.last_rate_error >= 1.0:
            connection.last_rate_error = now
            rate = runtime.settings.rate
            connection.error(
                "rate_limited",
                f"too many messages: at most {rate:g} a second (bursts of {2 * rate:g}); "
                "this one was dropped",
                retry_after=round(1 / rate, 3),
            )
        return
    try:
        message = m.decoder.decode(data)
    except (msgspec.DecodeError, RecursionError) as e:
        # Not strict JSON (NaN, 1e999, a lone surrogate...): malformed; JSON of another
        # form: bad_message (kroeg.server.json_input, one reading for REST and here).
        reason = unreadable(data)
        if reason is not None:
            connection.error(MALFORMED, f"the message was refused: {reason}")
        elif isinstance(e, RecursionError):
            connection.error("bad_message", "the message was refused: it nests too deep")
        else:
            connection.error("bad_message", f"the message was refused: {e}")
        return
    if runtime.closing:
        connection.error("server_restarting", "the server restarts; reconnect in a few seconds")
        return
    try:
        await _dispatch(runtime, connection, message, cookie_token)
    except Refusal as e:
        report(connection, getattr(message, "table", None), e)
    except Exception:
        failure = internal(log, "the %s message failed", message.__class__.__name__)
        report(connection, getattr(message, "table", None), failure)


async def _dispatch(
    runtime: Runtime, connection: Connection, message: Any, cookie_token: str | None
) -> None:
    if message.__class__ is protocol.Act:  # the most frequent first; nobody waits for the table
        runtime.tables.tell(message, connection)  # its refusal comes back as an error
        return
    if isinstance(message, m.Hello):
        await _hello(runtime, connection, message, cookie_token)
        return
    if isinstance(message, m.Ping):
        connection.send_json({"type": "pong", "now": time.time()})
        return
    if connection.player is None or connection.name is None:
        raise TableError("not_authenticated", "send hello first")
    if isinstance(message, m.Invite):
        # Invitations are social, not the table's: not forwarded to its owner
        # (docs/cluster.md, "Invites").
        if not connection.chat_allowed():
            raise TableError("invite_flood", "at most 5 messages in 10 seconds: wait a moment")
        await invites.invite(runtime, connection, message.table, message.name)
        return
    if isinstance(message, protocol.Watch | protocol.Resume):
        await runtime.tables.watch(message, connection)
    else:  # an unwatch too: of a table nobody holds, it is refused as unknown_table
        _check_chat_of(runtime, connection, message)
        await runtime.tables.ask(message, sink=connection)
    if isinstance(message, protocol.Contribute):
        connection.send_json({"type": "contributed", "table": message.table, "deal": message.deal})


def _check_chat_of(runtime: Runtime, connection: Connection, message: Any) -> None:
    """A chat message's text and preset, the connection's chat flood, and the quotas of
    its player and its address (``quota_exceeded``), checked where the connection is,
    before the table hears of it; a refused message counts nowhere."""
    if isinstance(message, protocol.Chat):
        message.preset, message.text = _check_chat(message.preset, message.text)
        limits = runtime.limits
        quotas = [
            (limits.chat_by_player, str(connection.player), "from you"),
            (limits.chat_by_address, connection.address, "from your address"),
        ]
        for quota, key, whose in quotas:
            quota.check(key, "chat messages", whose)
        if not connection.chat_allowed():
            raise TableError("chat_flood", "at most 5 chat messages in 10 seconds: wait a moment")
        for quota, key, whose in quotas:
            quota.take(key, "chat messages", whose)


def _check_chat(preset: str | None, text: str | None) -> tuple[str | None, str | None]:
    if (preset is None) == (text is None):
        raise TableError("bad_chat", "a chat message has either a preset or a text, not both")
    if preset is not None and preset not in m.PRESETS:
        raise TableError(
            "bad_chat", f"unknown preset {preset!r}: expected one of {', '.join(m.PRESETS)}"
        )
    if text is not None:
        text = " ".join(text.split())
        if not 1 <= len(text) <= protocol.CHAT_TEXT_MAX:
            raise TableError(
                "bad_chat", f"chat text must be 1 to {protocol.CHAT_TEXT_MAX} characters"
            )
    return preset, text


async def _hello(
    runtime: Runtime, connection: Connection, message: m.Hello, cookie_token: str | None
) -> None:
    name = clean_name(message.name)
    if message.name is not None and name is None:
        raise TableError("bad_name", "a name has 1 to 24 characters and no control characters")
    token = message.token or cookie_token
    player = None
    if token is not None:
        session = await runtime.sessions.check(token)
        player = None if session is None else session.player
        if player is None and (message.token is not None or isinstance(token, Bearer)):
            raise TableError("bad_token", "the token is not valid: send hello with a name instead")
    # The token goes back only to a client that sent it, or to a new guest: never to a
    # connection the cookie signed in (a page must not learn the httpOnly cookie).
    welcome_token = message.token
    if player is not None:
        _count_socket(runtime, connection, player, check_only=True)  # before any change
        known = await runtime.store.player_name(player)
        if known is None:
            await runtime.store.create_player(player, name or "Gast")
            known = name or "Gast"
        elif name is not None and name != known:
            known = await _renamed(runtime, player, known, name)
        name = known
    else:
        if name is None:
            raise TableError("bad_name", "a new guest needs a name (1 to 24 characters)")
        await check_guest_name(runtime.store, name)
        runtime.limits.guests.take(connection.address, "new guests")
        player, welcome_token = await new_guest(runtime.store, runtime.sessions, name)
    account = await accounts.of_player(runtime.store, player)
    bot = account is not None and account.kind == "bot"
    if bot:
        runtime.conduct.admit(player)
    _count_socket(runtime, connection, player)
    connection.player, connection.name = player, name
    connection.account = None if account is None else account.kind
    if bot:
        as_bot(runtime, connection)
    connection.ignored = frozenset(await social.blocked_by(runtime.store, player))
    welcome: dict[str, Any] = {
        "type": "welcome",
        "player": player,
        "name": name,
        "presets": list(m.PRESETS),
        "now": time.time(),
    }
    if welcome_token is not None:
        welcome["token"] = welcome_token
    if bot:
        welcome["bot"] = True
    connection.send_json(welcome)


def as_bot(runtime: Runtime, connection: Connection) -> None:
    """The connection is a bot's from now on: its refusals are counted (:func:`_strike`)."""
    if not connection.bot:
        connection.bot = True
        connection.on_error = functools.partial(_strike, runtime, connection, Strikes())


def _strike(runtime: Runtime, connection: Connection, strikes: Strikes, code: str) -> None:
    """A bot's refusal counted (kroeg.server.bot_conduct): too many, and it is told why and
    disconnected; disconnected too often, and it is suspended."""
    if connection.closed or not strikes.count(code, time.monotonic()):
        return
    assert connection.player is not None
    suspended = runtime.conduct.offence(connection.player)
    message = (
        f"disconnected: {STRIKES} refused messages (malformed, invalid or illegal) within "
        f"{STRIKE_WINDOW:g} seconds"
    )
    if suspended:
        message += SUSPENDED
    send_off(connection, message)


async def _renamed(runtime: Runtime, player: str, known: str, name: str) -> str:
    """The name a hello leaves the player with: a guest takes the new one (unless an
    account has it); an account keeps the name it registered."""
    if await accounts.of_player(runtime.store, player) is not None:
        return known
    await check_guest_name(runtime.store, name)
    await runtime.store.rename_player(player, name)
    return name


def _count_socket(
    runtime: Runtime, connection: Connection, player: str, *, check_only: bool = False
) -> None:
    """Count the connection as the player's (once), or refuse the hello: the player has
    as many connections as allowed. A refused connection stays as it was."""
    if connection.player == player:
        return
    sockets = runtime.limits.player_sockets
    if not (sockets.room(player) if check_only else sockets.acquire(player)):
        raise TableError(
            "too_many_connections",
            f"at most {sockets.limit} connections at once for one player: close another tab first",
            limit=sockets.limit,
        )
    if not check_only and connection.player is not None:
        sockets.release(connection.player)
