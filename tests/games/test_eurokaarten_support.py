"""Helpers for the Eurokaarten tests: melds and rounds from card notation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kroeg.cards import FULL_DECK, card_str, parse_card, parse_meld_card
from kroeg.games.base import Action, Deal
from kroeg.games.eurokaarten import Eurokaarten, EuroState
from kroeg.games.eurokaarten.melds import Meld, MeldCard, MeldRules, new_meld

RULES = MeldRules()


def laid(*texts: str) -> tuple[MeldCard, ...]:
    """``laid("4h", "X1=4d")`` as the engine's (card, stands_for) pairs."""
    return tuple(parse_meld_card(t) for t in texts)


def meld(*texts: str, owner: int = 0, rules: MeldRules = RULES) -> Meld:
    return new_meld(owner, laid(*texts), rules)


def make_deal(hands: Sequence[Sequence[str]], upcard: str, stock_top: Sequence[str] = ()) -> Deal:
    """A deal with these hands and upcard; the stock starts with ``stock_top`` (top
    first) and holds every other card after it, in deck order."""
    used = [parse_card(c) for hand in hands for c in hand] + [parse_card(upcard)]
    top = [parse_card(c) for c in stock_top]
    rest = [c for c in FULL_DECK if c not in used and c not in top]
    return Deal(
        tuple(tuple(parse_card(c) for c in hand) for hand in hands),
        tuple(top + rest),
        parse_card(upcard),
    )


FILLER = [
    ["2c", "3d", "5h", "7s", "9c"],
    ["2d", "4h", "6s", "8c", "Td"],
    ["3c", "5d", "7h", "9s", "Jc"],
    ["4c", "6d", "8h", "Ts", "Qc"],
    ["5c", "7d", "9h", "Js", "Kc"],
    ["6c", "8d", "Th", "Qs", "Ac"],
]
"""Six hands of unrelated cards: no meld in any of them."""


def full_hands(
    hands: Mapping[int, Sequence[str]],
    upcard: str,
    stock_top: Sequence[str],
    out: set[int],
    hand_size: int = 5,
) -> list[list[str]]:
    """The six hands of a deal: those named, filler cards for the others (a filler card
    that clashes with a named one is replaced), nothing for seats that are out."""
    named = {c for hand in hands.values() for c in hand} | {upcard, *stock_top}
    fillers = {x for h in FILLER for x in h}
    spare = [card_str(c) for c in FULL_DECK if card_str(c) not in named | fillers]
    full: list[list[str]] = []
    for seat in range(6):
        if seat in out:
            full.append([])
        elif seat in hands:
            full.append(list(hands[seat]))
        else:
            hand = [c if c not in named else spare.pop() for c in FILLER[seat]]
            full.append(hand[:hand_size])
    return full


def start_round(
    hands: Mapping[int, Sequence[str]],
    upcard: str = "Kd",
    stock_top: Sequence[str] = (),
    *,
    dealer: int = 5,
    game: Eurokaarten | None = None,
    start: Mapping[str, object] | None = None,
) -> tuple[Eurokaarten, EuroState]:
    """A partij whose first round is dealt (see :func:`full_hands`)."""
    game = game or Eurokaarten("standaard")
    s = game.new_state(6, dealer=dealer, start=start)
    full = full_hands(hands, upcard, stock_top, s.out, game.options.hand_size)
    game.apply(s, dealer, make_deal(full, upcard, stock_top))
    return game, s


def act(game: Eurokaarten, s: EuroState, seat: int, *items: object) -> list[object]:
    """Apply an action given in record form (``"meld", ["4h", ...]``)."""
    action: Action = game.parse_action(list(items))
    return [e.json() for e in game.apply(s, seat, action)]
