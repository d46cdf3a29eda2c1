"""The analysis of finished games (bots/analysis.py, bots/klaverjassen/analysis.py):
every analysed card's values are the reference solver's on the open hands."""

from __future__ import annotations

import json
import random
from typing import Any

from kroeg.bots.analysis import ANALYSERS, analyse
from kroeg.bots.klaverjassen.analysis import ANALYSED_TRICKS
from kroeg.bots.klaverjassen.basis import play_from
from kroeg.bots.klaverjassen.knowledge import read_view
from kroeg.bots.klaverjassen.play import play_card, solve
from kroeg.bots.levels import make_bot
from kroeg.cards import parse_card
from kroeg.games import make_game
from kroeg.games.base import JSON
from kroeg.games.klaverjassen import Klaverjassen
from kroeg.records import RecordWriter, parse_record


def recorded_game(game_name: str, variant: str, seed: int, **options: Any) -> JSON:
    """A whole game played by ``basis`` for every seat, as its record."""
    game = make_game(game_name, variant, options)
    s = game.new_state(4, dealer=0)
    writer = RecordWriter(game, 4, dealer=0)
    bot = make_bot(game, "basis")
    rng = random.Random(seed)
    while not game.is_over(s):
        dealer = game.pending_deal(s)
        if dealer is not None:
            deal = game.random_deal(s, rng)
            writer.add(dealer, deal)
            game.apply(s, dealer, deal)
            continue
        seat = min(game.to_act(s))
        action = bot.decide(game.view(s, seat), game.legal(s, seat), rng, 1.0)
        writer.add(seat, action)
        game.apply(s, seat, action)
    doc: JSON = json.loads(writer.dumps())
    return doc


def test_every_analysed_card_is_valued_as_the_reference_solver_values_it() -> None:
    """Replaying the record, the analysed plays' values are play.solve's (the Python
    reference, not the kernel) after each card, for the seat's team; loss and best follow."""
    doc = recorded_game("klaverjassen", "nku", seed=2, game_length="8_deals")
    analysis = analyse(doc)
    assert analysis is not None
    plays = analysis["plays"]
    assert plays and all(8 - p["trick"] + 1 <= ANALYSED_TRICKS for p in plays)
    record = parse_record(doc)
    game = record.game
    assert isinstance(game, Klaverjassen)
    s = record.new_state()
    pit_bonus = int(str(game.option_values["pit_bonus"]))
    by_place = {(p["deal"], p["trick"], p["seat"]): p for p in plays}
    checked = deep_checks = 0
    for number, rdeal in enumerate(record.deals):
        dealer = game.pending_deal(s)
        assert dealer is not None
        game.apply(s, dealer, rdeal.deal)
        for seat, action in rdeal.actions:
            key = (number, s.tricks_played + 1, seat)
            # The reference takes seconds a card at four or five tricks left: a few cards
            # with four left, then every card with three or fewer.
            deep = key[1] == 5 and deep_checks < 4
            if action[0] == "play" and key in by_place and (key[1] >= 6 or deep):
                deep_checks += key[1] == 5
                p = by_place[key]
                base = play_from(read_view(game.view(s, seat)), pit_bonus, game.rules)
                base.hands = list(s.hands)
                sign = 1 if seat & 1 == 0 else -1
                for name, value in p["values"].items():
                    child = base.copy()
                    play_card(child, parse_card(name))
                    assert sign * solve(child) == value
                assert p["card"] in p["values"]
                top = max(p["values"].values())
                assert p["values"][p["best"]] == top
                assert p["loss"] == top - p["values"][p["card"]] >= 0
                checked += 1
            game.apply(s, seat, action)
    assert checked >= 40
    for player in analysis["players"]:
        own = [p for p in plays if p["seat"] == player["seat"]]
        assert player["analysed"] == len(own)
        assert player["best"] == sum(p["loss"] == 0 for p in own)
        assert player["lost"] == sum(p["loss"] for p in own)


def test_a_game_without_an_analyser_has_no_analysis() -> None:
    assert "klaverjassen" in ANALYSERS
    assert analyse({"game": "no-such-game"}) is None
