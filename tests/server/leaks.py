"""The hidden cards of every audience at every version, from the game's log in the store.

A card is hidden from a seat when it is in another seat's hand or in the stock (or set
aside face down), and neither a public event nor an event for that seat has shown it
yet. The test replays the log with the same rules to know this at each version.
"""

from __future__ import annotations

import bisect
import re
from typing import Any

from kroeg.games import make_game
from kroeg.games.base import Deal
from kroeg.store import open_store
from tests.support import cards_mentioned

Hidden = dict[int | None, set[str]]


class HiddenCards:
    def __init__(self, versions: list[int], hidden: list[Hidden]) -> None:
        self.versions = versions
        self.hidden = hidden

    def at(self, version: int, audience: int | None) -> set[str]:
        """The hidden set after the last log entry at or before ``version``."""
        i = bisect.bisect_right(self.versions, version) - 1
        return set() if i < 0 else self.hidden[i][audience]


async def hidden_cards(database_url: str, table_id: str) -> HiddenCards:
    store = await open_store(database_url)
    versions: list[int] = []
    hidden: list[Hidden] = []
    try:
        for row in await store.games_of(table_id):
            game = make_game(row.game, row.variant, row.options)
            state = game.new_state(row.seats, dealer=None, seed=row.seed)
            audiences: list[int | None] = [None, *range(row.seats)]
            public: set[str] = set()
            private: dict[int, set[str]] = {seat: set() for seat in range(row.seats)}
            dealt: set[str] = set()
            for entry in await store.log(row.id):
                action: Any
                if entry.kind == "deal":
                    action = Deal.from_json(entry.data)
                    public, private = set(), {seat: set() for seat in range(row.seats)}
                    dealt = cards_mentioned(entry.data)
                    if entry.data.get("upcard"):
                        public.add(entry.data["upcard"])  # turned up for all to see
                    events = game.apply(state, entry.seat, action)
                elif entry.kind == "act":
                    events = game.apply(state, entry.seat, game.parse_action(entry.data))
                    public |= cards_mentioned(entry.data)
                else:
                    events = game.eliminate(state, entry.seat)
                for event in events:
                    if event.to is None:
                        public |= cards_mentioned(event.data)
                    else:
                        private[event.to] |= cards_mentioned(event.data)
                hands = {seat: set(game.view(state, seat).hand or []) for seat in range(row.seats)}
                at: Hidden = {}
                for audience in audiences:
                    own = set() if audience is None else hands[audience] | private[audience]
                    at[audience] = dealt - public - own
                versions.append(entry.version)
                hidden.append(at)
    finally:
        await store.close()
    return HiddenCards(versions, hidden)


def public_notations(frame: Any) -> Any:
    """The frame without what names a card that is not a hidden one: toepen's ``het`` (the
    cards turned up to choose the first dealer, RULES.md §2.3, whose notations recur in
    later hands) and the card a joker stands for (``X1=5h`` is the joker, not the 5h)."""
    view = frame.get("view")
    if view and "het" in view:
        frame = {**frame, "view": {k: v for k, v in view.items() if k != "het"}}
    return _strip_jokers(frame)


def _strip_jokers(value: Any) -> Any:
    if isinstance(value, str):
        return re.sub(r"(X[12])=\w+", r"\1", value)
    if isinstance(value, list):
        return [_strip_jokers(v) for v in value]
    if isinstance(value, dict):
        return {k: _strip_jokers(v) for k, v in value.items()}
    return value


def shows_a_card(frame: Any) -> bool:
    return bool(cards_mentioned(public_notations(frame)))
