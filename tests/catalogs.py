"""The browser's message catalogs (src/kroeg/web/i18n/<lang>.js) read from Python, and a
refusal's text filled in as docs/client.md says the browser fills it: for the catalog
walk (tests/games/test_refusal_catalogs.py) and the browser tests that read the page."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import kroeg

CATALOGS = Path(kroeg.__file__).parent / "web" / "i18n"
ENTRY = re.compile(r'\s*"((?:[^"\\]|\\.)*)":\s*"((?:[^"\\]|\\.)*)",?\s*\Z')
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def read_catalog(lang: str) -> tuple[dict[str, str], list[str]]:
    """The catalog's entries and the keys it has more than once. Every entry of the
    catalogs is one line ``"key": "text",``; a line that starts with a quote and is not
    such an entry fails, so nothing is silently left out."""
    entries: dict[str, str] = {}
    twice: list[str] = []
    for line in (CATALOGS / f"{lang}.js").read_text().splitlines():
        if not line.lstrip().startswith('"'):
            continue
        match = ENTRY.match(line)
        assert match, f"{lang}.js: cannot read the line {line!r}"
        key, text = match.groups()
        if key in entries:
            twice.append(key)
        entries[key] = text.replace('\\"', '"')
    return entries, twice


def card_name(catalog: dict[str, str], code: str) -> str:
    """A card's spoken name in the catalog's language: "harten tien", "ten of hearts"."""
    if code.startswith("X"):
        return catalog["card.joker"]
    rank, suit = code[:-1], code[-1]
    return (
        catalog["card.name"]
        .replace("{suit}", catalog[f"suit.{suit}"])
        .replace("{rank}", catalog[f"rankname.{rank}"])
    )


def refusal_text(
    catalog: dict[str, str], rule: str, args: dict[str, object], names: Sequence[str]
) -> str:
    """``rule.<code>`` with its params filled in by their names (kroeg.games.base.Param):
    suits, cards and lists of cards by name, seats as the player's name."""

    def shown(name: str, value: object) -> str:
        if name.endswith("cards") and isinstance(value, list):
            return ", ".join(card_name(catalog, str(c)) for c in value)
        if name.endswith("card") and isinstance(value, str):
            return card_name(catalog, value)
        if name.endswith("suit") and isinstance(value, str):
            return catalog[f"suit.{value}"]
        if (name in ("seat", "dealer") or name.endswith("_seat")) and isinstance(value, int):
            return names[value]
        if isinstance(value, list):
            return ", ".join(str(v) for v in value)
        return str(value)

    key = f"rule.{rule}"
    assert key in catalog, f"the catalog has no text for the code the server sent: {key}"
    return PLACEHOLDER.sub(
        lambda m: shown(m[1], args[m[1]]) if m[1] in args else m[0], catalog[key]
    )
