"""The Toepen view as the dict it was before the typed views (src at 026c462,
copied unchanged but for its imports and the options' new names of the OPTIONS rename):
the reference the typed view's JSON is compared with, byte for byte
(tests/games/test_view_wire.py). The browser reads these keys."""

from __future__ import annotations

from kroeg.cards import SUIT_CHARS
from kroeg.games.base import Game
from kroeg.games.toepen.het import COMPROMISKAART, het_json
from kroeg.games.toepen.options import Options
from kroeg.games.toepen.state import DEAL, PHASE_NAMES, PLAY, ToepenState
from kroeg.games.toepen.tables import CARD_STR, hand_str
from tests.games.wire import JSON

SEATS_IN: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p in range(8) if mask >> p & 1) for mask in range(256)
)
"""``SEATS_IN[mask]``: the seats of a seat mask (at most 8 seats), lowest first."""

SEAT_KEYS: tuple[str, ...] = tuple(str(p) for p in range(8))
"""A seat as a JSON object key."""

_COMPROMISKAART = CARD_STR[COMPROMISKAART]


def view(game: Game[ToepenState], rules: Options, s: ToepenState, seat: int | None) -> JSON:
    """The view of ``seat`` (None: a spectator) of ``game``, played by ``rules``.

    ``deals`` is a fresh list of the state's own deal summaries, shared, not copied:
    a summary never changes once its deal has ended (the state only appends to its
    history, and copies of the state share them too). Callers of ``view`` only read
    or encode it; one that wants to change a summary must copy it first.
    ``het`` is a fresh list of rounds shared the same way (the rounds never change).
    Every other list and object in the view is built anew for each call.

    The keys past the first are set one by one: cheaper than a literal of more than
    16 keys or an ``update``, and in the same order. Lists and objects that are mostly
    empty skip their comprehension when there is nothing to go over (Python 3.11 pays a
    call for each comprehension).
    """
    n = s.n
    phase = PHASE_NAMES[s.phase]
    if s.phase == PLAY and s.knocker >= 0:
        phase = "answer"
    dealt = s.phase != DEAL and s.deal_no > 0
    hand = None
    if seat is not None:
        hand = hand_str(s.hands[seat]) if dealt else []
    out: JSON = {
        "game": game.name,
        "variant": game.variant,
        "options": dict(game.option_values),
        "seats": n,
        "you": seat,
        "dealer": s.dealer,
        "phase": phase,
        "to_act": sorted(game.to_act(s)),
        "hand": hand,
        "hand_counts": [h.bit_count() for h in s.hands] if dealt else [0] * n,
        "standings": game.standings(s),
        "deals": s.history[:],
        "result": game.result_json(s),
    }
    out["points"] = s.points[:]
    out["max_points"] = rules.max_points
    out["out"] = [*SEATS_IN[s.out]]
    out["deal_no"] = s.deal_no
    out["het"] = None if s.het is None else het_json(s.het)
    if not dealt:
        out.update(_empty_table())
        return out
    names = CARD_STR
    folded = SEATS_IN[((1 << n) - 1) & ~(s.active | s.out)]
    owed = s.owed
    out["stake"] = s.stake
    out["active"] = [*SEATS_IN[s.active]]
    out["folded"] = [*folded]
    out["fold_costs"] = {SEAT_KEYS[p]: owed[p] for p in folded} if folded else {}
    out["deal_costs"] = s.extra[:]
    out["turn"] = s.turn if s.phase == PLAY else None
    out["trick"] = [
        {"seat": p, "card": names[c]} for p, c in zip(s.trick_seats, s.trick_cards, strict=True)
    ]
    out["led"] = SUIT_CHARS[s.led] if s.led >= 0 else None
    out["tricks_done"] = s.tricks_done
    out["tricks"] = (
        [[{"seat": p, "card": names[c]} for p, c in t] for t in s.done_tricks]
        if s.done_tricks
        else []
    )
    last = s.last_trick
    out["last_trick"] = None if last is None else [{"seat": p, "card": names[c]} for p, c in last]
    out["knock"] = (
        None
        if s.knocker < 0
        else {
            "knocker": s.knocker,
            "stake": s.stake,
            "waiting": s.answerers[:],
            "knocks_again": None if s.over_knock < 0 else s.over_knock,
        }
    )
    out["last_knocker"] = None if s.last_knocker < 0 else s.last_knocker
    out["stock_count"] = len(s.stock) - s.stock_pos
    out["dead_cards"] = [names[c] for c in s.dead] if s.dead else []
    out["compromiskaart"] = (
        None if s.shown_ac < 0 else {"seat": s.shown_ac, "card": _COMPROMISKAART}
    )
    out["armoede"] = (
        None
        if not s.armoede_seats
        else {
            "seats": [*SEATS_IN[s.armoede_seats]],
            "lead": s.armoede_lead,
            "deciding": s.queue[:] if phase == "armoede" else [],
        }
    )
    out["exchanging"] = s.queue[:] if phase == "exchange" else []
    out["laundry"] = [_laundry_json(entry, seat) for entry in s.laundry] if s.laundry else []
    out["laundry_open"] = s.laundry_open
    out["claim"] = None if s.claim < 0 else s.laundry[s.claim][0]
    out["open_hands"] = (
        {SEAT_KEYS[p]: hand_str(s.hands[p]) for p in SEATS_IN[s.open_hands]} if s.open_hands else {}
    )
    return out


def _laundry_json(entry: list[int], seat: int | None) -> JSON:
    """One laundry claim ``[seat, hand, challengers, honest]``: its cards only once turned
    up, or to the claimer."""
    return {
        "seat": entry[0],
        "challenged_by": [*SEATS_IN[entry[2]]],
        "cards": hand_str(entry[1]) if entry[3] >= 0 or entry[0] == seat else None,
        "honest": None if entry[3] < 0 else bool(entry[3]),
    }


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
