"""A refusal of the rules in Dutch for the terminal, from the same texts the browser shows.

The Dutch catalog of the browser (``kroeg/web/i18n/nl.js``, one ``"key": "text",`` a
line) has a ``rule.<code>`` text for every code a game can raise; its ``{param}``
placeholders are filled as the browser fills them (docs/client.md, "Refusals"): suits
and cards by their Dutch names, seats by the player's name, anything else as it is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from kroeg.games.base import GameError, Param

CATALOG = Path(__file__).resolve().parents[1] / "web" / "i18n" / "nl.js"
_ENTRY = re.compile(r'\s*"((?:[^"\\]|\\.)*)":\s*"((?:[^"\\]|\\.)*)",?\s*\Z')
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def read_catalog(path: Path) -> tuple[dict[str, str], list[str]]:
    """A catalog's entries and the keys it has more than once. A line that starts with a
    quote and is not one entry is an error, so no text is silently left out."""
    entries: dict[str, str] = {}
    twice: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.lstrip().startswith('"'):
            continue
        match = _ENTRY.match(line)
        if match is None:
            raise ValueError(f"{path.name}: cannot read the line {line!r}")
        key, text = match.groups()
        if key in entries:
            twice.append(key)
        entries[key] = text.replace('\\"', '"')
    return entries, twice


@cache
def dutch_catalog() -> dict[str, str]:
    return read_catalog(CATALOG)[0]


def card_name(catalog: dict[str, str], code: str) -> str:
    """A card's spoken name in the catalog's language: "harten tien"."""
    if code.startswith("X"):
        return catalog["card.joker"]
    rank, suit = code[:-1], code[-1]
    return (
        catalog["card.name"]
        .replace("{suit}", catalog[f"suit.{suit}"])
        .replace("{rank}", catalog[f"rankname.{rank}"])
    )


def fill(
    catalog: dict[str, str], code: str, params: dict[str, Param], names: Sequence[str]
) -> str | None:
    """``rule.<code>`` with its params filled in, or None when the catalog has no text."""
    key = f"rule.{code}"
    if params.get("n") == 1 and f"{key}.one" in catalog:  # the singular, as nl.js has it
        key = f"{key}.one"
    text = catalog.get(key)
    if text is None:
        return None

    def shown(name: str, value: Param) -> str:
        if name.endswith("cards") and isinstance(value, list):
            return ", ".join(card_name(catalog, c) for c in value)
        if name.endswith("card") and isinstance(value, str):
            return card_name(catalog, value)
        if name.endswith("suit") and isinstance(value, str):
            return catalog[f"suit.{value}"]
        seat = name in ("seat", "dealer") or name.endswith("_seat")
        if seat and isinstance(value, int) and 0 <= value < len(names):
            return names[value]
        if isinstance(value, list):
            return ", ".join(value)
        return str(value)

    return _PLACEHOLDER.sub(lambda m: shown(m[1], params[m[1]]) if m[1] in params else m[0], text)


def refusal_nl(e: GameError, names: Sequence[str] = ()) -> str | None:
    """The refusal in Dutch, or None while its code has no text."""
    return fill(dutch_catalog(), e.code, e.params, names)
