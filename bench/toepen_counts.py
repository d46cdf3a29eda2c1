"""Counts of what Toepen bots do, on turn and out of turn (issue 23's figures re-measured).

Whole games of four bots of one level (default ``sterk`` with a fixed number of samples,
so the counts repeat), driven as the arena drives them: after every event every seat the
game does not wait for is offered its out-of-turn chance (:mod:`kroeg.bots.asides`).
Counted: out-of-turn knock chances and knocks (and knocks after the seat's own last
card), knocks on a weak hand (strength bucket 0 or 1 of :mod:`kroeg.bots.toepen.strength`),
voluntary folds, laundry claim chances, claims and dishonest claims, challenge chances and
challenges, revoke chances (``enforce_follow_suit`` off) and calls. Run:

    .venv/bin/python bench/toepen_counts.py --games 30 --level sterk --samples 12
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

from kroeg.bots.base import BotAgent
from kroeg.bots.levels import make_bot
from kroeg.bots.toepen.knowledge import read_view
from kroeg.bots.toepen.strength import bucket, win_estimate
from kroeg.games import make_game
from kroeg.games.base import Action, Deal, Game
from kroeg.games.match import Match, RandomDeals
from kroeg.games.toepen.claims import honest_laundry
from kroeg.games.toepen.view import ToepenView


def count(
    variant: str, games: int, level: str, samples: int, options: dict[str, Any]
) -> Counter[str]:
    game = make_game("toepen", variant, options)
    bot = make_bot(game, level, max_samples=samples)
    rng = random.Random(1)
    c: Counter[str] = Counter()

    def note(seat: int, legal: list[Action], action: Action | None, on_turn: bool, s: Any) -> None:
        verbs = {a[0] for a in legal}
        view = ToepenView.of(game.view(s, seat))
        if "knock" in verbs:
            c["knock chances" + ("" if on_turn else " out of turn")] += 1
        if action == ("knock",):
            c["knocks" + ("" if on_turn else " out of turn")] += 1
            seen = read_view(view)
            if bucket(win_estimate(seen)) <= 1:
                c["knocks on a weak hand (bucket 0-1)"] += 1
            if not on_turn and not view.hand:
                c["knocks after the own last card"] += 1
        if "laundry" in verbs:
            c["laundry chances"] += 1
            if action == ("laundry",):
                c["laundry claims"] += 1
                hand = read_view(view).hand
                if not honest_laundry(hand, bool(options.get("white_laundry", False))):
                    c["dishonest laundry claims"] += 1
        if "challenge" in verbs:
            c["challenge chances"] += 1
            if action is not None and action[0] == "challenge":
                c["challenges"] += 1
        if "revoke" in verbs:
            c["revoke chances"] += 1
            if action is not None and action[0] == "revoke":
                c["revoke calls"] += 1
        if action == ("fold",) and view.knock is None and view.phase == "play":
            c["voluntary folds"] += 1

    class Counted(BotAgent):
        def act(self, match: Match[Any], seat: int) -> Action:
            legal = match.legal(seat)
            action = self.bot.decide(match.view(seat), legal, self.rng, self.budget)
            note(seat, legal, action, True, match.state)
            return action

        def aside(self, match: Match[Any], seat: int, legal: list[Action]) -> Action | None:
            answer = super().aside(match, seat, legal)
            note(seat, legal, answer, False, match.state)
            return answer

    class CountedDeals(RandomDeals):
        def deal(self, game: Game[Any], s: Any) -> Deal:
            c["deals"] += 1
            return super().deal(game, s)

    for g in range(games):
        agents = [Counted(bot, rng, 60.0)] * 4
        deals = CountedDeals(rng)
        Match.new(game, 4, dealer=g % 4, agents=agents, deals=deals, asides=True).run()
    return c


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--level", default="sterk")
    parser.add_argument("--samples", type=int, default=12)
    args = parser.parse_args()
    runs = [
        ("kroegregels", {}),
        ("klassiek", {}),
        ("klassiek", {"enforce_follow_suit": False}),
    ]
    for variant, options in runs:
        started = time.process_time()
        c = count(variant, args.games, args.level, args.samples, options)
        label = variant + "".join(f" {k}={v}" for k, v in options.items())
        print(
            f"{label}: {args.games} games, {args.level}, {args.samples} samples,"
            f" {time.process_time() - started:.0f} s CPU"
        )
        for key in sorted(c):
            print(f"  {key}: {c[key]}")


if __name__ == "__main__":
    main()
