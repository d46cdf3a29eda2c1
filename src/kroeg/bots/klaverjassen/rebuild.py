"""An engine state that shows a given view, with the hidden hands as sampled.

The view holds the whole public history of the running deal (the bids in order,
every trick with its leader), so the state is rebuilt by replaying it through the
engine's own rules: the deal (each hand as sampled plus the cards it has played
since; with ``gedraaid`` the draaikaarten turned so far on top of the stock), the bids,
(and the kraak calls), then every card. Whatever the engine keeps, it is then exactly
what it would have kept. (Manual roem claims are not in the view; with
``roem_claim: manual`` the rebuilt state has the roem unclaimed. With ``trump_mode:
kraken`` the roem in hand is the view's, whatever the sampled hands hold.)
"""

from __future__ import annotations

from typing import Any

from kroeg.cards import Card, cards_in, parse_card, parse_suit
from kroeg.games.base import Deal
from kroeg.games.klaverjassen import Klaverjassen
from kroeg.games.klaverjassen.game import DRAAIKAARTEN
from kroeg.games.klaverjassen.view import KlaverjasView

from .knowledge import Seen


def rebuild(game: Klaverjassen, view: KlaverjasView, seen: Seen, hands: list[int]) -> Any:
    standings = view.standings
    s = game.new_state(
        4,
        dealer=view.dealer,
        start={"totals": list(standings["totals"]), "deal_no": standings["deal_no"]},
    )
    s.summaries = [dict(d) for d in view.deals]
    dealt = list(hands)
    plays: list[tuple[int, int]] = []
    for leader, cards, _ in seen.tricks:
        plays += [((leader + i) & 3, c) for i, c in enumerate(cards)]
    plays += [((seen.leader + i) & 3, c) for i, c in enumerate(seen.trick)]
    for seat, card in plays:
        dealt[seat] |= 1 << card
    game.apply(s, s.dealer, Deal(tuple(tuple(cards_in(h)) for h in dealt), _stock(view)))
    for bid in view.bids:
        action = ("pass",) if bid.bid == "pass" else ("bid", parse_suit(bid.bid))
        game.apply(s, bid.seat, action)
    for call in view.calls or ():
        game.apply(s, call.seat, (call.call,))
    if isinstance(view.roem_held, list):
        s.roem_held, s.roem = list(view.roem_held), list(view.roem)
    for seat, card in plays:
        game.apply(s, seat, ("play", card))
    return s


def _stock(view: KlaverjasView) -> tuple[Card, ...]:
    """Empty, except with ``gedraaid``: the draaikaarten turned so far, in the order they
    were turned, then the others in any order (replaying the passes turns the same cards)."""
    if view.options["trump_mode"] != "gedraaid":
        return ()
    turned = [parse_card(c) for c in view.turned or ()]
    return (*turned, *(c for c in DRAAIKAARTEN if c not in turned))
