"""``sterk``'s draw, lay and discard in Eurokaarten by Monte Carlo over the hidden cards
(issue 23, point 4), using what each other seat picked up and declined.

- **Samples** (:func:`weighted_sample`): the cards a seat took from the pile and still
  holds are in its hand (:func:`.knowledge.sample`); a seat that left a card on top of
  the pile and drew from the stock instead (the view's ``declined``) rarely holds a
  card that card would have fitted (same rank, or same suit within two ranks: a set or
  a run in the making). Uniform determinisations are drawn :data:`CANDIDATES` at a
  time and one is kept in proportion to :data:`DECLINED_FIT` to the power of such fits
  (sampling-importance-resampling).
- **Draw**: on each determinisation both draws are played through the seat's turn:
  the pile's top card, or that determinisation's top stock card (a joker there may not
  be discarded, a card there may complete a meld); then the lay that leaves the fewest
  points and the highest allowed discard (the engine's ``house.after_turn``). The draw
  with the fewer points left on average is taken.
- **Lay**: the engine's ``best_melds`` lay (as ``basis``), searched within the draw
  above: cards on the table never count (RULES.md §7.2), so laying what lowers the hand
  is never worse on a determinisation; what is laid is fixed by that plan.
- **Discard**: each legal discard is scored on each determinisation by the points the
  seat will have after its next turn (the hand kept, plus the stock card it will draw
  when the others draw from the stock, laid and discarded as above: a pair kept may
  become a set) plus :data:`FEED` times what it gives the next player: when that
  player's draw by the house's own rule (``house.draw_choice``) takes it from the pile,
  the points it saves that player. The lowest mean is thrown.
"""

from __future__ import annotations

import random

from kroeg.bots.base import Deadline
from kroeg.bots.search import mean_scores
from kroeg.cards import cards_in, is_joker, rank_of, suit_of
from kroeg.games.base import Action
from kroeg.games.eurokaarten.house import after_turn, draw_choice
from kroeg.games.eurokaarten.melds import MeldRules, hand_points

from .basis import next_seat
from .knowledge import Determinisation, Seen, sample

CANDIDATES = 6
"""Uniform determinisations drawn for each weighted one."""
DECLINED_FIT = 0.3
"""The weight of a sampled hand for each card it holds that fits a card its seat declined."""
FEED = 0.5
"""A point the next player saves by taking the discard counts this much against one the
seat keeps: the coin goes to the highest hand, the next player is one of five."""
BOTH_DRAWS = (("draw", "discard"), ("draw", "stock"))


def fits(card: int, other: int) -> bool:
    """Whether ``card`` goes with ``other`` in a set or a run in the making: the same rank,
    or the same suit within two ranks (jokers fit anything and tell nothing)."""
    if is_joker(card) or is_joker(other):
        return False
    if rank_of(card) == rank_of(other):
        return True
    return suit_of(card) == suit_of(other) and abs(rank_of(card) - rank_of(other)) <= 2


def decline_fits(seen: Seen, det: Determinisation) -> int:
    """How many (declined card, held card) fits the other seats' sampled hands have."""
    total = 0
    for p in seen.seats_in:
        if p == seen.me or not seen.declined[p]:
            continue
        held = cards_in(det.hands[p] & ~seen.picked[p])
        for declined in cards_in(seen.declined[p]):
            total += sum(1 for c in held if fits(declined, c))
    return total


def weighted_sample(seen: Seen, rng: random.Random) -> Determinisation:
    """One determinisation, drawn in proportion to ``DECLINED_FIT ** fits``."""
    if not any(seen.declined):
        return sample(seen, rng)
    candidates = [sample(seen, rng) for _ in range(CANDIDATES)]
    weights = [DECLINED_FIT ** decline_fits(seen, d) for d in candidates]
    return rng.choices(candidates, weights=weights)[0]


def draw_means(
    seen: Seen,
    rules: MeldRules,
    rng: random.Random,
    deadline: Deadline,
    max_samples: int | None,
) -> list[float] | None:
    """Minus the mean points left after the turn for each of :data:`BOTH_DRAWS` (None:
    no sample fitted the budget). The seat has not drawn and the pile is not empty."""
    top = seen.discard[-1]
    with_top = after_turn(seen.hand | 1 << top, top, seen.melds, rules)

    def left(det: Determinisation, action: Action, r: random.Random) -> float:
        if action == ("draw", "discard"):
            return -with_top
        card = det.stock[-1]
        return -after_turn(seen.hand | 1 << card, None, seen.melds, rules)

    return mean_scores(
        BOTH_DRAWS, lambda r: weighted_sample(seen, r), left, rng, deadline, max_samples
    )


def choose_draw(
    seen: Seen,
    legal: list[Action],
    rules: MeldRules,
    rng: random.Random,
    deadline: Deadline,
    max_samples: int | None,
) -> Action | None:
    """The draw with the fewer points left after the turn on average (None: only one
    draw is legal, or no sample fitted the budget)."""
    if not all(a in legal for a in BOTH_DRAWS) or not seen.discard:
        return None
    means = draw_means(seen, rules, rng, deadline, max_samples)
    if means is None:
        return None
    return BOTH_DRAWS[0] if means[0] >= means[1] else BOTH_DRAWS[1]


def discard_means(
    seen: Seen,
    discards: list[Action],
    rules: MeldRules,
    rng: random.Random,
    deadline: Deadline,
    max_samples: int | None,
) -> list[float] | None:
    """Minus the mean cost of each of ``discards``: the points after the seat's next
    turn plus :data:`FEED` times the points it saves the next player (None: no other
    seat is in, or no sample fitted the budget)."""
    following = next_seat(seen)
    if following is None:
        return None
    draws = [BOTH_DRAWS[0], *([BOTH_DRAWS[1]] if seen.stock_count else [])]
    others = len(seen.seats_in) - 1

    def cost(det: Determinisation, action: Action, r: random.Random) -> float:
        card = action[1]
        kept = seen.hand & ~(1 << card)
        if len(det.stock) > others:  # the seat's next draw, if the others draw the stock
            nxt = det.stock[-1 - others]
            kept_points = float(after_turn(kept | 1 << nxt, None, seen.melds, rules))
        else:
            kept_points = float(hand_points(kept))
        theirs = det.hands[following]
        pile = [*seen.discard, card]
        if draw_choice(theirs, pile, seen.melds, draws, rules) != BOTH_DRAWS[0]:
            return -kept_points
        saved = after_turn(theirs, None, seen.melds, rules)
        saved -= after_turn(theirs | 1 << card, card, seen.melds, rules)
        return -kept_points - FEED * max(0, saved)

    return mean_scores(
        discards, lambda r: weighted_sample(seen, r), cost, rng, deadline, max_samples
    )


def choose_discard(
    seen: Seen,
    legal: list[Action],
    rules: MeldRules,
    rng: random.Random,
    deadline: Deadline,
    max_samples: int | None,
) -> Action | None:
    """The discard with the fewest points after the next turn plus :data:`FEED` times the
    points it saves the next player (None: fewer than two discards, or no sample fitted)."""
    discards = [a for a in legal if a[0] == "discard"]
    if len(discards) < 2:
        return None
    means = discard_means(seen, discards, rules, rng, deadline, max_samples)
    if means is None:
        return None
    best = max(range(len(discards)), key=lambda i: (means[i], discards[i][1]))
    return discards[best]
