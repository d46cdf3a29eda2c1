"""The origin rule itself (kroeg.server.origins): which ``Origin`` a request to ``Host``
may come from."""

from __future__ import annotations

import pytest

from kroeg.server.origins import same_site_origin

ALLOWED = frozenset({"https://kroeg.example"})


@pytest.mark.parametrize(
    ("origin", "host", "expected"),
    [
        (None, "kroeg.nl", True),  # no Origin: not a browser
        ("https://kroeg.nl", "kroeg.nl", True),
        ("https://kroeg.nl:443", "kroeg.nl", True),
        ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
        ("http://KROEG.nl", "kroeg.nl", True),
        ("https://kroeg.example", "kroeg.nl", True),  # configured
        ("https://kroeg.example/", "kroeg.nl", True),
        ("http://127.0.0.1:8001", "127.0.0.1:8000", False),  # another port, another origin
        ("https://evil.example", "kroeg.nl", False),
        ("https://kroeg.nl.evil.example", "kroeg.nl", False),
        ("null", "kroeg.nl", False),  # a sandboxed frame or a file: page
        ("file://", "kroeg.nl", False),
        ("https://kroeg.nl", None, False),
        ("http://[::1", "kroeg.nl", False),  # not even a URL
        ("https://kroeg.nl", "kroeg.nl:99999", False),
    ],
)
def test_which_origins_pass(origin: str | None, host: str | None, expected: bool) -> None:
    assert same_site_origin(origin, host, ALLOWED) is expected
