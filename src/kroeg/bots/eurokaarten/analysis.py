"""The analysis of a finished Eurokaarten game: every draw, lay and discard against the
best found by Monte Carlo from what the seat could see (issue 32, point 8).

The record is replayed through the engine; at each decision the seat's own view of
that moment (its hand, the table, the pile, who picked up or declined what) is read as
the bots read it (:func:`.knowledge.read_view`) and the hidden cards are sampled from
it as ``sterk`` samples them (:func:`.turns.weighted_sample`): no hidden card of the
record enters a grade. The record is only the way back to each moment, and the
analysis is computed once the game is over and its record published, as Toepen's and
Klaverjassen's are.

- **Draw** (both piles allowed): the points the seat holds after its turn (the best
  lay and the highest allowed discard), the pile's top card against a sampled stock
  card (:func:`.turns.draw_means`).
- **Lay** (the turn's melds, lay-offs and swaps together, when laying could lower the
  hand): the points left before the discard against the fewest any lay of the hand
  after the draw leaves (the engine's exact ``best_melds``; no sampling needed).
- **Discard** (two or more allowed): the points after the seat's next turn plus what
  the card saves the next player (:func:`.turns.discard_means`), as ``sterk`` throws.

A value is in hand points (RULES.md §7.2), the points a hand counts when the round
ends; a decision's loss is its value's distance from the best found, 0 within
:data:`TOLERANCE` (the samples' noise). Decisions with one choice are not counted.
What cannot be graded is listed with its reason (``ungraded``): opening gaan (it costs
a coin or saves one, whatever the points: a bet on the other hands), the draw of the
stock's last card (the round may end at once), the lay at a table with a minimum first
meld (``best_melds`` does not know it).
"""

from __future__ import annotations

import random

from kroeg.bots.accuracy import player_summary
from kroeg.bots.base import Deadline
from kroeg.cards import card_str, mask_of
from kroeg.games.base import JSON, Action
from kroeg.games.eurokaarten import Eurokaarten
from kroeg.games.eurokaarten.melds import Meld, MeldRules, hand_points
from kroeg.games.eurokaarten.solver import best_melds
from kroeg.games.eurokaarten.state import TURN, EuroState
from kroeg.games.match import OUT
from kroeg.records import parse_record

from .knowledge import Seen, read_view
from .turns import BOTH_DRAWS, discard_means, draw_means

SAMPLES = 12
"""Determinisations per graded draw or discard (docs/performance.md: seconds per game)."""
TOLERANCE = 0.5
"""A decision within this many points of the best found counts as a best one."""
NO_DEADLINE = 3600.0
"""The analysis is bounded by :data:`SAMPLES`, not by time."""


def grade(kind: str, options: list[str], values: list[float], chosen: int) -> JSON:
    """A decision among ``options`` with the points each leaves (lower is better):
    the one chosen, the best found, the points it cost and each option's value."""
    best = min(range(len(values)), key=lambda i: values[i])
    loss = round(values[chosen] - values[best], 1)
    if loss < TOLERANCE:
        loss, best = 0, chosen
    return {
        "kind": kind,
        "choice": options[chosen],
        "best": options[best],
        "loss": loss,
        "values": {o: round(v, 1) for o, v in zip(options, values, strict=True)},
    }


def grade_draw(seen: Seen, pile: str, rules: MeldRules, rng: random.Random) -> JSON:
    """The draw from ``pile`` ("stock" or "discard"), both allowed, against the other."""
    means = draw_means(seen, rules, rng, Deadline(NO_DEADLINE), SAMPLES)
    assert means is not None, "without a deadline every sample fits"
    piles = [a[1] for a in BOTH_DRAWS]
    return grade("draw", piles, [-m for m in means], piles.index(pile))


def grade_discard(
    seen: Seen, discards: list[Action], chosen: Action, rules: MeldRules, rng: random.Random
) -> JSON | None:
    """The discard ``chosen`` against the others allowed (None: no other seat is in)."""
    means = discard_means(seen, discards, rules, rng, Deadline(NO_DEADLINE), SAMPLES)
    if means is None:
        return None
    cards = [card_str(a[1]) for a in discards]
    return grade("discard", cards, [-m for m in means], discards.index(chosen))


def grade_lay(drawn: int, table: list[Meld], left: int, rules: MeldRules) -> JSON | None:
    """The turn's lay, from the hand ``drawn`` right after the draw on ``table`` to the
    hand ``left`` before the discard, against the lay that leaves the fewest points
    (None: nothing could be laid). A swap can leave fewer points than any lay without
    one: that counts as a best lay too."""
    before, own = hand_points(drawn), hand_points(left)
    fewest = best_melds(drawn, table, rules).points_left
    if own == before and fewest == before:
        return None
    return grade("lay", [str(own), str(fewest)], [own, min(own, fewest)], 0)


class _Turn:
    """The seat's hand and the table right after its draw: what its lay is graded from."""

    def __init__(self, s: EuroState, seat: int) -> None:
        self.hand = s.hands[seat]
        self.melds = list(s.melds)


class _Grader:
    """The grades of one record's decisions, each at its moment (``at``: deal, turn, seat)."""

    def __init__(self, game: Eurokaarten) -> None:
        self.game = game
        self.rules = game.options.meld_rules
        self.deck = mask_of(game.deck)
        self.plays: list[JSON] = []
        self.ungraded: list[JSON] = []

    def seen(self, s: EuroState, seat: int) -> Seen:
        return read_view(self.game.view(s, seat), self.rules, self.deck)

    @staticmethod
    def rng(at: JSON, kind: str) -> random.Random:
        """Each decision's own samples: a grade does not change when another one does."""
        return random.Random(f"{at['deal']}/{at['turn']}/{kind}")

    def draw(self, s: EuroState, seat: int, action: Action, at: JSON) -> None:
        legal = self.game.legal(s, seat)
        if not all(a in legal for a in BOTH_DRAWS) or not s.discard:
            return
        if len(s.stock) <= 1:
            self.ungraded.append({**at, "kind": "draw", "reason": "last_stock"})
            return
        seen = self.seen(s, seat)
        self.plays.append({**at, **grade_draw(seen, action[1], self.rules, self.rng(at, "draw"))})

    def lay(self, s: EuroState, seat: int, turn: _Turn, at: JSON) -> None:
        graded = grade_lay(turn.hand, turn.melds, s.hands[seat], self.rules)
        if graded is None:
            return
        if self.game.options.min_first_meld:
            self.ungraded.append({**at, "kind": "lay", "reason": "first_meld"})
            return
        self.plays.append({**at, **graded})

    def discard(self, s: EuroState, seat: int, action: Action, at: JSON) -> None:
        discards = [a for a in self.game.legal(s, seat) if a[0] == "discard"]
        if len(discards) < 2:
            return
        seen = self.seen(s, seat)
        graded = grade_discard(seen, discards, action, self.rules, self.rng(at, "discard"))
        if graded is not None:
            self.plays.append({**at, **graded})


def analyse(doc: JSON) -> JSON:
    """The analysis of a finished Eurokaarten game's record (a ``kroeg-record``)."""
    record = parse_record(doc)
    game = record.game
    assert isinstance(game, Eurokaarten)
    grader = _Grader(game)
    s: EuroState = record.new_state()
    for number, rdeal in enumerate(record.deals):
        dealer = game.pending_deal(s)
        assert dealer is not None, "a finished game's record deals when a deal is due"
        game.apply(s, dealer, rdeal.deal)
        turns = 0
        drawn: _Turn | None = None
        for seat, action in rdeal.actions:
            if action == OUT:
                game.eliminate(s, seat)
                continue
            verb = action[0]
            if verb in ("open", "draw"):
                turns += 1
            at: JSON = {"deal": number, "turn": turns, "seat": seat}
            if verb == "open":
                grader.ungraded.append({**at, "kind": "open", "reason": "open"})
            elif verb == "draw":
                grader.draw(s, seat, action, at)
            elif verb == "discard" and drawn is not None:
                grader.lay(s, seat, drawn, at)
                grader.discard(s, seat, action, at)
            game.apply(s, seat, action)
            if verb == "draw":
                drawn = _Turn(s, seat)
            ended = s.phase != TURN or s.turn != seat
            if verb in ("meld", "layoff", "swap") and drawn is not None and ended:
                grader.lay(s, seat, drawn, at)  # alles kwijt, or only jokers left: no discard
            if verb == "discard" or ended:
                drawn = None
    names = record.names or [f"seat {seat}" for seat in range(record.seats)]
    plays = grader.plays
    return {
        "game": "eurokaarten",
        "samples": SAMPLES,
        "plays": plays,
        "ungraded": grader.ungraded,
        "players": [_summary(seat, names[seat], plays) for seat in range(record.seats)],
    }


def _summary(seat: int, name: str, plays: list[JSON]) -> JSON:
    """The seat's line (:func:`player_summary`), its points lost to one decimal."""
    summary = player_summary(seat, name, plays)
    return {**summary, "lost": round(summary["lost"], 1)}
