"""Eurokaarten ``sterk``'s draw and discard by Monte Carlo (bots/eurokaarten/turns.py):
RULES.md §7.2 (hand points), §7.5 (a turn: draw one card, lay, discard one)."""

from __future__ import annotations

import random

from kroeg.bots.base import Deadline
from kroeg.bots.eurokaarten.knowledge import Seen, sample
from kroeg.bots.eurokaarten.turns import (
    choose_discard,
    choose_draw,
    decline_fits,
    fits,
    weighted_sample,
)
from kroeg.cards import mask_of, parse_card
from kroeg.games import make_game
from kroeg.games.eurokaarten import Eurokaarten


def _seen(hand: list[str], discard: list[str], **fields: object) -> Seen:
    """Seat 0's knowledge at a table of six, nothing on the table; every other seat holds
    five cards, the stock the rest."""
    game = make_game("eurokaarten", "standaard")
    assert isinstance(game, Eurokaarten)
    deck = mask_of(game.deck)
    counts = [len(hand), 5, 5, 5, 5, 5]
    stock = deck.bit_count() - sum(counts) - len(discard)
    base: dict[str, object] = {
        "me": 0,
        "n": 6,
        "hand": mask_of(parse_card(c) for c in hand),
        "counts": counts,
        "seats_in": list(range(6)),
        "melds": [],
        "discard": [parse_card(c) for c in discard],
        "taken": None,
        "drawn": False,
        "stock_count": stock,
        "picked": [0] * 6,
        "declined": [0] * 6,
        "deck": deck,
    }
    base.update(fields)
    return Seen(**base)  # type: ignore[arg-type]


RULES = make_game("eurokaarten", "standaard").options.meld_rules  # type: ignore[attr-defined]


def test_a_low_pile_card_is_taken_rather_than_an_unknown_stock_card() -> None:
    """Four faces (40 points) and a 2 on the pile: taking it and throwing a face leaves 32;
    a stock card leaves 30 plus its own points whenever it is below a ten (and a joker
    stays in the hand). The house's rule compares with no card at all (30) and draws."""
    seen = _seen(["Kd", "Qs", "Jh", "Tc"], ["2c"])
    legal = [("draw", "discard"), ("draw", "stock")]
    chosen = choose_draw(seen, legal, RULES, random.Random(1), Deadline(60.0), 40)
    assert chosen == ("draw", "discard")


def test_a_discard_the_next_player_would_take_for_a_set_is_kept_back() -> None:
    """Seat 1 took 7h and 7c from the pile (everyone saw it): throwing 7s would give it a
    set, so seat 0 throws 9d (two points more in its own hand)."""
    picked = [0, mask_of(parse_card(c) for c in ("7h", "7c")), 0, 0, 0, 0]
    seen = _seen(["7s", "9d"], ["4c"], drawn=True, picked=picked)
    legal = [("discard", parse_card("7s")), ("discard", parse_card("9d"))]
    chosen = choose_discard(seen, legal, RULES, random.Random(1), Deadline(60.0), 30)
    assert chosen == ("discard", parse_card("9d"))


def test_without_a_taker_the_higher_card_is_thrown() -> None:
    seen = _seen(["7s", "9d"], ["4c"], drawn=True)
    legal = [("discard", parse_card("7s")), ("discard", parse_card("9d"))]
    chosen = choose_discard(seen, legal, RULES, random.Random(1), Deadline(60.0), 30)
    assert chosen == ("discard", parse_card("9d"))
    seen = _seen(["7s", "2d"], ["4c"], drawn=True)
    legal = [("discard", parse_card("7s")), ("discard", parse_card("2d"))]
    chosen = choose_discard(seen, legal, RULES, random.Random(1), Deadline(60.0), 30)
    assert chosen == ("discard", parse_card("7s"))


def test_a_seat_that_declined_a_card_is_sampled_with_fewer_cards_that_fit_it() -> None:
    """Seat 1 left 7h on the pile: weighted samples give it fewer sevens and hearts near
    the seven than uniform ones."""
    assert fits(parse_card("7h"), parse_card("7s")) and fits(parse_card("7h"), parse_card("9h"))
    assert not fits(parse_card("7h"), parse_card("Th"))
    declined = [0, 1 << parse_card("7h"), 0, 0, 0, 0]
    seen = _seen(["Kd", "Qs", "Jh", "Tc", "2c"], ["3d"], declined=declined)
    rng = random.Random(4)
    uniform = sum(decline_fits(seen, sample(seen, rng)) for _ in range(400))
    weighted = sum(decline_fits(seen, weighted_sample(seen, rng)) for _ in range(400))
    assert weighted < 0.6 * uniform
