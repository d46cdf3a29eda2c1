"""Account events over Redis pub/sub, for several server processes (docs/cluster.md,
"Account events").

Every process subscribes to one channel, ``kroeg:accounts``. A publish tells the
publisher's own subscribers at once (the request's answer waits for them) and puts the
event on the channel with the publisher's process id; each other process tells its
subscribers when it hears it, and a process ignores its own. Pub/sub delivers to the
processes subscribed at that moment, in order, within milliseconds; a process that is
cut off from Redis misses what was published meanwhile (logged, and counted in the
metrics): the state stays right in the database (a revoked session is refused at its
next check, a block is read at the next hello), only its sockets learn it late.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import msgspec
from redis.asyncio import Redis
from redis.asyncio.client import PubSub

from kroeg import metrics
from kroeg.accounts.events import AccountEvent, Handler, Subscribers

log = logging.getLogger(__name__)

CHANNEL = "kroeg:accounts"


class Envelope(msgspec.Struct, array_like=True):
    origin: str
    """The publishing process (it told its own subscribers already)."""
    event: AccountEvent


_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder(Envelope).decode


class RedisAccountEvents:
    def __init__(self, redis: Redis, process: str) -> None:
        self.redis = redis
        self.process = process
        self.subscribers = Subscribers()
        self._pubsub: PubSub | None = None
        self._task: asyncio.Task[None] | None = None

    def subscribe(self, handler: Handler) -> None:
        self.subscribers.add(handler)

    async def publish(self, event: AccountEvent) -> None:
        await self.subscribers.tell(event)
        try:
            await self.redis.publish(CHANNEL, _encode(Envelope(self.process, event)))
        except Exception:
            metrics.redis_error("account_events")
            log.exception("could not publish an account event: the other processes miss it")

    async def start(self) -> None:
        """Subscribe (before the process serves anyone) and listen."""
        self._pubsub = self.redis.pubsub()
        await self._pubsub.subscribe(CHANNEL)
        self._task = asyncio.get_running_loop().create_task(
            self._listen(self._pubsub), name="account-events"
        )

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()

    async def _listen(self, pubsub: PubSub) -> None:
        """Tell this process's subscribers each event another process published. A lost
        connection is retried: redis-py subscribes again when it reconnects."""
        while True:
            try:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                metrics.redis_error("account_events")
                log.exception("could not read the account events; retrying")
                await asyncio.sleep(0.2)
                continue
            if message is None or message.get("type") != "message":
                continue
            try:
                envelope = _decode(message["data"])
            except msgspec.ValidationError:
                log.exception("an unreadable account event")
                continue
            if envelope.origin != self.process:
                await self.subscribers.tell(envelope.event)
