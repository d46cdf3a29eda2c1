"""What a seat (or a spectator) may see of a Toepen game: ``Toepen.view``.

Documented key by key in docs/games/toepen.md. Never holds another seat's hidden card,
the stock, or a laundry hand that was not turned up.
"""

from __future__ import annotations

from kroeg.cards import card_str, suit_str
from kroeg.games.base import JSON, Game
from kroeg.games.toepen.het import COMPROMISKAART
from kroeg.games.toepen.options import Rules
from kroeg.games.toepen.state import DEAL, PHASE_NAMES, PLAY, ToepenState
from kroeg.games.toepen.tables import hand_list


def het_json(rounds: list[list[tuple[int, int]]]) -> list[list[JSON]]:
    """The open cards of 'Het', round by round."""
    return [[{"seat": p, "card": card_str(c)} for p, c in drawn] for drawn in rounds]


def _seats(mask: int, n: int) -> list[int]:
    return [p for p in range(n) if mask >> p & 1]


def _cards(mask: int) -> list[str]:
    return [card_str(c) for c in hand_list(mask)]


def view(game: Game[ToepenState], rules: Rules, s: ToepenState, seat: int | None) -> JSON:
    """The view of ``seat`` (None: a spectator) of ``game``, played by ``rules``."""
    n = s.n
    phase = PHASE_NAMES[s.phase]
    if s.phase == PLAY and s.knocker >= 0:
        phase = "answer"
    dealt = s.phase != DEAL and s.deal_no > 0
    hand = None
    if seat is not None:
        hand = _cards(s.hands[seat]) if dealt else []
    in_deal = dealt and s.phase != DEAL
    out: JSON = {
        "game": game.name,
        "variant": game.variant,
        "options": dict(game.options),
        "seats": n,
        "you": seat,
        "dealer": s.dealer,
        "phase": phase,
        "to_act": sorted(game.to_act(s)),
        "hand": hand,
        "hand_counts": [h.bit_count() if in_deal else 0 for h in s.hands],
        "standings": game.standings(s),
        "deals": game.deal_summaries(s),
        "result": game.result(s),
        "points": s.points[:],
        "max_points": rules.max_points,
        "out": _seats(s.out, n),
        "deal_no": s.deal_no,
        "het": None if s.het is None else het_json(s.het),
    }
    if not in_deal:
        out.update(_empty_table())
        return out
    out.update(
        {
            "stake": s.stake,
            "active": _seats(s.active, n),
            "folded": [p for p in range(n) if not (s.active | s.out) >> p & 1],
            "fold_costs": {str(p): s.owed[p] for p in range(n) if not (s.active | s.out) >> p & 1},
            "deal_costs": s.extra[:],
            "turn": s.turn if s.phase == PLAY else None,
            "trick": [
                {"seat": p, "card": card_str(c)}
                for p, c in zip(s.trick_seats, s.trick_cards, strict=True)
            ],
            "led": suit_str(s.led) if s.led >= 0 else None,
            "tricks_done": s.tricks_done,
            "tricks": [
                [{"seat": p, "card": card_str(c)} for p, c in trick] for trick in s.done_tricks
            ],
            "last_trick": None
            if s.last_trick is None
            else [{"seat": p, "card": card_str(c)} for p, c in s.last_trick],
            "knock": None
            if s.knocker < 0
            else {
                "knocker": s.knocker,
                "stake": s.stake,
                "waiting": s.answerers[:],
                "knocks_again": None if s.over_knock < 0 else s.over_knock,
            },
            "last_knocker": None if s.last_knocker < 0 else s.last_knocker,
            "stock_count": len(s.stock) - s.stock_pos,
            "dead_cards": [card_str(c) for c in s.dead],
            "compromiskaart": None
            if s.shown_ac < 0
            else {"seat": s.shown_ac, "card": card_str(COMPROMISKAART)},
            "armoede": None
            if not s.armoede_seats
            else {
                "seats": _seats(s.armoede_seats, n),
                "lead": s.armoede_lead,
                "deciding": s.queue[:] if phase == "armoede" else [],
            },
            "exchanging": s.queue[:] if phase == "exchange" else [],
            "laundry": [
                {
                    "seat": entry[0],
                    "challenged_by": _seats(entry[2], n),
                    "cards": _cards(entry[1]) if entry[3] >= 0 or entry[0] == seat else None,
                    "honest": None if entry[3] < 0 else bool(entry[3]),
                }
                for entry in s.laundry
            ],
            "laundry_open": rules.laundry and not s.played_any,
            "claim": None if s.claim < 0 else s.laundry[s.claim][0],
            "open_hands": {str(p): _cards(s.hands[p]) for p in _seats(s.open_hands, n)},
        }
    )
    return out


def _empty_table() -> JSON:
    return {
        "stake": None,
        "active": [],
        "folded": [],
        "fold_costs": {},
        "deal_costs": [],
        "turn": None,
        "trick": [],
        "led": None,
        "tricks_done": 0,
        "tricks": [],
        "last_trick": None,
        "knock": None,
        "last_knocker": None,
        "stock_count": 0,
        "dead_cards": [],
        "compromiskaart": None,
        "armoede": None,
        "exchanging": [],
        "laundry": [],
        "laundry_open": False,
        "claim": None,
        "open_hands": {},
    }
