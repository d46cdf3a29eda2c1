"""Klaverjassen actions as records write them (``["play", "Th"]``, ``["bid", "h"]``) and
the input errors of a malformed action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kroeg.cards import PIKET_DECK, CardError, card_str, parse_card, parse_suit, suit_str
from kroeg.games.base import Action, InvalidInput

from .kraken import CALLS
from .state import SEATS

VERBS = ("play", "bid", "pass", *CALLS, "roem", "verzaakt")
"""Every verb of a Klaverjassen action; one with the wrong arguments is ``bad_arguments``."""


def is_seat(value: object) -> bool:
    """An int 0-3 (a seat, or a suit), not a bool or a float."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < SEATS


def parse_action(items: Sequence[Any]) -> Action:
    if not items or not isinstance(items[0], str):
        raise InvalidInput(
            "unknown_verb",
            f"an action needs a verb first, got {list(items)!r}",
            verb=str(items[0]) if items else "",
        )
    verb, args = items[0], list(items[1:])
    try:
        if verb == "play" and len(args) == 1:
            card = parse_card(args[0])
            if card not in PIKET_DECK:
                raise InvalidInput(
                    "not_piket",
                    f"{args[0]} is not in the klaverjassen deck (7 to A)",
                    card=card_str(card),
                )
            return ("play", card)
        if verb == "bid" and len(args) == 1 and isinstance(args[0], str):
            return ("bid", parse_suit(args[0]))
    except CardError as e:
        raise InvalidInput("bad_arguments", str(e), verb=verb) from None
    if verb in ("pass", "roem", *CALLS) and not args:
        return (verb,)
    if verb == "verzaakt" and len(args) == 1 and is_seat(args[0]):
        return ("verzaakt", args[0])
    message = (
        f'bad klaverjassen action {list(items)!r}: expected ["play", CARD],'
        ' ["bid", SUIT], ["pass"], ["kraak"], ["herkraak"], ["superkraak"], ["roem"]'
        ' or ["verzaakt", SEAT]'
    )
    if verb in VERBS:
        raise InvalidInput("bad_arguments", message, verb=verb)
    raise InvalidInput("unknown_verb", message, verb=verb)


def action_json(action: Action) -> list[Any]:
    verb = action[0]
    if verb == "play":
        return ["play", card_str(action[1])]
    if verb == "bid":
        return ["bid", suit_str(action[1])]
    return list(action)
