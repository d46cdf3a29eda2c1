"""Who acts and what a seat may do (RULES.md §1-5): ``legal`` built from the rule
functions that the handlers check an action by.

Each rule is one function in the module of its subject: :func:`.following.playable`
(following suit), :func:`.knocks.fold_refusal` (who may fold), :func:`.limits.knock_refusal`
(who may knock), :func:`.claims.laundry_actions` and :func:`.claims.revoke_targets` (the
claims), :func:`.dealing.may_keep` (the three-of-a-kind exchange). ``legal`` lists an
action by the same function its handler checks it by, so the two never disagree; the
view's hints, ``default()`` and the bots ask these too. ``legal`` and ``to_act`` are
among the hottest code of a playout: they read :mod:`.tables` rather than compute.
"""

from __future__ import annotations

from typing import Protocol

from kroeg.games.base import Action
from kroeg.games.toepen import claims, dealing
from kroeg.games.toepen.following import playable
from kroeg.games.toepen.knocks import fold_refusal
from kroeg.games.toepen.limits import knock_refusal
from kroeg.games.toepen.options import Options
from kroeg.games.toepen.state import ARMOEDE, EXCHANGE, PLAY, ToepenState
from kroeg.games.toepen.tables import EXCHANGE as EXCHANGE_ACTIONS
from kroeg.games.toepen.tables import (
    FOLD,
    KEEP,
    KNOCK,
    LOOK,
    PLAYS,
    REVOKE,
    STAY,
    plays_of,
    trips,
)
from kroeg.games.toepen.turns import NOBODY, SINGLE


def to_act(s: ToepenState) -> frozenset[int]:
    """The seats the game waits for: the turn, or everyone who answers a knock, or the
    head of the exchange or armoede queue."""
    phase = s.phase
    if phase == PLAY:
        if s.knocker < 0:
            return SINGLE[s.turn]
        return s.answering
    if phase in (EXCHANGE, ARMOEDE):
        return SINGLE[s.queue[0]]
    return NOBODY


class WithOptions(Protocol):
    """A Toepen game: what :func:`legal` reads of it."""

    options: Options


def legal(game: WithOptions, s: ToepenState, seat: int) -> list[Action]:
    """Every action of ``seat``, each listed by the rule function that ``apply`` checks
    it by. Plays come first, lowest first. (It takes the game, so the game's class binds
    it as its ``legal`` method with no call in between.)"""
    rules = game.options
    phase = s.phase
    if phase == PLAY:
        if s.knocker >= 0:
            if seat not in s.answering:
                return []
            if knock_refusal(rules, s, seat):
                return [STAY, FOLD]
            return [STAY, FOLD, KNOCK]
        if not s.active >> seat & 1:
            return []
        out: list[Action]
        if seat == s.turn:
            hand = s.hands[seat]
            if rules.follow:
                hand = playable(hand, s.led)
            out = [*(PLAYS.get(hand) or plays_of(hand))]
            if not fold_refusal(rules, s, seat):
                out.append(FOLD)
        else:
            out = []
        if not knock_refusal(rules, s, seat):
            out.append(KNOCK)
        if s.laundry_open:
            out += claims.laundry_actions(rules, s, seat)
        if not rules.follow:
            out.extend(REVOKE[t] for t in claims.revoke_targets(s, seat))
        return out
    if phase == EXCHANGE:
        if seat != s.queue[0]:
            return []
        hand = s.hands[seat]
        odd = trips(hand)[1]
        if dealing.may_keep(hand):
            return [EXCHANGE_ACTIONS[odd], KEEP]
        return [EXCHANGE_ACTIONS[odd]]
    if phase == ARMOEDE:
        return [LOOK, FOLD] if seat == s.queue[0] else []
    return []
