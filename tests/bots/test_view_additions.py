"""The keys the bots added to the engines' views show only cards that are public.

A strong player remembers every card played in the deal and who played it (so
they know who is void in a suit); these keys give the bots the same memory and
nothing more: no card still in a hand may appear in them.
"""

from __future__ import annotations

import random

from kroeg.cards import card_str, cards_in
from kroeg.games.eurokaarten import Eurokaarten
from kroeg.games.klaverjassen import Klaverjassen
from kroeg.games.playout import random_match, random_step
from kroeg.games.toepen import Toepen
from tests.support import RANDOM_GAMES, assert_no_hidden_cards


def test_klaverjassen_tricks_show_only_played_cards() -> None:
    game = Klaverjassen("nku")
    rng = random.Random(7)
    for _ in range(RANDOM_GAMES // 100):
        s = game.new_state(4, dealer=rng.randrange(4))
        while not game.is_over(s) and s.deal_no < 2:
            random_step(random_match(game, s, rng), rng)
            in_hands = {card_str(c) for hand in s.hands for c in cards_in(hand)}
            for seat in (None, 0, 1, 2, 3):
                view = game.view(s, seat)
                assert_no_hidden_cards(view.tricks, in_hands, "klaverjassen view tricks")
                played = sum(len(t.cards) for t in view.tricks) + len(view.trick)
                if view.phase == "play":
                    assert played + sum(view.hand_counts) == 32


def test_toepen_tricks_show_only_played_cards() -> None:
    for variant in ("kroegregels", "klassiek"):
        game = Toepen(variant)
        rng = random.Random(8)
        for _ in range(RANDOM_GAMES // 100):
            s = game.new_state(4, dealer=rng.randrange(4))
            while not game.is_over(s) and s.deal_no < 3:
                random_step(random_match(game, s, rng), rng)
                in_hands = {card_str(c) for hand in s.hands for c in cards_in(hand)}
                for seat in (None, 0, 1, 2, 3):
                    view = game.view(s, seat)
                    assert_no_hidden_cards(view.tricks, in_hands, "toepen view tricks")
                    assert len(view.tricks) == view.tricks_done


def test_eurokaarten_discard_pile_shows_only_cards_that_were_discarded_face_up() -> None:
    """Every card in the pile was face up when it was discarded (RULES.md §7.5), and so
    was every card a seat declined (left on the pile, drawing the stock)."""
    game = Eurokaarten("standaard")
    rng = random.Random(9)
    for _ in range(RANDOM_GAMES // 200):
        s = game.new_state(6, dealer=rng.randrange(6))
        while not game.is_over(s) and len(game.deal_summaries(s)) < 3:
            random_step(random_match(game, s, rng), rng)
            hidden = {card_str(c) for hand in s.hands for c in cards_in(hand)}
            hidden |= {card_str(c) for c in s.stock}
            view = game.view(s, None)
            if view.phase != "turn":
                continue
            assert_no_hidden_cards(view.discard_pile, hidden, "eurokaarten discard pile")
            # A declined card stayed on the open pile: it is there still, on the table, or
            # in the hand of a seat everyone saw take it (``picked``).
            seen_taken = {c for cards in view.picked for c in cards}
            declined = [c for cards in view.declined for c in cards]
            assert_no_hidden_cards(declined, hidden - seen_taken, "eurokaarten declined")
            assert len(view.discard_pile) == view.discard_count
            assert view.discard_pile[-1:] == ([view.discard_top] if s.discard else [])
