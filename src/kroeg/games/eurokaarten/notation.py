"""Eurokaarten actions in record form (RECORDS.md verbs) and back.

Actions: ``("open",)``, ``("draw", "stock" | "discard")``, ``("meld", cards)``,
``("layoff", n, cards)``, ``("swap", n, card)``, ``("discard", card)``, where
``cards`` is a tuple of ``(card, stands_for)`` pairs (``stands_for`` None for a real
card, the card a joker stands for otherwise).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kroeg.cards import CardError, card_str, is_joker, meld_card_str, parse_card, parse_meld_card
from kroeg.games.base import Action, InvalidInput
from kroeg.games.eurokaarten.melds import MeldCard

_USAGE = {
    "open": '["open"]',
    "draw": '["draw", "stock"] or ["draw", "discard"]',
    "meld": '["meld", ["4h", "4s", "X1=4d"]]',
    "layoff": '["layoff", N, ["5h"]]',
    "swap": '["swap", N, "5h"]',
    "discard": '["discard", "5h"]',
    "restock": '["restock", ["5h", "Kc", ...]] (the new stock, top first)',
}


def _bad(verb: str, why: str) -> InvalidInput:
    return InvalidInput("bad_arguments", f"{verb}: {why}; expected {_USAGE[verb]}", verb=verb)


def _meld_cards(verb: str, items: object) -> tuple[MeldCard, ...]:
    if not isinstance(items, list) or not items:
        raise _bad(verb, "the cards must be a non-empty list")
    try:
        laid = tuple(parse_meld_card(text) for text in items)
    except CardError as e:
        raise _bad(verb, str(e)) from None
    seen: set[int] = set()
    for card, stands in laid:
        if is_joker(card) and stands is None:
            raise _bad(
                verb, f"{card_str(card)} needs the card it stands for, like {card_str(card)}=5h"
            )
        if card in seen:
            raise _bad(verb, f"{card_str(card)} is given twice")
        seen.add(card)
    return laid


def _meld_number(verb: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _bad(verb, f"the meld number must be an integer 0 or more, got {value!r}")
    return value


def _card(verb: str, value: object) -> int:
    try:
        return parse_card(value)  # type: ignore[arg-type]
    except CardError as e:
        raise _bad(verb, str(e)) from None


def parse_action(items: Sequence[Any]) -> Action:
    if not items or not isinstance(items[0], str):
        raise InvalidInput(
            "unknown_verb", f"an action starts with a verb: one of {', '.join(_USAGE)}", verb=""
        )
    verb, args = items[0], list(items[1:])
    if verb not in _USAGE:
        raise InvalidInput(
            "unknown_verb",
            f"unknown verb {verb!r} for eurokaarten: expected one of {', '.join(_USAGE)}",
            verb=verb,
        )
    arity = {"open": 0, "draw": 1, "meld": 1, "layoff": 2, "swap": 2, "discard": 1, "restock": 1}[
        verb
    ]
    if len(args) != arity:
        raise _bad(verb, f"{arity} argument(s) expected, got {len(args)}")
    if verb == "open":
        return ("open",)
    if verb == "draw":
        if args[0] not in ("stock", "discard"):
            raise _bad(verb, f"unknown pile {args[0]!r}")
        return ("draw", args[0])
    if verb == "meld":
        return ("meld", _meld_cards(verb, args[0]))
    if verb == "layoff":
        return ("layoff", _meld_number(verb, args[0]), _meld_cards(verb, args[1]))
    if verb == "swap":
        card = _card(verb, args[1])
        if is_joker(card):
            raise _bad(verb, "name the real card that takes the joker's place, not a joker")
        return ("swap", _meld_number(verb, args[0]), card)
    if verb == "restock":
        return _restock(args[0])
    return ("discard", _card(verb, args[0]))


def _restock(items: object) -> Action:
    """``["restock", [cards top first]]``: the turned-over pile's shuffled order."""
    if not isinstance(items, list) or not items:
        raise _bad("restock", "the cards must be a non-empty list")
    cards = tuple(_card("restock", text) for text in items)
    if len(set(cards)) != len(cards):
        raise _bad("restock", "a card is given twice")
    return ("restock", cards)


def _cards_json(laid: Sequence[MeldCard]) -> list[str]:
    return [meld_card_str(card, stands) for card, stands in laid]


def action_json(action: Action) -> list[Any]:
    verb = action[0]
    if verb in ("open", "draw"):
        return list(action)
    if verb == "meld":
        return ["meld", _cards_json(action[1])]
    if verb == "layoff":
        return ["layoff", action[1], _cards_json(action[2])]
    if verb == "swap":
        return ["swap", action[1], card_str(action[2])]
    if verb == "discard":
        return ["discard", card_str(action[1])]
    if verb == "restock":
        return ["restock", [card_str(c) for c in action[1]]]
    raise InvalidInput("unknown_verb", f"unknown verb {verb!r} for eurokaarten", verb=verb)
