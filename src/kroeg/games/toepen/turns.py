"""Whose turn it is in Toepen: seat orders, what the game waits for, and the turn checks
the rules share (each raises :class:`RuleError` before anything changes)."""

from __future__ import annotations

from kroeg.games.base import RuleError
from kroeg.games.toepen.state import ARMOEDE, EXCHANGE, ToepenState

_ORDERS = tuple(
    tuple([(seat + k) % n for k in range(1, n + 1)] for seat in range(n)) for n in range(9)
)
"""``_ORDERS[n][seat]``: all seats clockwise from the left of ``seat`` (read-only lists)."""


SINGLE = tuple(frozenset((seat,)) for seat in range(8))
"""``SINGLE[seat]``: the one seat the game waits for, as ``to_act`` answers."""
NOBODY: frozenset[int] = frozenset()


def order_from(s: ToepenState, seat: int) -> list[int]:
    """The seats in the game clockwise from the left of ``seat`` (do not change the list)."""
    order = _ORDERS[s.n][seat]
    if s.out:
        return [q for q in order if not s.out >> q & 1]
    return order


def waiting(s: ToepenState) -> str:
    """What the game waits for, for error messages."""
    if s.phase == EXCHANGE:
        return f"waiting for seat {s.queue[0]} to exchange or keep"
    if s.phase == ARMOEDE:
        return f"waiting for seat {s.queue[0]} to look or fold (armoede)"
    if s.knocker >= 0:
        seats = ", ".join(str(p) for p in s.answerers)
        return f"the knock of seat {s.knocker} is being answered (waiting for {seats})"
    return f"waiting for seat {s.turn} to play"


def refuse_while_waiting(s: ToepenState, what: str) -> RuleError:
    """The refusal of ``what`` while the game waits for something else: the exchanges,
    the armoede decisions, or the answers to a knock (the callers know it is one)."""
    if s.phase == EXCHANGE:
        return RuleError("wait_exchange", f"{what}: {waiting(s)}", seat=s.queue[0])
    if s.phase == ARMOEDE:
        return RuleError("wait_armoede", f"{what}: {waiting(s)}", seat=s.queue[0])
    return RuleError("wait_answers", f"{what}: {waiting(s)}", seat=s.knocker)


def require_active(s: ToepenState, seat: int) -> None:
    """``seat`` still takes part in this deal."""
    if not s.active >> seat & 1:
        if s.out >> seat & 1:
            raise RuleError("seat_out", f"seat {seat} is out of the game", seat=seat)
        raise RuleError(
            "seat_folded",
            f"seat {seat} has folded and takes no further part in this deal",
            seat=seat,
        )


def not_your_turn(seat: int, message: str) -> RuleError:
    """The refusal of an action out of turn: ``seat`` is the one the game waits for."""
    return RuleError("not_your_turn", message, seat=seat)


def armoede_turn(s: ToepenState, seat: int, verb: str) -> None:
    """``seat`` is the one to look or fold in an armoede round."""
    if s.phase != ARMOEDE:
        raise RuleError("no_armoede", f"{verb} is for an armoede round only: {waiting(s)}")
    if seat != s.queue[0]:
        raise not_your_turn(
            s.queue[0], f"not your turn: waiting for seat {s.queue[0]} to look or fold"
        )
