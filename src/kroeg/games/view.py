"""The typed view's shared base: what every game's view holds first, and how it leaves.

``Game.view(s, seat)`` returns a frozen ``msgspec.Struct`` of its game's own class
(``KlaverjasView``, ...; docs/game-interface.md, "Views"): the bots, the environments and
the terminal read its fields by attribute, and the server encodes it with
``msgspec.json`` into the same JSON object the client has always read. Its fields are
encoded in the order they are declared, the base's first; a field whose value is
``UNSET`` (a key only some variants have, as Klaverjassen's ``calls`` without kraken) is
left out of the JSON, as the key was left out of the old dict.

Views are frozen (a reader cannot change one it shares) and not tracked by the garbage
collector (``gc=False``): a view is a tree of lists and strings that never refers back to
itself, and the server builds thousands of them.
"""

from __future__ import annotations

from typing import Any, Self

import msgspec
from msgspec import UNSET, UnsetType

__all__ = ["UNSET", "Played", "UnsetType", "View"]


class View(msgspec.Struct, frozen=True, gc=False):
    """The keys every game's view starts with (the game's own class adds the rest)."""

    game: str
    """The game's name (``klaverjassen``)."""
    variant: str
    options: dict[str, Any]
    """The table's options, every one resolved (a fresh dict for each view)."""
    seats: int
    you: int | None
    """The seat whose view this is; None for a spectator."""
    dealer: int
    phase: str
    to_act: list[int]
    """The seats the game waits for, lowest first."""
    hand: list[str] | None
    """Your cards in notation; None for a spectator (and where a game says so)."""

    @classmethod
    def of(cls, view: View) -> Self:
        """``view`` as this game's view class, for code that reaches a view through a
        generic game (``Game[Any]``, a :class:`~kroeg.games.match.Match`): TypeError when
        it is another game's."""
        if not isinstance(view, cls):
            raise TypeError(f"a {cls.__name__} was expected, not a {type(view).__name__}")
        return view

    @property
    def seat(self) -> int:
        """The seat whose view this is: a bot's, an observation's (a spectator's view has
        none: ValueError)."""
        if self.you is None:
            raise ValueError("a spectator's view is no seat's")
        return self.you

    def json(self) -> dict[str, Any]:
        """The view as the plain JSON dict it encodes to (for a record, a stored puzzle or
        a REST answer that is not encoded with msgspec)."""
        out: dict[str, Any] = msgspec.to_builtins(self)
        return out


class Played(msgspec.Struct, frozen=True, gc=False):
    """A card played to a trick and the seat that played it (``{"seat", "card"}``)."""

    seat: int
    card: str
