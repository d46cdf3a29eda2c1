"""Toepen out of turn: the knock after any event (also after the last card), revoke calls,
the strength estimate and the learned policy's abstraction (issue 23, point 3)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from kroeg.bots.base import BotAgent
from kroeg.bots.levels import make_bot
from kroeg.bots.toepen.calls import proven_revokes
from kroeg.bots.toepen.knowledge import read_view
from kroeg.bots.toepen.policy import decision, hashed_pick, learned
from kroeg.bots.toepen.strength import win_estimate
from kroeg.cards import SUIT_MASKS, TOEPEN_STRENGTH, cards_in, parse_card
from kroeg.games import make_game
from kroeg.games.base import Action, Deal
from kroeg.games.match import Match, RandomDeals, aside_chances
from kroeg.games.playout import random_match, random_step
from kroeg.games.toepen.game import Toepen
from kroeg.games.toepen.state import ToepenState
from kroeg.games.toepen.view import ToepenView, hidden_cards
from tests.bots.positions import positions, shuffle_hidden


def _c(text: str) -> int:
    return parse_card(text)


def _unbeatable_after_last_card(s: ToepenState, seat: int) -> bool:
    """From the state itself: ``seat`` has played its last card, it tops the last trick
    and no card anywhere it cannot see beats it (RULES.md §1: only the led suit wins)."""
    if s.tricks_done != 3 or seat not in s.trick_seats:
        return False
    if s.active != (1 << s.n) - 1:
        return False  # a fold took a card out of the trick: the view cannot place it
    cards = s.trick_cards
    seats = s.trick_seats
    mine = cards[seats.index(seat)]
    led = cards[0] // 13
    top = max((c for c in cards if c // 13 == led), key=lambda c: TOEPEN_STRENGTH[c])
    if top != mine:
        return False
    unseen = hidden_cards(s, seat)
    return not any(TOEPEN_STRENGTH[c] > TOEPEN_STRENGTH[mine] for c in unseen if c // 13 == led)


def test_basis_knocks_after_its_last_card_when_nothing_unseen_beats_it() -> None:
    """Issue 23: bots never knocked after their last card. RULES.md §1 (kroegregels: any
    active player may knock at any moment within the limit): a seat whose last card tops
    the last trick and cannot be beaten knocks out of turn."""
    game = Toepen("kroegregels")
    bot = make_bot(game, "basis")
    rng = random.Random(2)
    found = 0
    for _ in range(400):
        s = game.new_state(4, dealer=rng.randrange(4))
        game.apply(s, s.dealer, game.random_deal(s, rng))
        while not game.is_over(s) and game.pending_deal(s) is None:
            for seat, legal in aside_chances(game, s):
                if ("knock",) in legal and _unbeatable_after_last_card(s, seat):
                    assert bot.aside(game.view(s, seat), legal, rng) == ("knock",)
                    found += 1
            seat = min(game.to_act(s))
            legal = [a for a in game.legal(s, seat) if a[0] in ("play", "stay")]
            game.apply(s, seat, legal[0] if legal else game.default(s, seat))
        if found >= 5:
            break
    assert found >= 5


def test_every_out_of_turn_chance_gets_an_answer_and_nothing_illegal_is_played() -> None:
    """The arena's and the table's driver: every seat outside ``to_act`` with legal
    actions is asked; what a bot answers is legal (or None)."""
    game = make_game("toepen", "kroegregels")
    bots = [make_bot(game, level, max_samples=2) for level in ("sterk", "basis", "sterk", "basis")]
    rng = random.Random(3)
    asked = knocks = 0

    class Checked(BotAgent):
        def aside(self, match: Match[Any], seat: int, legal: list[Action]) -> Action | None:
            nonlocal asked, knocks
            asked += 1
            assert seat not in match.game.to_act(match.state)
            answer = super().aside(match, seat, legal)
            assert answer is None or answer in legal
            knocks += answer == ("knock",)
            return answer

    for _ in range(8):
        s = game.new_state(4, dealer=rng.randrange(4))
        agents = [Checked(bot, rng, 60.0) for bot in bots]
        Match(game, s, agents=agents, deals=RandomDeals(rng), asides=True).run()
    assert asked > 100
    assert knocks > 0, "the house should knock out of turn now and then"


def test_a_revoke_the_view_proves_is_called_and_the_engine_agrees() -> None:
    """RULES.md §5 (enforce_follow_suit off): a seat that did not follow and later plays
    the led suit revoked; the bot calls it, and the engine's check proves it."""
    game = make_game("toepen", "klassiek", {"enforce_follow_suit": False})
    s = game.new_state(4, dealer=3)
    hands = (
        ("Th", "9h", "8c", "7c"),  # seat 0 leads hearts
        ("8h", "7d", "9c", "Js"),  # seat 1 follows
        ("Ac", "7h", "Ts", "9s"),  # seat 2 holds 7h but plays a club: a revoke
        ("Jh", "Qd", "Kd", "Ad"),
    )
    deck = set(game.deck) - {_c(c) for h in hands for c in h}
    game.apply(s, 3, Deal(tuple(tuple(_c(c) for c in h) for h in hands), tuple(sorted(deck))))
    for seat, card in ((0, "Th"), (1, "8h"), (2, "Ac"), (3, "Jh"), (0, "9h"), (1, "7d")):
        game.apply(s, seat, ("play", _c(card)))
    game.apply(s, 2, ("play", _c("7h")))  # seat 2 now plays the suit it did not follow
    view = ToepenView.of(game.view(s, 3))
    assert proven_revokes(view) == {2}
    bot = make_bot(game, "sterk")
    legal = game.legal(s, 3)
    action = bot.decide(view, legal, random.Random(1), 0.05)
    assert action == ("revoke", 2)
    events = game.apply(s, 3, action)
    assert next(e.data for e in events if e.kind == "revoke_call")["proven"] is True


def test_no_revoke_is_called_without_proof() -> None:
    game = make_game("toepen", "klassiek", {"enforce_follow_suit": False})
    rng = random.Random(7)
    for game, s, seat in positions(
        "toepen", "klassiek", 4, 60, seed=21, options={"enforce_follow_suit": False}
    ):
        view = ToepenView.of(game.view(s, seat))
        suspects = proven_revokes(view)
        for target in suspects:
            assert s.revoked >> target & 1, "a proof from the view must be a real revoke"
        action = make_bot(game, "sterk").decide(view, game.legal(s, seat), rng, 0.02)
        if action[0] == "revoke":
            assert s.revoked >> action[1] & 1


def _plain_deals(game: Toepen, rng: random.Random, deals: int) -> Iterator[ToepenState]:
    """States after every card of ``deals`` deals played card by card (no knocks)."""
    for _ in range(deals):
        s = game.new_state(4, dealer=rng.randrange(4))
        game.apply(s, s.dealer, game.random_deal(s, rng))
        while not game.is_over(s) and game.pending_deal(s) is None:
            seat = min(game.to_act(s))
            legal = [a for a in game.legal(s, seat) if a[0] in ("play", "stay")]
            game.apply(s, seat, rng.choice(legal) if legal else game.default(s, seat))
            yield s


def test_the_strength_estimate_is_exact_where_it_can_be() -> None:
    """Last trick: a card that does not top the trick cannot win (0); a card nothing
    can beat, ten of the led suit or higher than every card of it left (RULES.md §1,
    10 > 9 > 8 > 7 > A > H > V > B), wins (1)."""
    game = Toepen("kroegregels")
    rng = random.Random(4)
    beaten = sure = 0
    for s in _plain_deals(game, rng, 60):
        if s.tricks_done != 3 or not s.trick_seats:
            continue
        for p in s.trick_seats:
            estimate = win_estimate(read_view(game.view(s, p)))
            mine = s.trick_cards[s.trick_seats.index(p)]
            led = s.trick_cards[0] // 13
            stronger = [
                c for c in cards_in(SUIT_MASKS[led]) if TOEPEN_STRENGTH[c] > TOEPEN_STRENGTH[mine]
            ]
            if mine // 13 != led or set(stronger) & set(s.trick_cards):
                assert estimate == 0.0
                beaten += 1
            elif not set(stronger) & hidden_cards(s, p):
                assert estimate == 1.0
                sure += 1
    assert beaten > 5 and sure > 5


def test_the_policy_has_a_say_only_over_knocks_answers_laundry_and_challenges() -> None:
    game = make_game("toepen", "klassiek")
    for game, s, _ in positions("toepen", "klassiek", 4, 120, seed=23):
        for p in range(4):
            legal = game.legal(s, p)
            if not legal:
                continue
            view = ToepenView.of(game.view(s, p))
            d = decision(view, read_view(view), legal)
            verbs = {a[0] for a in legal}
            if d is None:
                assert not verbs & {"knock", "stay", "laundry", "challenge"}
                continue
            assert all(a == () or a in legal for a in d.actions)
            assert len(d.labels) == len(d.actions)


def test_the_shipped_strategy_is_a_probability_table() -> None:
    table = learned()
    assert table, "cfr_policy.json ships the learned strategy"
    for key, probabilities in table.items():
        assert len(probabilities) == len(key.rsplit("|", 1)[1].split(",")) or key.startswith(
            ("laundry", "challenge")
        )
        assert abs(sum(probabilities) - 1) < 0.01
        assert all(p >= 0 for p in probabilities)


def test_a_seat_asked_again_at_the_same_information_set_answers_the_same() -> None:
    """One draw per information set and deal (as in training): the out-of-turn chances
    after every event must not turn a small knock probability into a certain one."""
    game = make_game("toepen", "kroegregels")
    for game, s, seat in positions("toepen", "kroegregels", 4, 60, seed=24):
        view = ToepenView.of(game.view(s, seat))
        legal = game.legal(s, seat)
        d = decision(view, read_view(view), legal)
        if d is None:
            continue
        answers = {hashed_pick(view)(d) for _ in range(5)}
        assert len(answers) == 1


def test_no_peeking_out_of_turn() -> None:
    """Issue 23: the no-peeking test for the new input. A bot's out-of-turn answer is the
    same when the hidden cards of the state are shuffled among the other seats."""
    rng = random.Random(6)
    checked = 0
    for variant in ("kroegregels", "klassiek"):
        game = make_game("toepen", variant)
        bots = [make_bot(game, level) for level in ("basis", "sterk")]
        for _ in range(40):
            s = game.new_state(4, dealer=rng.randrange(4))
            for _ in range(rng.randrange(1, 40)):
                if game.is_over(s):
                    break
                random_step(random_match(game, s, rng), rng)
            for seat, legal in aside_chances(game, s):
                shuffled = shuffle_hidden(game, s, seat, rng)
                view, after = game.view(s, seat), game.view(shuffled, seat)
                assert view == after
                for bot in bots:
                    first = bot.aside(view, legal, random.Random(1))
                    second = bot.aside(after, game.legal(shuffled, seat), random.Random(1))
                    assert first == second
                checked += 1
    assert checked > 50
