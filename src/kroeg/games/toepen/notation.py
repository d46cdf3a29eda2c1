"""Toepen actions as records write them, and the input errors of a malformed action.

:func:`parse_action` and :func:`action_json` translate between the JSON form
(``["play", "Th"]``) and the engine's tuples (``("play", card)``); the argument checks
raise :class:`InvalidInput` for an action no game state could make legal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from kroeg.cards import CardError, card_str, parse_card
from kroeg.games.base import Action, InvalidInput
from kroeg.games.toepen.state import ToepenState
from kroeg.games.toepen.tables import PIKET

VERBS = (
    "play",
    "knock",
    "stay",
    "fold",
    "look",
    "exchange",
    "keep",
    "laundry",
    "challenge",
    "revoke",
    "late",
)
"""Every Toepen verb, in the order the error messages list them."""


def unknown_verb(verb: object) -> NoReturn:
    raise InvalidInput(
        "unknown_verb",
        f"unknown toepen verb {verb!r}: expected one of {', '.join(VERBS)}",
        verb=str(verb),
    )


def parse_action(items: Sequence[Any]) -> Action:
    if not items or not isinstance(items[0], str):
        raise InvalidInput("action_form", 'an action needs a verb, like ["play", "Th"]')
    verb, args = items[0], list(items[1:])
    if verb not in VERBS:
        unknown_verb(verb)
    if verb in ("play", "exchange"):
        if len(args) != 1:
            raise InvalidInput("bad_arguments", f"{verb} takes one card, got {args!r}", verb=verb)
        try:
            card = parse_card(args[0])
        except CardError as e:
            raise InvalidInput("bad_arguments", f"{verb}: {e}", verb=verb) from None
        if card not in PIKET:
            raise not_piket(verb, card)
        return (verb, card)
    if verb in ("challenge", "revoke"):
        if len(args) != 1 or isinstance(args[0], bool) or not isinstance(args[0], int):
            raise InvalidInput(
                "bad_arguments", f"{verb} takes one seat number, got {args!r}", verb=verb
            )
        return (verb, args[0])
    if args:
        raise InvalidInput("bad_arguments", f"{verb} takes no arguments, got {args!r}", verb=verb)
    return (verb,)


def action_json(action: Action) -> list[Any]:
    """The record form of ``action``, a fresh list: callers may keep or change it.

    Every action ``legal`` can return is looked up in :data:`ACTION_JSON`; an argument
    that only equals an int (``True`` for seat 1) misses it and is written as it is.
    """
    try:
        found = ACTION_JSON.get(action)
    except TypeError:  # an unhashable argument
        found = None
    if found is not None and (len(action) == 1 or action[1].__class__ is int):
        return [*found]
    return _action_json(action)


def _action_json(action: Action) -> list[Any]:
    verb = action[0]
    if verb in ("play", "exchange"):
        return [verb, card_str(action[1])]
    return list(action)


ACTION_JSON: dict[Action, tuple[Any, ...]] = {
    action: tuple(_action_json(action))
    for action in (
        *((verb, card) for verb in ("play", "exchange") for card in range(54)),
        *((verb, seat) for verb in ("challenge", "revoke") for seat in range(8)),
        *((verb,) for verb in VERBS if verb not in ("play", "exchange")),
    )
}
"""The record form of every action a Toepen game can make legal (and of a few more), to
copy instead of build: the table writes one for every step and every legal action."""


def arity(action: Action, n: int, what: str) -> None:
    """``action`` has ``n`` arguments (``what`` says which, for the error)."""
    if len(action) != n + 1:
        raise InvalidInput(
            "bad_arguments", f"{action[0]} takes {what}, got {list(action[1:])!r}", verb=action[0]
        )


def card_arg(action: Action) -> int:
    """The one argument of ``action``, a card of the piket deck."""
    arity(action, 1, "one card")
    card = action[1]
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 54:
        raise InvalidInput(
            "bad_arguments",
            f"{action[0]} needs a card of the piket deck, got {card!r}",
            verb=action[0],
        )
    if card not in PIKET:
        raise not_piket(action[0], card)
    return card


def not_piket(verb: str, card: int) -> InvalidInput:
    """The refusal of a card that is not in the 32-card piket deck (a 2 to 6, a joker)."""
    return InvalidInput(
        "not_piket",
        f"{verb}: {card_str(card)} is not in the toepen deck (7 to A of each suit)",
        card=card_str(card),
    )


def seat_arg(s: ToepenState, action: Action) -> int:
    """The one argument of ``action``, a seat at this table."""
    arity(action, 1, "one seat")
    target = action[1]
    if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < s.n:
        raise InvalidInput(
            "no_such_seat",
            f"{action[0]} needs a seat from 0 to {s.n - 1}, got {target!r}",
            seat=repr(target),
            high=s.n - 1,
        )
    return target
