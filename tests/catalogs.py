"""The browser's message catalogs (src/kroeg/web/i18n/<lang>.js) read from Python, and a
refusal's text filled in as docs/client.md says the browser fills it, for the catalog
walk (tests/games/test_refusal_catalogs.py) and the browser tests that read the page.
The reading and filling are the terminal's (:mod:`kroeg.terminal.refusals`, tested on
their own in tests/terminal/test_refusals.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import kroeg
from kroeg.terminal.refusals import fill
from kroeg.terminal.refusals import read_catalog as read_file

CATALOGS = Path(kroeg.__file__).parent / "web" / "i18n"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def read_catalog(lang: str) -> tuple[dict[str, str], list[str]]:
    """The catalog's entries and the keys it has more than once."""
    return read_file(CATALOGS / f"{lang}.js")


def refusal_text(
    catalog: dict[str, str], rule: str, args: dict[str, object], names: Sequence[str]
) -> str:
    """``rule.<code>`` with the error frame's args filled in; fails when there is no text."""
    text = fill(catalog, rule, args, names)  # type: ignore[arg-type]
    assert text is not None, f"the catalog has no text for the code the server sent: rule.{rule}"
    return text
