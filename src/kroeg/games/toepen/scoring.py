"""The end of a Toepen deal and of the game: penalty points (RULES.md §1.1), armoede
reached, elimination or the game over, and their events."""

from __future__ import annotations

from kroeg.cards import JACK
from kroeg.games.base import JSON, Event
from kroeg.games.toepen.events import Events
from kroeg.games.toepen.options import Options
from kroeg.games.toepen.state import DEAL, OVER, ToepenState
from kroeg.games.toepen.turns import order_from


def end_deal(
    rules: Options, s: ToepenState, winner: int, ev: Events, win_card: int, revoker: int = -1
) -> None:
    """Score the deal won by ``winner`` with ``win_card`` (-1: not by a trick), or lost
    by a proven ``revoker``, and decide what comes next."""
    n = s.n
    out = s.out
    active = s.active
    stake = s.stake
    owed = s.owed
    extra = s.extra
    points = s.points
    penalties = [0] * n
    for p in range(n):
        if out >> p & 1:
            continue
        if revoker >= 0:
            cost = 2 if p == revoker else 0
        elif p == winner:
            cost = -1 if rules.winnen_met_boer and win_card % 13 == JACK and win_card >= 0 else 0
        elif active >> p & 1:
            cost = stake
        else:
            cost = owed[p]
        cost += extra[p]
        penalties[p] = cost
        points[p] += cost
    summary: JSON = {
        "winner": None if winner < 0 else winner,
        "stake": stake,
        "penalties": penalties,
    }
    s.history.append(summary)
    s.phase = DEAL
    s.laundry_open = False
    level = rules.armoede_level
    if level in points:
        for p in range(n):
            if points[p] == level and penalties[p]:  # reached in this deal
                s.reached_at[p] = s.deal_no
    if winner >= 0:
        s.dealer = winner
    if ev is not None:
        end = {**summary, "points": s.points[:]}
        if revoker >= 0:
            end["revoker"] = revoker
        ev.append(Event("deal_end", end))
    if max(points) >= rules.max_points:  # somebody may be out, or the game over
        _check_game_end(rules, s, ev)


def _check_game_end(rules: Options, s: ToepenState, ev: Events) -> None:
    top = rules.max_points
    reached = [p for p in range(s.n) if not s.out >> p & 1 and s.points[p] >= top]
    if not reached:
        return
    s.waves += (tuple(reached),)
    if not rules.elimination:
        s.losers = reached
        s.phase = OVER
        if ev is not None:
            game_over_events(s, ev)
        return
    for p in reached:
        s.out |= 1 << p
    if ev is not None:
        ev.append(Event("eliminated", {"seats": reached}))
    left = [p for p in range(s.n) if not s.out >> p & 1]
    if len(left) <= 1:
        s.losers = [p for p in range(s.n) if p not in left]
        s.phase = OVER
        if ev is not None:
            game_over_events(s, ev)
        return
    if s.out >> s.dealer & 1:
        s.dealer = order_from(s, s.dealer)[0]


def game_over_events(s: ToepenState, ev: list[Event]) -> None:
    """The game is over: the losers, a perfect game, who drinks."""
    losers = s.losers or []
    perfect = [p for p in range(s.n) if p not in losers and s.points[p] == 0]
    ev.append(Event("game_over", {"losers": losers, "points": s.points[:]}))
    if perfect:
        ev.append(Event("perfect_game", {"seats": perfect}))
    ev.append(Event("shots", {"seats": losers, "extra_shot": bool(perfect)}))
