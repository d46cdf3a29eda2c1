"""Klaverjassen over many random legal games: invariants of RULES.md §6 and the engine
conventions (card points, views that leak nothing, records that replay, house play).

``RANDOM_GAMES`` (tests/support.py) counts random *deals* per variant (``nku`` and
``amsterdams``) here, played as whole games, so that every deal runs through bidding,
play and scoring; the option sets beyond the two variants get a quarter of that.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kroeg.cards import PIKET_DECK, card_str, cards_in, mask_of, parse_card
from kroeg.games.base import Action, Deal, RuleError
from kroeg.games.klaverjassen import Klaverjassen, KlaverjasState, moves
from kroeg.games.klaverjassen.state import BIDDING, KRAKEN, PLAY
from kroeg.records import RecordWriter, replay
from tests.support import RANDOM_GAMES, assert_no_hidden_cards, assert_valid_places

SETUPS: dict[str, tuple[str, dict[str, object]]] = {
    "nku": ("nku", {}),
    "amsterdams": ("amsterdams", {}),
    "toggles": (
        "nku",
        {
            "roem_claim": "manual",
            "allow_revoke": True,
            "bid_start": "left_of_dealer",
            "all_pass": "first",
            "double_spades": True,
            "show_last_trick": True,
        },
    ),
    "utrechts": ("amsterdams", {"trump_mode": "utrechts", "four_kind_ranks": "a10hv"}),
    "short": (
        "amsterdams",
        {"game_length": "8_deals", "pit_bonus": 0, "trump_mode": "verplicht_spelen"},
    ),
    "to_1500": (
        "nku",
        {
            "game_length": "first_to_1500",
            "all_pass": "redeal",
            "four_jacks_200": True,
            "four_kind_ranks": "a10hv",
        },
    ),
    "gedraaid": ("nku", {"trump_mode": "gedraaid", "show_last_trick": True}),
    "kraken": ("amsterdams", {"trump_mode": "kraken"}),
    "kraken_toggles": (
        "amsterdams",
        {
            "trump_mode": "kraken",
            "allow_revoke": True,
            "double_spades": True,
            "pit_bonus": 0,
            "game_length": "8_deals",
            "show_last_trick": True,
        },
    ),
}
LENGTHS = {"16_deals": 16, "8_deals": 8}


def deals_for(setup: str) -> int:
    """Random deals to play for a setup: RANDOM_GAMES for a variant's own options."""
    return RANDOM_GAMES if setup in ("nku", "amsterdams") else RANDOM_GAMES // 4


def random_choice(game: Klaverjassen, s: KlaverjasState, rng: random.Random) -> tuple[int, Action]:
    """A uniformly random legal action of any seat (also out of turn: roem, verzaakt)."""
    choices = [(seat, a) for seat in range(4) for a in game.legal(s, seat)]
    return rng.choice(choices)


def play_game(
    game: Klaverjassen, rng: random.Random, check: Any = None
) -> tuple[KlaverjasState, RecordWriter]:
    dealer = rng.randrange(4)
    s = game.new_state(4, dealer=dealer)
    writer = RecordWriter(game, 4, dealer=dealer)
    while not game.is_over(s):
        due = game.pending_deal(s)
        if due is not None:
            deal = game.random_deal(s, rng)
            step: tuple[int, Action | Deal] = (due, deal)
        else:
            step = random_choice(game, s, rng)
        events = game.apply(s, *step)
        writer.add(*step)
        if check is not None:
            check(s, step, events)
    return s, writer


@pytest.mark.parametrize("setup", SETUPS)
def test_random_games_points_add_up_and_records_replay(setup: str) -> None:
    """§6.1: the card points of every deal played to the end add up to 162; §6.7: the
    score follows from points, roem and the mark; RECORDS.md: the record replays."""
    variant, options = SETUPS[setup]
    game = Klaverjassen(variant, options)
    rng = random.Random(f"klaverjassen-{setup}")
    deals = 0
    while deals < deals_for(setup):
        s, writer = play_game(game, rng)
        summaries = game.deal_summaries(s)
        deals += len(summaries)
        for d in summaries:
            check_summary(game, d)
        totals = [sum(d["score"][t] for d in summaries) for t in (0, 1)]
        assert game.standings(s) == {"totals": totals, "deal_no": len(summaries)}
        length = LENGTHS.get(str(game.option_values["game_length"]))
        if length is None:  # first_to_1500: ends at the first deal where a team leads past 1500
            assert max(totals) >= 1500 and totals[0] != totals[1]
            running = [0, 0]
            for d in summaries[:-1]:
                running = [running[0] + d["score"][0], running[1] + d["score"][1]]
                assert max(running) < 1500 or running[0] == running[1]
        else:
            assert len(summaries) == length
        result = game.result(s)
        assert result is not None
        assert_valid_places(result, 4, [])  # two teams: the winners 0, the others 1
        out, status = replay(writer.json())
        assert status == 0, out
        assert out["deals"] == summaries
        assert out["result"] == game.result_json(s)


def check_summary(game: Klaverjassen, d: dict[str, Any]) -> None:
    factor = 2 if game.option_values["double_spades"] and d["trump"] == "s" else 1
    points, roem, score, mark = d["points"], d["roem"], d["score"], d["mark"]
    playing = d["declarer"] & 1
    if game.option_values["trump_mode"] == "kraken":
        check_kraken_summary(game, d, factor)
        return
    if mark == "verzaakt":
        assert sum(points) <= 162
        assert sorted(score)[0] == 0 and max(score) >= 262 * factor
        return
    assert sum(points) == 162
    if mark == "pit":
        assert points[playing] == 162
        assert score[playing] == (162 + roem[playing] + game.option_values["pit_bonus"]) * factor
    elif mark == "nat":
        assert points[playing] + roem[playing] <= points[1 - playing] + roem[1 - playing]
        assert score[playing] == 0
        assert score[1 - playing] == (162 + sum(roem)) * factor
    else:
        assert points[playing] + roem[playing] > points[1 - playing] + roem[1 - playing]
        assert score == [(points[t] + roem[t]) * factor for t in (0, 1)]
    assert all(r % 10 == 0 for r in roem)


def check_kraken_summary(game: Klaverjassen, d: dict[str, Any], spades: int) -> None:
    """klaverjas.nl "Spelregels Kraken": each call doubles the card points, not the roem;
    the team that plays or cracked last must take more than half, else it is nat (the
    other team 162 x factor + all roem); roem in hand: the team with most keeps it, the
    other only stuk (20 or 0), equal roem each its own."""
    points, roem, score, mark = d["points"], d["roem"], d["score"], d["mark"]
    playing = d["declarer"] & 1
    factor = 2 ** len(d["kraken"])
    assert d["factor"] == factor and len(d["kraken"]) <= 3
    held = d["roem_held"]
    for team in (0, 1):
        if held[team] >= held[1 - team]:
            assert roem[team] == held[team]
        else:
            assert roem[team] in (0, 20) and roem[team] <= held[team]
    if mark == "verzaakt":
        assert sorted(score)[0] == 0
        assert max(score) == (162 * factor + 100 + sum(roem)) * spades
        return
    assert sum(points) == 162
    must = playing ^ (len(d["kraken"]) & 1)
    bonus = game.option_values["pit_bonus"] if mark == "pit" else 0
    if mark == "pit":  # every trick; 162 points alone could miss a trick worth nothing
        assert points[playing] == 162
    if 2 * points[must] > 162:
        expected = [points[t] * factor + roem[t] for t in (0, 1)]
    else:
        assert mark in ("nat", "pit")
        expected = [0, 0]
        expected[1 - must] = 162 * factor + sum(roem)
    expected[playing] += bonus
    assert score == [e * spades for e in expected]


def hidden_from(s: KlaverjasState, seat: int | None) -> set[str]:
    """Every card a seat (None: a spectator) may not see: other hands, its own hand
    before its bidding turn (§6.3), and the draaikaarten not yet turned (gedraaid)."""
    hidden = {card_str(c) for c in s.draai[s.turned :]}
    for other in range(4):
        if other != seat or not (s.seen >> other) & 1:
            hidden.update(card_str(c) for c in cards_in(s.hands[other]))
    return hidden


@pytest.mark.parametrize("setup", SETUPS)
def test_views_and_events_leak_no_hidden_card(setup: str) -> None:
    """DESIGN.md "Hidden information has one door": no view and no event for a seat or a
    spectator holds another seat's hidden card, nor its own before its bidding turn."""
    variant, options = SETUPS[setup]
    game = Klaverjassen(variant, options)
    rng = random.Random(f"leaks-{setup}")

    def check(s: KlaverjasState, step: Any, events: list[Any]) -> None:
        for seat in (None, 0, 1, 2, 3):
            hidden = hidden_from(s, seat)
            assert_no_hidden_cards(game.view(s, seat), hidden, f"view of {seat}")
            for e in events:
                if e.to is None or e.to == seat:
                    assert_no_hidden_cards(e.data, hidden, f"event {e.kind} to {seat}")
        for e in events:
            if e.to is not None:
                assert e.kind == "hand" and e.data["seat"] == e.to

    for _ in range(max(2, RANDOM_GAMES // 1000)):
        play_game(game, rng, check)


@pytest.mark.parametrize("setup", SETUPS)
def test_house_default_is_legal_and_sees_only_the_view(setup: str) -> None:
    """Engine conventions: ``default`` is always legal, and decided only from what the
    seat's view shows: shuffling the hidden cards among the other hands changes nothing."""
    variant, options = SETUPS[setup]
    game = Klaverjassen(variant, options)
    rng = random.Random(f"house-{setup}")
    deals = 0
    while deals < deals_for(setup) // 4:
        s = game.new_state(4, dealer=rng.randrange(4))
        while not game.is_over(s):
            due = game.pending_deal(s)
            if due is not None:
                game.apply(s, due, game.random_deal(s, rng))
                deals += 1
                continue
            (seat,) = game.to_act(s)
            choice = game.default(s, seat)
            assert choice in game.legal(s, seat)
            assert game.default(shuffled_others(s, seat, rng), seat) == choice
            game.apply(s, seat, choice)


def shuffled_others(s: KlaverjasState, seat: int, rng: random.Random) -> KlaverjasState:
    """A copy where the cards ``seat`` cannot see are dealt anew among the other hands,
    and the draaikaarten not yet turned are shuffled (gedraaid)."""
    other = s.copy()
    unturned = list(s.draai[s.turned :])
    rng.shuffle(unturned)
    other.draai = (*s.draai[: s.turned], *unturned)
    seats = [x for x in range(4) if x != seat]
    if not (s.seen >> seat) & 1:
        seats.append(seat)
    cards = [c for x in seats for c in cards_in(s.hands[x])]
    rng.shuffle(cards)
    for x in seats:
        n = s.hands[x].bit_count()
        other.hands[x] = sum(1 << c for c in cards[:n])
        cards = cards[n:]
    return other


@given(st.integers(0, 2**32), st.sampled_from(sorted(SETUPS)))
def test_a_refused_action_leaves_the_state_exactly_as_it_was(seed: int, setup: str) -> None:
    """Engine conventions: ``apply`` validates fully before it mutates."""
    variant, options = SETUPS[setup]
    game = Klaverjassen(variant, options)
    rng = random.Random(seed)
    s = game.new_state(4, dealer=seed % 4)
    for _ in range(rng.randrange(1, 60)):
        if game.is_over(s):
            break
        due = game.pending_deal(s)
        if due is not None:
            game.apply(s, due, game.random_deal(s, rng))
        else:
            game.apply(s, *random_choice(game, s, rng))
    for _ in range(10):
        seat = rng.randrange(4)
        action: Action = rng.choice(
            [
                ("play", rng.choice(PIKET_DECK)),
                ("bid", rng.randrange(4)),
                ("pass",),
                (rng.choice(["kraak", "herkraak", "superkraak"]),),
                ("roem",),
                ("verzaakt", rng.randrange(4)),
            ]
        )
        if action in game.legal(s, seat):
            continue
        before = s.snapshot()
        with pytest.raises(RuleError):
            game.apply(s, seat, action)
        assert s.snapshot() == before


@pytest.mark.parametrize("setup", SETUPS)
def test_rollout_ends_where_applying_its_cards_ends(setup: str) -> None:
    """``moves.rollout`` (the bots' fast path) plays only legal cards and leaves exactly the
    state that applying the same cards one by one leaves, from any point of a deal."""
    variant, options = SETUPS[setup]
    game = Klaverjassen(variant, options)
    rng = random.Random(f"rollout-{setup}")
    for _ in range(deals_for(setup) // 4):
        s = game.new_state(4, dealer=rng.randrange(4))
        game.apply(s, s.dealer, game.random_deal(s, rng))
        while s.phase in (BIDDING, KRAKEN):
            (seat,) = game.to_act(s)
            game.apply(s, seat, rng.choice(game.legal(s, seat)))
        if s.phase != PLAY:
            continue  # all passed and the deal is void
        for _ in range(rng.randrange(0, 31)):
            game.apply(s, s.turn, ("play", rng.choice(cards_in(game.legal_mask(s, s.turn)))))
        fast = s.copy()
        cards = moves.rollout(game.rules, game.options, fast, rng.random)
        for card in cards:
            game.apply(s, s.turn, ("play", card))
        assert game.pending_deal(s) is not None or game.is_over(s)
        assert fast.snapshot() == s.snapshot()


@pytest.mark.parametrize("setup", ["nku", "amsterdams"])
def test_every_refused_card_names_its_reason_and_the_legal_cards(setup: str) -> None:
    """§6.5 bad input: an illegal card gets "must follow suit", "must trump", "must
    overtrump" or "may not undertrump", followed by exactly the legal cards."""
    variant, options = SETUPS[setup]
    game = Klaverjassen(variant, options)
    rng = random.Random(f"refusals-{setup}")
    for _ in range(RANDOM_GAMES // 10):
        s = game.new_state(4, dealer=rng.randrange(4))
        game.apply(s, s.dealer, game.random_deal(s, rng))
        while s.phase == BIDDING:
            (seat,) = game.to_act(s)
            game.apply(s, seat, rng.choice(game.legal(s, seat)))
        while s.phase == PLAY:
            seat = s.turn
            legal = game.legal_mask(s, seat)
            listed = ", ".join(card_str(c) for c in cards_in(legal))
            for card in cards_in(s.hands[seat] & ~legal):
                with pytest.raises(RuleError) as info:
                    game.apply(s, seat, ("play", card))
                reason, _, cards = str(info.value).partition(": legal cards are ")
                led = "cdhs"[s.led]
                assert reason in (
                    f"must follow suit {led}",
                    "must trump",
                    "must overtrump",
                    "may not undertrump",
                )
                assert cards == listed
                if card // 13 != s.led and s.hands[seat] >> (13 * s.led) & 0x1FFF:
                    assert reason == f"must follow suit {led}"
            game.apply(s, seat, ("play", rng.choice(cards_in(legal))))


@pytest.mark.parametrize("setup", SETUPS)
def test_every_trick_event_tells_the_roem_of_its_four_cards(setup: str) -> None:
    """§6.6: the roem of the four cards lying together in a trick is told with the trick
    and goes to the winner's team, at once with ``roem_claim: auto`` (and for the last
    trick), else left to be claimed; with kraken roem is counted only in the hand, so a
    trick tells none. Checked against the rules' roem of the event's own cards."""
    variant, options = SETUPS[setup]
    game = Klaverjassen(variant, options)
    kraken = game.option_values["trump_mode"] == "kraken"
    rng = random.Random(f"trick-roem-{setup}")
    tricks_with_roem = 0
    for _ in range(deals_for(setup) // 40):
        s = game.new_state(4, dealer=rng.randrange(4))
        while not game.is_over(s):
            due = game.pending_deal(s)
            if due is not None:
                game.apply(s, due, game.random_deal(s, rng))
                continue
            seat, action = random_choice(game, s, rng)
            before = list(s.roem)
            for e in game.apply(s, seat, action):
                if e.kind != "trick":
                    continue
                mask = mask_of(parse_card(c) for c in e.data["cards"])
                roem = 0 if kraken else game.rules.roem(s.trump, mask)
                team = e.data["winner"] & 1
                assert e.data["roem"] == roem and e.data["team"] == team
                tricks_with_roem += roem > 0
                counted = [s.roem[t] - before[t] for t in (0, 1)]
                if e.data["roem_counted"]:
                    assert roem > 0 and counted[team] == roem and counted[1 - team] == 0
                else:
                    assert counted == [0, 0]
                    assert roem == 0 or s.claimable == roem
    assert kraken or tricks_with_roem > 0  # the check had something to bite
