"""How often a Klaverjassen declarer or passer holds the jack and nine: the rates
behind ``sterk``'s auction-weighted samples (:mod:`kroeg.bots.klaverjassen.signals`).

    .venv/bin/python bench/kj_signals.py               # 20,000 auctions per level, seed 1

Each deal (NKU, shuffled from the seed) is bid by four seats of one level (self-play;
the hands are read from the engine's state, which only this measurement sees). Printed
per level: P(the declarer holds the jack / nine of trump), for a free and a forced
declarer, and P(a seat that passed holds the jack / nine of a given suit; a forced
declarer's trump suit not counted). ``sterk``'s rows are the ones shipped.
"""

from __future__ import annotations

import argparse
import random

from kroeg.bots.levels import make_bot
from kroeg.cards import JACK, NINE, make_card
from kroeg.games import make_game
from kroeg.games.klaverjassen import Klaverjassen


def auction_rates(level: str, deals: int, seed: int) -> dict[str, tuple[int, int]]:
    """Per fact, (deals it applied to, deals it held in)."""
    game = make_game("klaverjassen", "nku")
    assert isinstance(game, Klaverjassen)
    bot = make_bot(game, level, max_samples=1)
    counts: dict[str, list[int]] = {}

    def count(fact: str, held: int) -> None:
        c = counts.setdefault(fact, [0, 0])
        c[0] += 1
        c[1] += held

    for number in range(deals):
        s = game.new_state(4, dealer=number % 4)
        game.apply(s, number % 4, game.random_deal(s, random.Random(f"signals/{seed}/{number}")))
        rng = random.Random(number)
        while game.view(s, 0).phase == "bidding":
            seat = min(game.to_act(s))
            action = bot.decide(game.view(s, seat), game.legal(s, seat), rng, 60.0)
            game.apply(s, seat, action)
        if s.trump < 0:
            continue
        passed = {seat for seat, suit in s.bids if suit is None}
        forced = s.declarer in passed
        kind = "forced" if forced else "free"
        hand = s.hands[s.declarer]
        count(f"declarer {kind} jack", hand >> make_card(JACK, s.trump) & 1)
        count(f"declarer {kind} nine", hand >> make_card(NINE, s.trump) & 1)
        for seat in passed:
            for suit in range(4):
                if seat == s.declarer and suit == s.trump:
                    continue
                count("passer jack", s.hands[seat] >> make_card(JACK, suit) & 1)
                count("passer nine", s.hands[seat] >> make_card(NINE, suit) & 1)
    return {fact: (c[0], c[1]) for fact, c in sorted(counts.items())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for level in ("sterk", "basis"):
        print(f"{level} self-play, {args.deals} auctions, seed {args.seed}:")
        for fact, (n, held) in auction_rates(level, args.deals, args.seed).items():
            print(f"  {fact:<22} {held / n:.3f}  ({held} of {n})")


if __name__ == "__main__":
    main()
