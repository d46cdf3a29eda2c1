"""Helpers for the Toepen tests: deals and actions written in record notation.

``start(game, ["Th 9c 8d Js", ...])`` deals those hands (the stock is the rest of the
deck in a fixed order, or begins with the cards given) and ``act(game, s, "1 play 7h",
"2 knock")`` applies actions as a record writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kroeg.cards import PIKET_DECK, card_str, parse_card
from kroeg.games.base import Deal, Event
from kroeg.games.toepen import Toepen
from kroeg.games.toepen.state import ToepenState


def make(variant: str = "kroegregels", **options: Any) -> Toepen:
    return Toepen(variant, options)


def deal_of(hands: Sequence[str], stock_top: str = "") -> Deal:
    """A Deal with these hands ("" for a seat that is out); the stock starts with
    ``stock_top`` and holds the rest of the deck after it."""
    parsed = [tuple(parse_card(c) for c in h.split()) for h in hands]
    top = [parse_card(c) for c in stock_top.split()]
    used = {c for h in parsed for c in h} | set(top)
    rest = [c for c in PIKET_DECK if c not in used]
    return Deal(tuple(parsed), tuple(top + rest))


def start(
    game: Toepen,
    hands: Sequence[str],
    *,
    dealer: int = 0,
    points: list[int] | None = None,
    stock_top: str = "",
) -> tuple[ToepenState, list[Event]]:
    start_doc = None if points is None else {"points": points}
    s = game.new_state(len(hands), dealer=dealer, start=start_doc)
    events = game.apply(s, dealer, deal_of(hands, stock_top))
    return s, events


def act(game: Toepen, s: ToepenState, *steps: str) -> list[Event]:
    """Apply ``"SEAT VERB [ARG]"`` steps in order; the events of all of them."""
    events: list[Event] = []
    for step in steps:
        seat, *items = step.split()
        args: list[Any] = [int(a) if a.isdigit() else a for a in items[1:]]
        events += game.apply(s, int(seat), game.parse_action([items[0], *args]))
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def public(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind and e.to is None]


def legal_text(game: Toepen, s: ToepenState, seat: int) -> set[str]:
    """The legal actions of a seat as "verb arg" strings."""
    out = set()
    for a in game.legal(s, seat):
        items = game.action_json(a)
        out.add(" ".join(str(x) for x in items))
    return out


def test_deal_of_fills_the_stock_with_the_rest_of_the_deck() -> None:
    deal = deal_of(["Th 9c 8d Js", "7h Ah Kc Qd", "9h 8h Jc Ad", "Kh 7c 7d As"], "Ac Qc")
    assert [card_str(c) for c in deal.stock[:2]] == ["Ac", "Qc"]
    assert len(deal.stock) == 16
    assert sorted([c for h in deal.hands for c in h] + list(deal.stock)) == sorted(PIKET_DECK)
