"""The bots' kit for Klaverjassen: determiniser, ``basis`` and ``sterk``."""

from __future__ import annotations

import random
from typing import Any

from kroeg.bots.base import Deadline, GameKit
from kroeg.games.base import Action, Game
from kroeg.games.klaverjassen import Klaverjassen
from kroeg.games.klaverjassen.house import proven_revoke
from kroeg.games.klaverjassen.kraken import roem_in_hand
from kroeg.games.klaverjassen.view import KlaverjasView

from . import basis, sterk
from .bidmodel import shipped
from .knowledge import Seen, infer_allowed, read_view
from .play import Play
from .rebuild import rebuild
from .signals import Signal, auction_signals, sample_deal


class Kit(GameKit[KlaverjasView]):
    def __init__(self, game: Game[Any]) -> None:
        assert isinstance(game, Klaverjassen)
        super().__init__(game)
        self.kj = game
        self.pit_bonus = int(str(game.option_values["pit_bonus"]))
        self.rules = game.rules
        self.mode = str(game.option_values["trump_mode"])

    def signals(self, seen: Seen) -> list[Signal]:
        return auction_signals(seen, self.mode)

    def sample(self, view: KlaverjasView, rng: random.Random) -> Any:
        seen = read_view(view)
        return sample_deal(seen, infer_allowed(seen, self.rules), self.signals(seen), rng)

    def state(self, view: KlaverjasView, rng: random.Random) -> Any:
        return rebuild(self.kj, view, read_view(view), self.sample(view, rng))

    def basis(self, view: KlaverjasView, legal: list[Action], rng: random.Random) -> Action:
        seen = read_view(view)
        side = self._side_action(view, seen, legal, rng)
        if side is not None:
            return side
        if view.phase == "bidding":
            return basis.choose_bid(seen.hand, legal)
        if view.phase == "kraken":
            return basis.choose_call(seen.hand, seen.trump, legal)
        return basis.choose_play(seen, basis.play_from(seen, self.pit_bonus, self.rules))

    def sterk(
        self,
        view: KlaverjasView,
        legal: list[Action],
        rng: random.Random,
        deadline: Deadline,
        max_samples: int | None,
    ) -> Action:
        seen = read_view(view)
        side = self._side_action(view, seen, legal, rng)
        if side is not None:
            return side
        if view.phase == "bidding":
            return shipped().choose(seen.hand, legal, sum(suit < 0 for _, suit in seen.bids))
        if view.phase == "kraken":
            return self._search_call(view, seen, legal, rng, deadline, max_samples)
        base = basis.play_from(seen, self.pit_bonus, self.rules)
        preferred = basis.choose_play(seen, base)
        # At a verzaken table the engine lists every held card; the house plays only the
        # cards the rules allow (issue 23: a house player never revokes on purpose).
        plays = [a for a in legal if a[0] == "play" and base.legal(seen.hand) >> a[1] & 1]
        signals = self.signals(seen)
        return sterk.search_play(seen, base, plays, preferred, signals, rng, deadline, max_samples)

    def _side_action(
        self, view: KlaverjasView, seen: Any, legal: list[Action], rng: random.Random
    ) -> Action | None:
        """Claim the own team's manual roem; call "verzaakt" on an opponent whose revoke
        the table has seen (the house's own proof, :func:`proven_revoke`, on a state
        rebuilt from the view: it reads only the played cards)."""
        if ("roem",) in legal and seen.tricks and seen.tricks[-1][2] & 1 == seen.me & 1:
            return ("roem",)
        callable_ = {a[1] for a in legal if a[0] == "verzaakt"}
        if callable_:
            accused = proven_revoke(self.state(view, rng), seen.me)
            if accused in callable_:
                return ("verzaakt", accused)
        if not any(a[0] in ("play", "bid", "pass") for a in legal):
            return legal[0]
        return None

    def _first_lead(
        self,
        seen: Any,
        trump: int,
        declarer_team: int,
        hands: list[int],
        lead: int,
        roem: list[int],
        factor: int,
        must_make: int,
    ) -> Play:
        """The deal at its first lead, for a search to play out on sampled ``hands``."""
        return Play(
            trump,
            declarer_team,
            self.rules,
            self.pit_bonus,
            hands,
            lead,
            [],
            0,
            [0, 0],
            roem,
            [0, 0],
            factor=factor,
            must_make=must_make,
        )

    def _search_call(
        self,
        view: KlaverjasView,
        seen: Any,
        legal: list[Action],
        rng: random.Random,
        deadline: Deadline,
        max_samples: int | None,
    ) -> Action:
        """``trump_mode: kraken``: a kraak call or pass, each played out on samples, with
        the roem in hand of the sampled hands."""
        trump = seen.trump
        playing = seen.declarer & 1
        kraaks = seen.factor.bit_length() - 1
        lead = (view.dealer + 1) % 4

        def new_play(hands: list[int], called: bool) -> Play:
            calls = kraaks + called
            roem = roem_in_hand(hands, trump)[1]
            factor, must_make = 1 << calls, playing ^ (calls & 1)
            return self._first_lead(seen, trump, playing, hands, lead, roem, factor, must_make)

        signals = self.signals(seen)
        return sterk.search_call(
            seen, self.rules, legal, new_play, signals, rng, deadline, max_samples
        )
