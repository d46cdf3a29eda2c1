"""Claims a Toepen seat makes about hands (klassiek, RULES.md §5): vuile was (``laundry``),
swapping a hand of only B/V/H/A for four stock cards, its challenge, and revoke calls
when following suit is not enforced.
"""

from __future__ import annotations

from kroeg.games.base import Action, Event, RuleError
from kroeg.games.toepen.dealing import stock_left, tell_events
from kroeg.games.toepen.events import Events
from kroeg.games.toepen.options import Rules
from kroeg.games.toepen.parsing import arity, seat_arg
from kroeg.games.toepen.scoring import end_deal
from kroeg.games.toepen.state import PLAY, ToepenState
from kroeg.games.toepen.tables import FACE_MASK, SEVENS, hand_str
from kroeg.games.toepen.turns import require_active, waiting


def laundry(rules: Rules, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("laundry",)``: vuile was claimed; the hand is swapped for four stock cards."""
    arity(action, 0, "no arguments")
    _laundry_window(rules, s, seat, "laundry")
    if s.laundry_count[seat] and not rules.laundry_repeat:
        raise RuleError(f"seat {seat} has already claimed laundry in this deal")
    if stock_left(s) < 4:
        raise RuleError(f"the stock holds {stock_left(s)} cards, fewer than four: no more laundry")
    old = s.hands[seat]
    new = 0
    for c in s.stock[s.stock_pos : s.stock_pos + 4]:
        new |= 1 << c
    s.stock_pos += 4
    s.hands[seat] = new
    s.laundry.append([seat, old, 0, -1])
    s.claim = len(s.laundry) - 1
    s.laundry_count[seat] += 1
    if ev is not None:
        ev.append(Event("laundry", {"seat": seat, "stock_count": stock_left(s)}))
        ev.append(Event("hand", {"seat": seat, "cards": hand_str(new)}, seat))
        if s.open_hands >> seat & 1:
            ev.append(Event("open_hand", {"seat": seat, "cards": hand_str(new)}))
        tell_events(rules, seat, new, ev)


def _laundry_window(rules: Rules, s: ToepenState, seat: int, verb: str) -> None:
    if not rules.laundry:
        raise RuleError(f"{verb}: vuile was is not played at this table (option laundry)")
    if s.phase != PLAY or s.played_any:
        raise RuleError(f"{verb} only before the first card of the deal is played")
    if s.knocker >= 0:
        raise RuleError(f"no {verb} while a knock is answered: {waiting(s)}")
    require_active(s, seat)


def may_challenge(rules: Rules, s: ToepenState, seat: int) -> bool:
    """Whether ``seat`` may challenge the latest laundry claim (there is one)."""
    entry = s.laundry[s.claim]
    if entry[0] == seat:
        return False
    if rules.laundry_multi_check:
        return not entry[2] >> seat & 1
    return not entry[2]


def challenge(rules: Rules, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("challenge", target)``: the laundry hand of ``target`` turned up; a dishonest
    claim costs ``target`` a point, an honest one the challenger."""
    target = seat_arg(s, action)
    _laundry_window(rules, s, seat, "challenge")
    if s.claim < 0:
        raise RuleError("no laundry claim to challenge now")
    entry = s.laundry[s.claim]
    if target != entry[0]:
        raise RuleError(f"only the latest laundry claim may be challenged: seat {entry[0]}'s")
    if seat == target:
        raise RuleError("you may not challenge your own laundry")
    if not may_challenge(rules, s, seat):
        raise RuleError(
            f"this laundry claim has already been challenged"
            f" ({'by you' if rules.laundry_multi_check else 'one challenge per claim'})"
        )
    honest = _honest(rules, entry[1])
    entry[2] |= 1 << seat
    entry[3] = int(honest)
    s.extra[seat if honest else target] += 1
    opened = not honest and rules.laundry_open_cards
    if opened:
        s.open_hands |= 1 << target
    if ev is not None:
        ev.append(
            Event(
                "challenge",
                {
                    "seat": seat,
                    "target": target,
                    "cards": hand_str(entry[1]),
                    "honest": honest,
                    "penalised": seat if honest else target,
                },
            )
        )
        if opened:
            ev.append(Event("open_hand", {"seat": target, "cards": hand_str(s.hands[target])}))


def _honest(rules: Rules, hand: int) -> bool:
    """Vuile was is honest with only B, V, H, A (witte was: plus exactly one 7)."""
    rest = hand & ~FACE_MASK
    if not rest:
        return True
    return rules.white_laundry and rest & SEVENS == rest and rest.bit_count() == 1


def revoke_targets(s: ToepenState, seat: int) -> list[int]:
    """The seats ``seat`` may still call a revoke on in this deal."""
    in_game = ((1 << s.n) - 1) & ~s.out
    return [
        t for t in range(s.n) if t != seat and in_game >> t & 1 and (seat, t) not in s.revoke_calls
    ]


def revoke(rules: Rules, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("revoke", target)``: ``seat`` says ``target`` did not follow suit; proven, the
    deal ends and ``target`` pays two."""
    target = seat_arg(s, action)
    if rules.follow:
        raise RuleError("no revoke calls: illegal plays are impossible (enforce_follow_suit)")
    if s.phase != PLAY or s.knocker >= 0:
        raise RuleError(f"no revoke call now: {waiting(s)}")
    require_active(s, seat)
    if target == seat or s.out >> target & 1:
        raise RuleError(f"call a revoke on another seat in the game, not seat {target}")
    if (seat, target) in s.revoke_calls:
        raise RuleError(f"seat {seat} has already called a revoke on seat {target} this deal")
    s.revoke_calls.add((seat, target))
    proven = bool(s.revoked >> target & 1)
    if ev is not None:
        ev.append(Event("revoke_call", {"seat": seat, "target": target, "proven": proven}))
    if proven:
        end_deal(rules, s, -1, ev, -1, revoker=target)
