"""A TCP proxy between one process's Redis client and Redis, to cut that process off:
:meth:`RedisProxy.cut` closes every connection through it and refuses new ones (the
client sees its connections drop and then refused, as when a network path fails),
:meth:`RedisProxy.restore` listens again on the same port. Redis itself stays up, with
everything the other processes write meanwhile."""

from __future__ import annotations

import asyncio
import contextlib

from tests.server.harness import free_port


class RedisProxy:
    def __init__(self, host: str = "127.0.0.1", port: int = 6379) -> None:
        self.target = (host, port)
        self.port = free_port()
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def listening(self) -> bool:
        return self._server is not None

    async def restore(self) -> None:
        """Listen (again): new connections reach Redis."""
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", self.port)

    async def cut(self) -> None:
        """Drop every connection through the proxy and refuse new ones."""
        server, self._server = self._server, None
        if server is not None:
            server.close()
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()
        if server is not None:
            await server.wait_closed()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self._writers |= {writer, up_writer}
        await asyncio.gather(
            self._pipe(reader, up_writer), self._pipe(up_reader, writer), return_exceptions=True
        )
        self._writers -= {writer, up_writer}

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        finally:
            with contextlib.suppress(Exception):
                writer.transport.abort()
