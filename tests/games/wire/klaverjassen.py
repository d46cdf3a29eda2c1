"""The Klaverjassen view as the dict it was before the typed views (src at 026c462,
copied unchanged but for its imports and the options' new names of the OPTIONS rename):
the reference the typed view's JSON is compared with, byte for byte
(tests/games/test_view_wire.py). The browser reads these keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kroeg.cards import card_str, suit_str
from kroeg.games.klaverjassen import moves
from kroeg.games.klaverjassen.state import BIDDING, KRAKEN, PHASE_NAMES, PLAY, SEATS, KlaverjasState
from kroeg.games.klaverjassen.tables import CARD_NAMES, mask_names
from tests.games.wire import JSON

if TYPE_CHECKING:
    from kroeg.games.klaverjassen.game import Klaverjassen


def view(game: Klaverjassen, s: KlaverjasState, seat: int | None) -> JSON:
    """What ``seat`` (None: a spectator) may see of ``game`` (docs/games/klaverjassen.md lists
    the keys): its own hand once it may look at it, never another seat's."""
    in_deal = s.phase in (BIDDING, KRAKEN, PLAY)
    hand = None
    if seat is not None and in_deal and (s.seen >> seat) & 1:
        hand = mask_names(s.hands[seat])
    trick = [{"seat": (s.leader + i) % 4, "card": card_str(c)} for i, c in enumerate(s.trick)]
    out: JSON = {
        "game": game.name,
        "variant": game.variant,
        "options": dict(game.option_values),
        "seats": SEATS,
        "you": seat,
        "dealer": s.dealer,
        "phase": PHASE_NAMES[s.phase],
        "to_act": sorted(game.to_act(s)),
        "hand": hand,
        "hand_counts": [h.bit_count() for h in s.hands] if in_deal else [0] * SEATS,
        "standings": game.standings(s),
        "deals": game.deal_summaries(s),
        "result": game.result_json(s),
        "teams": [[0, 2], [1, 3]],
        "deal_no": s.deal_no + 1 if in_deal else s.deal_no,
        "bids": [
            {"seat": b, "bid": "pass" if suit is None else suit_str(suit)} for b, suit in s.bids
        ]
        if in_deal
        else [],
        "trump": suit_str(s.trump) if in_deal and s.trump >= 0 else None,
        "declarer": s.declarer if in_deal and s.declarer >= 0 else None,
        "leader": s.leader if s.phase == PLAY else None,
        "trick": trick if s.phase == PLAY else [],
        "tricks_won": list(s.tricks_won) if in_deal else [0, 0],
        "roem": list(s.roem) if in_deal else [0, 0],
        "tricks": [
            {"leader": lead, "cards": [card_str(c) for c in cards], "winner": won}
            for lead, cards, won in s.played
        ]
        if s.phase == PLAY
        else [],
    }
    if game.options.gedraaid:
        out["proposed"] = suit_str(s.proposed) if s.phase == BIDDING else None
        out["turned"] = [CARD_NAMES[c] for c in s.draai[: s.turned]] if in_deal else []
    if game.options.kraken:
        kraken_on = s.phase in (KRAKEN, PLAY)
        out["calls"] = [{"seat": x, "call": call} for x, call in s.calls] if in_deal else []
        out["factor"] = 1 << s.kraaks if kraken_on else None
        out["next_call"] = moves.next_call(s) if s.phase == KRAKEN else None
        out["must_make"] = moves.must_make(s) if kraken_on else None
        out["roem_held"] = list(s.roem_held) if s.phase == PLAY else None
    if game.option_values["show_last_trick"]:
        last = s.last_trick if s.phase == PLAY else None
        out["last_trick"] = (
            None
            if last is None
            else {
                "leader": last[0],
                "cards": [card_str(c) for c in last[1]],
                "winner": last[2],
            }
        )
    return out
