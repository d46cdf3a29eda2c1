"""Helpers shared by the tests: how many random games to play, the leak check, and the
check that a game's places are a ranking."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from kroeg.games.results import GameResult

LONG = os.environ.get("KROEG_LONG") == "1"

RANDOM_GAMES = 20_000 if LONG else 2_000
"""Random legal games per variant in the property tests (``KROEG_LONG=1``: ten times more)."""

_CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[cdhs](?![A-Za-z0-9])|X[12]")


def cards_mentioned(obj: Any) -> set[str]:
    """Every card notation that occurs anywhere in a JSON-like value (keys and strings).

    ``"X1=5h"`` mentions both ``X1`` and ``5h``; ``10h`` is reported as ``Th``.
    """
    found: set[str] = set()
    for text in _strings(obj):
        for m in _CARD.finditer(text):
            card = m.group(0)
            found.add("T" + card[2:] if card.startswith("10") else card)
    return found


def assert_no_hidden_cards(obj: Any, hidden: Iterable[str], what: str) -> None:
    """Fail when ``obj`` mentions any card of ``hidden`` (card notations)."""
    leaked = cards_mentioned(obj) & set(hidden)
    assert not leaked, f"{what} leaks hidden cards {sorted(leaked)}"


def assert_valid_places(result: GameResult, seats: int, out_order: Sequence[Iterable[int]]) -> None:
    """``result.places`` is a ranking of the game's ``seats``: every seat has a place, 0
    exactly for the winners (everyone in a draw), the losers' places run from 1 without
    a gap, and the seats that went out (``out_order``, groups first out first, as the
    test saw them go) rank by it: a later group above an earlier one, a group tied."""
    places = result.places
    assert len(places) == seats, places
    assert {s for s in range(seats) if places[s] == 0} == (
        result.winners or set(range(seats)) - result.losers
    ), places
    loser_places = {places[s] for s in result.losers}
    assert loser_places == set(range(1, 1 + len(loser_places))), places
    group_places = []
    for group in out_order:
        assert len({places[s] for s in group}) == 1, (group, places)
        group_places.append(places[next(iter(group))])
    assert group_places == sorted(group_places, reverse=True), (out_order, places)
    assert len(set(group_places)) == len(group_places), (out_order, places)


def _strings(obj: Any) -> Iterable[str]:
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            yield from _strings(v)
    elif isinstance(obj, msgspec.Struct):  # a typed view: what it encodes to
        yield from _strings(msgspec.to_builtins(obj))


CATALOGS = Path(__file__).resolve().parents[1] / "src" / "kroeg" / "web" / "i18n"


def catalog_section(lang: str, start: str, end: str) -> set[str]:
    """The ``rule.<code>`` codes written between two comment lines of a browser catalog
    (``// Toepen:`` … ``// ... (Toepen ends)``; the Shared section ends at ``// Toepen:``)."""
    text = (CATALOGS / f"{lang}.js").read_text(encoding="utf-8")
    body = text[text.index(start) : text.index(end)]
    return set(re.findall(r'"rule\.([a-z_]+)"\s*:', body))


def shared_rule_codes() -> set[str]:
    """The codes every game may raise, whose texts the Shared section holds."""
    return catalog_section("nl", "// Shared by every game:", "// Toepen:")
