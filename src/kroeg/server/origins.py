"""Which origins may use a person's cookie: the server's own, and those configured.

A browser sends its page's ``Origin`` with every websocket handshake and every
cross-origin request that changes state; a page of another site that opens ``/ws`` or
posts to the API would otherwise act with the visitor's ``kroeg_token`` cookie. Clients
that are not browsers (bots, the terminal) send no ``Origin`` and authenticate with a
bearer token, which another site cannot read: they pass.
"""

from __future__ import annotations

from urllib.parse import urlsplit

_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _authority(scheme: str, host: str) -> str | None:
    """``host[:port]`` in lower case, without the scheme's default port."""
    try:
        parts = urlsplit(f"{scheme}://{host}")
        hostname, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not hostname:
        return None
    if port is None or port == _DEFAULT_PORTS.get(scheme):
        return hostname
    return f"{hostname}:{port}"


def same_site_origin(origin: str | None, host: str | None, allowed: frozenset[str]) -> bool:
    """Whether a request with this ``Origin`` header, sent to ``Host``, may go on: no
    origin (not a browser), one configured exactly, or the server's own host."""
    if origin is None:
        return True
    origin = origin.strip()
    if origin.rstrip("/") in allowed:
        return True
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or host is None:
        return False  # "null" (a sandboxed or file: page) included
    own = _authority(parts.scheme, host)
    return own is not None and _authority(parts.scheme, parts.netloc) == own
