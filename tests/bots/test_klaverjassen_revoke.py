"""Klaverjassen with ``allow_revoke``: the house never revokes, and it calls a proven one.

Issue 23: at a verzaken table every held card is legal to the engine, so a bot that
chooses among the engine's legal actions could play a card that breaks §6.5
(RULES.md §6.8: the revoke is punished when called). A house player never breaks a
rule on purpose.
"""

from __future__ import annotations

import random

import pytest

from kroeg.bots.levels import HOUSE_LEVELS, make_bot
from kroeg.cards import parse_card
from kroeg.games.base import Deal
from kroeg.games.klaverjassen import Klaverjassen
from kroeg.games.klaverjassen.state import KlaverjasState
from kroeg.games.klaverjassen.tricks import Rules
from tests.bots.positions import positions

REVOKE = {"allow_revoke": True}


@pytest.mark.parametrize("level", HOUSE_LEVELS)
@pytest.mark.parametrize("variant", ["nku", "amsterdams"])
def test_no_house_level_plays_a_card_the_rules_forbid(level: str, variant: str) -> None:
    """Every card a house level plays at a verzaken table is one Rules.legal_plays allows
    (the bug: ``sterk`` searched every held card and played Q♠ on a diamond lead holding 9♦)."""
    checked = 0
    for game, s, seat in positions("klaverjassen", variant, 4, 60, seed=31, options=REVOKE):
        if s.phase != 2 or seat != s.turn:  # not the seat to play
            continue
        bot = make_bot(game, level, max_samples=3)
        assert isinstance(game, Klaverjassen)
        rules: Rules = game.rules
        allowed = rules.legal_mask(s, seat)
        legal = game.legal(s, seat)
        action = bot.decide(game.view(s, seat), legal, random.Random(5), 60.0)
        if action[0] == "play":
            assert allowed >> action[1] & 1, f"{level} revoked with {action}"
            checked += 1
    assert checked > 20


def _revoked_table() -> tuple[Klaverjassen, KlaverjasState]:
    """Seat 1 does not follow clubs in trick 1 (it plays 8♦ holding 9♣), then plays 9♣:
    the revoke is proven by what everyone saw."""
    game = Klaverjassen("nku", REVOKE)
    s = game.new_state(4, dealer=3)
    hands = [
        "Ac Kc Qc Jc Ah Kh Qh Jh",
        "9c 8d 9d Td 7h 8h 9h Th",
        "Tc 7c 8c Ad Kd Qd Jd 7d",
        "As Ks Qs Js Ts 9s 8s 7s",
    ]
    game.apply(s, 3, Deal(tuple(tuple(parse_card(c) for c in h.split()) for h in hands), ()))
    game.apply(s, min(game.to_act(s)), ("bid", 2))  # the first bidder plays hearts
    for seat, card in [(0, "Ac"), (1, "8d"), (2, "7c"), (3, "7s"), (0, "Kc"), (1, "9c")]:
        game.apply(s, seat, ("play", parse_card(card)))
    return game, s


@pytest.mark.parametrize("level", ["basis", "sterk"])
def test_a_proven_revoke_of_an_opponent_is_called(level: str) -> None:
    """RULES.md §6.8: seat 2 has seen seat 1 show out of clubs and later play a club."""
    game, s = _revoked_table()
    assert s.turn == 2
    legal = game.legal(s, 2)
    assert ("verzaakt", 1) in legal
    bot = make_bot(game, level, max_samples=3)
    assert bot.decide(game.view(s, 2), legal, random.Random(1), 60.0) == ("verzaakt", 1)
