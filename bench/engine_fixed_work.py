"""A fixed amount of engine work per game for instruction counts (cachegrind).

``PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no .venv/bin/python
bench/engine_fixed_work.py GAME LOOP N`` and again with a smaller N: the difference over
the difference of N is the instructions per deal (Eurokaarten: per round). LOOP is
``apply`` (the to-act seat picks uniformly among ``legal`` and ``apply`` applies it, the
dealer applies ``random_deal``), ``view`` (the same, and after every action every seat's
and a spectator's ``view``, as a table sends them) or, for Klaverjassen, ``rollout`` (the
bots' search path: ``moves.rollout`` from a freshly dealt state with a random trump) or
``solve`` (the bots' exact search, ``play.solve``, of a random position three tricks from
the end: per position).
"""

from __future__ import annotations

import random
import sys

from kroeg.bots.klaverjassen.play import Play, cards_in, play_card
from kroeg.bots.klaverjassen.play import solve as search
from kroeg.cards import PIKET_DECK, mask_of
from kroeg.games import make_game
from kroeg.games.klaverjassen import Klaverjassen, moves
from kroeg.games.klaverjassen.state import OVER

SEATS = {"toepen": 4, "klaverjassen": 4, "eurokaarten": 6}
VARIANTS = {"toepen": "kroegregels", "klaverjassen": "nku", "eurokaarten": "standaard"}


def play(game_name: str, loop: str, wanted: int) -> None:
    """``wanted`` deals (Eurokaarten: rounds) of random legal play, with views or not."""
    game = make_game(game_name, VARIANTS[game_name])
    rng = random.Random(1)
    pick = rng.random
    seats = SEATS[game_name]
    views = loop == "view"
    deals = 0
    s = game.new_state(seats, dealer=0)
    while deals < wanted:
        if game.is_over(s):
            s = game.new_state(seats, dealer=0)
        dealer = game.pending_deal(s)
        if dealer is not None:
            game.apply(s, dealer, game.random_deal(s, rng))
            deals += 1
            continue
        seat = min(game.to_act(s))
        actions = game.legal(s, seat)
        game.apply(s, seat, actions[int(pick() * len(actions))])
        if views:
            for who in (*range(seats), None):
                game.view(s, who)


def rollout(wanted: int) -> None:
    """``wanted`` deals on the search path, each freshly dealt with a random trump."""
    game = Klaverjassen("nku")
    rules = game.rules
    cfg = game.options
    deck = list(PIKET_DECK)
    rnd = random.Random(1).random
    s = game.new_state(4, dealer=0)
    for _ in range(wanted):
        if s.phase == OVER:
            s = game.new_state(4, dealer=0)
        for i in range(len(deck) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            deck[i], deck[j] = deck[j], deck[i]
        moves.start_deal(cfg, s, [mask_of(deck[i : i + 8]) for i in (0, 8, 16, 24)])
        moves.make_trump(s, s.dealer, int(rnd() * 4))
        moves.rollout(rules, cfg, s, rnd)


def solve(wanted: int) -> None:
    """``play.solve`` of ``wanted`` random positions with three tricks left."""
    rng = random.Random(5)
    rules = Klaverjassen("nku").rules
    for _ in range(wanted):
        deck = list(PIKET_DECK)
        rng.shuffle(deck)
        hands = [mask_of(deck[i * 8 : i * 8 + 8]) for i in range(4)]
        p = Play(rng.randrange(4), rng.randrange(2), rules, 100, hands, rng.randrange(4),
                 [], 0, [0, 0], [0, 0], [0, 0]).at()  # fmt: skip
        for _ in range(20):
            play_card(p, rng.choice(cards_in(p.legal(p.hands[p.turn]))))
        search(p)


if __name__ == "__main__":
    if sys.argv[2] == "rollout":
        rollout(int(sys.argv[3]))
    elif sys.argv[2] == "solve":
        solve(int(sys.argv[3]))
    else:
        play(sys.argv[1], sys.argv[2], int(sys.argv[3]))
