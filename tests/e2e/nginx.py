"""Debian's nginx in front of ``kroeg serve`` processes, for the tests (docs/operations.md
shows the same configuration for production).

nginx runs in the foreground (``daemon off``) as the current user, from a configuration
written to a temporary directory that also holds its pid file, its logs and its
temporary files, so it needs nothing of the system's /etc/nginx nor root. ``make test``
installs it when missing (``make nginx``).
"""

from __future__ import annotations

import contextlib
import getpass
import os
import shutil
import subprocess
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import httpx

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

CONFIG = """\
daemon off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
{user}
events {{ worker_connections 512; }}

http {{
    # Which process answered each request: the tests read it.
    log_format upstream '$upstream_addr $status "$request"';
    access_log {dir}/access.log upstream;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;

    # A websocket's upgrade is passed on; any other request closes as usual.
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      close;
    }}

    # Round robin over the processes; a process that refuses connections is left out
    # for a few seconds and its requests go to the next.
    upstream kroeg {{
{servers}
    }}

    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://kroeg;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout;
        }}
    }}
}}
"""


def config(directory: Path, port: int, upstreams: Sequence[int]) -> str:
    """The configuration of an nginx on ``port`` in front of ``upstreams`` (ports)."""
    servers = "\n".join(
        f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in upstreams
    )
    # As root the workers would switch to nobody, who may not write the temporary dir.
    user = f"user {getpass.getuser()};" if os.geteuid() == 0 else ""
    return CONFIG.format(dir=directory, port=port, servers=servers, user=user)


@contextlib.contextmanager
def nginx(directory: Path, port: int, upstreams: Sequence[int]) -> Iterator[str]:
    """Run nginx in front of ``upstreams`` until the block ends; yields its base URL."""
    if not os.access(NGINX, os.X_OK):
        raise RuntimeError(f"{NGINX} is missing: run `make nginx` (apt-get install nginx)")
    directory.mkdir(parents=True, exist_ok=True)
    conf = directory / "nginx.conf"
    conf.write_text(config(directory, port, upstreams), encoding="utf-8")
    log = (directory / "nginx.out").open("wb")
    process = subprocess.Popen(
        [NGINX, "-p", str(directory), "-c", str(conf)], stdout=log, stderr=log
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 15
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"nginx exited: {(directory / 'nginx.out').read_text()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                    break
            if time.monotonic() > deadline:
                raise RuntimeError(f"nginx did not answer: {(directory / 'error.log').read_text()}")
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(10)
        log.close()
