"""Claims a Toepen seat makes about hands (klassiek, RULES.md §5): vuile was (``laundry``),
swapping a hand of only B/V/H/A for four stock cards, its challenge, and revoke calls
when following suit is not enforced.
"""

from __future__ import annotations

from kroeg.games.base import Action, Event, RuleError
from kroeg.games.toepen.dealing import stock_left, tell_events
from kroeg.games.toepen.events import Events
from kroeg.games.toepen.notation import arity, seat_arg
from kroeg.games.toepen.options import Options
from kroeg.games.toepen.scoring import end_deal
from kroeg.games.toepen.state import PLAY, ToepenState
from kroeg.games.toepen.tables import CHALLENGE, FACE_MASK, LAUNDRY, SEVENS, hand_str
from kroeg.games.toepen.turns import refuse_while_waiting, require_active


def _window_refusal(rules: Options, s: ToepenState, seat: int) -> str:
    """Why ``seat`` may not claim or challenge laundry at all now, or ``""``."""
    if not rules.laundry:
        return "no_laundry"
    if not s.laundry_open:
        return "laundry_closed"
    if s.knocker >= 0:
        return "wait_answers"
    if not s.active >> seat & 1:
        return "inactive"
    return ""


def laundry_refusal(rules: Options, s: ToepenState, seat: int) -> str:
    """Why ``seat`` may not claim vuile was now, or ``""``: in the window, by an active
    seat, once per deal (``laundry_repeat``: while the stock lasts), four stock cards left."""
    code = _window_refusal(rules, s, seat)
    if code:
        return code
    if s.laundry_count[seat] and not rules.laundry_repeat:
        return "laundry_once"
    if stock_left(s) < 4:
        return "laundry_stock"
    return ""


def challenge_refusal(rules: Options, s: ToepenState, seat: int, target: int) -> str:
    """Why ``seat`` may not challenge the laundry of ``target`` now, or ``""``: the latest
    claim, not one's own, once per claim (``laundry_multi_check``: once per challenger)."""
    code = _window_refusal(rules, s, seat)
    if code:
        return code
    if s.claim < 0:
        return "no_claim"
    entry = s.laundry[s.claim]
    if target != entry[0]:
        return "challenge_latest"
    if seat == target:
        return "challenge_own"
    if entry[2] >> seat & 1 if rules.laundry_multi_check else entry[2]:
        return "challenge_taken"
    return ""


def laundry_actions(rules: Options, s: ToepenState, seat: int) -> list[Action]:
    """The laundry claim and challenge ``seat`` may make now, as ``legal`` lists them."""
    out: list[Action] = []
    if not laundry_refusal(rules, s, seat):
        out.append(LAUNDRY)
    if s.claim >= 0:
        claimer = s.laundry[s.claim][0]
        if not challenge_refusal(rules, s, seat, claimer):
            out.append(CHALLENGE[claimer])
    return out


def _claim_error(code: str, rules: Options, s: ToepenState, seat: int, verb: str) -> RuleError:
    """The refusal of ``verb`` (laundry or challenge) that gave ``code``."""
    if code == "inactive":
        require_active(s, seat)
    if code == "no_laundry":
        return RuleError(
            "no_laundry", f"{verb}: vuile was is not played at this table (option laundry)"
        )
    if code == "laundry_closed":
        return RuleError(
            "laundry_closed", f"{verb} only before the first card of the deal is played"
        )
    if code == "wait_answers":
        return refuse_while_waiting(s, f"no {verb} while a knock is answered")
    if code == "laundry_once":
        return RuleError(
            "laundry_once", f"seat {seat} has already claimed laundry in this deal", seat=seat
        )
    if code == "laundry_stock":
        return RuleError(
            "laundry_stock",
            f"the stock holds {stock_left(s)} cards, fewer than four: no more laundry",
            count=stock_left(s),
        )
    if code == "no_claim":
        return RuleError("no_claim", "no laundry claim to challenge now")
    claimer = s.laundry[s.claim][0]
    if code == "challenge_latest":
        return RuleError(
            "challenge_latest",
            f"only the latest laundry claim may be challenged: seat {claimer}'s",
            seat=claimer,
        )
    if code == "challenge_own":
        return RuleError("challenge_own", "you may not challenge your own laundry")
    return RuleError(
        "challenge_taken",
        "this laundry claim has already been challenged"
        f" ({'by you' if rules.laundry_multi_check else 'one challenge per claim'})",
    )


def laundry(rules: Options, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("laundry",)``: vuile was claimed; the hand is swapped for four stock cards."""
    arity(action, 0, "no arguments")
    code = laundry_refusal(rules, s, seat)
    if code:
        raise _claim_error(code, rules, s, seat, "laundry")
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


def challenge(rules: Options, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("challenge", target)``: the laundry hand of ``target`` turned up; a dishonest
    claim costs ``target`` a point, an honest one the challenger."""
    target = seat_arg(s, action)
    code = challenge_refusal(rules, s, seat, target)
    if code:
        raise _claim_error(code, rules, s, seat, "challenge")
    entry = s.laundry[s.claim]
    honest = honest_laundry(entry[1], rules.white_laundry)
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


def honest_laundry(hand: int, white_laundry: bool) -> bool:
    """Vuile was is honest with only B, V, H, A (witte was: plus exactly one 7)."""
    rest = hand & ~FACE_MASK
    if not rest:
        return True
    return white_laundry and rest & SEVENS == rest and rest.bit_count() == 1


def revoke_refusal(s: ToepenState, seat: int, target: int) -> str:
    """Why ``seat`` may not call a revoke on ``target`` now (in revoke mode), or ``""``:
    another seat in the game, once per seat and deal."""
    if target == seat or s.out >> target & 1:
        return "revoke_target"
    if (seat, target) in s.revoke_calls:
        return "revoke_called"
    return ""


def revoke_targets(s: ToepenState, seat: int) -> list[int]:
    """The seats ``seat`` may still call a revoke on in this deal."""
    return [t for t in range(s.n) if not revoke_refusal(s, seat, t)]


def revoke(rules: Options, s: ToepenState, seat: int, action: Action, ev: Events) -> None:
    """``("revoke", target)``: ``seat`` says ``target`` did not follow suit; proven, the
    deal ends and ``target`` pays two."""
    target = seat_arg(s, action)
    if rules.follow:
        raise RuleError(
            "no_revoke_calls", "no revoke calls: illegal plays are impossible (enforce_follow_suit)"
        )
    if s.phase != PLAY or s.knocker >= 0:
        raise refuse_while_waiting(s, "no revoke call now")
    require_active(s, seat)
    code = revoke_refusal(s, seat, target)
    if code == "revoke_target":
        raise RuleError(
            "revoke_target",
            f"call a revoke on another seat in the game, not seat {target}",
            seat=target,
        )
    if code:
        raise RuleError(
            "revoke_called",
            f"seat {seat} has already called a revoke on seat {target} this deal",
            seat=target,
        )
    s.revoke_calls.add((seat, target))
    proven = bool(s.revoked >> target & 1)
    if ev is not None:
        ev.append(Event("revoke_call", {"seat": seat, "target": target, "proven": proven}))
    if proven:
        end_deal(rules, s, -1, ev, -1, revoker=target)
