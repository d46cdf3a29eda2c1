"""The text a command reads: a file named on the command line, or standard input for ``-``."""

from __future__ import annotations

import sys


def read_text(name: str) -> str:
    """The whole text of ``name`` (``-``: standard input); OSError or UnicodeDecodeError
    when it cannot be read, for the command to say why in its own document."""
    if name == "-":
        return sys.stdin.read()
    with open(name, encoding="utf-8") as f:
        return f.read()
