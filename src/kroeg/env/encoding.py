"""What every game's encoding gives the environment: its observation and action spaces.

An encoding turns a seat's ``view()`` (never the state) into a fixed-size array
(:meth:`Encoding.observe`), and each of the game's actions into an index of a fixed
action space (:meth:`Encoding.action_index`). Both are documented per game in
docs/env.md.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar, Generic, TypeVar

from kroeg.cards import CARD_NAMES, CardError, parse_card, parse_meld_card
from kroeg.env.layout import Array, Layout
from kroeg.games.base import Action
from kroeg.games.view import View

ViewT = TypeVar("ViewT", bound=View)
"""The view of the encoding's game (``Game.view``'s type)."""


class Encoding(ABC, Generic[ViewT]):
    """One game's observation layout and action space."""

    game: ClassVar[str]
    layout: ClassVar[Layout]
    action_count: ClassVar[int]

    @abstractmethod
    def observe(self, view: ViewT) -> Array:
        """The observation of the seat whose view this is (its ``you``)."""

    @abstractmethod
    def action_index(self, action: Action, you: int, seats: int) -> int | None:
        """The index of ``action`` of seat ``you``, or None for an action outside the
        space (Eurokaarten's lay-offs of several cards at once, made one card at a time)."""


CARD_IDS = {name: c for c, name in enumerate(CARD_NAMES)}
"""Every canonical card name to its int: a view writes only canonical names."""


def card(text: str) -> int:
    """A card of a view (``"Th"``) as its int (looked up: observations read thousands)."""
    found = CARD_IDS.get(text)
    return parse_card(text) if found is None else found


def meld_card(text: str) -> tuple[int, int | None]:
    """A card of a meld in a view (``"X1=5h"``): the card and what a joker stands for."""
    try:
        return parse_meld_card(text)
    except CardError as e:  # a view the engine wrote is never malformed
        raise ValueError(f"a view holds a malformed meld card {text!r}: {e}") from None
