"""A private ``redis-server`` for the tests that stop and restart Redis (the shared one on
6379 serves everyone's tests and is never stopped): on a free port, nothing saved, so a
restart comes back empty, as a Redis that lost its memory."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

from redis import Redis as SyncRedis
from redis.exceptions import ConnectionError as RedisConnectionError

from tests.server.harness import free_port


class PrivateRedis:
    def __init__(self, log: Path) -> None:
        self.port = free_port()
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> PrivateRedis:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is needed for the Redis restart tests")
        command = [binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no"]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=out)
        client = SyncRedis(port=self.port)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except RedisConnectionError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError(f"no redis-server: {self.log.read_text()}") from None
                time.sleep(0.02)
            finally:
                client.close()
        return self

    def stop(self) -> None:
        """Gone at once, and all it held with it (SIGKILL: nothing is saved anyway)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
