"""From a card order to a deal, and ``kroeg verify`` (docs/fair-deals.md "Dealing" and
"Checking a record"): the layout against the doc's vector by hand, Klaverjassen's
draaikaarten, Eurokaarten's upcard, and the command's exit statuses."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from kroeg.cards import PIKET_DECK, cards_str, parse_cards, rank_of
from kroeg.cli import main
from kroeg.fair_records import deal_note, fair_field, verify, verify_text
from kroeg.fairness import card_order, deck_of, fair_deal
from kroeg.games import make_game
from kroeg.games.base import Deal

SECRET = bytes(range(32))
PIKET_DEAL_1 = (
    "8c Qd Kc 9d Td Jd 7d Kd Tc 9s Ts Ad Qc Th Ah Ac"
    " Ks Kh 8h 7h Qs Qh 8s 7s As Jc 8d Jh Js 9c 9h 7c"
)
"""docs/fair-deals.md's vector "piket, deal 1, none"."""


def _shape(game: str, variant: str, options: dict[str, object], seats: int) -> Deal:
    g = make_game(game, variant, options)
    s = g.new_state(seats, dealer=0, seed=1)
    return g.random_deal(s, random.Random(3))


def test_a_toepen_deal_is_the_order_dealt_four_by_four_then_the_stock() -> None:
    deal = fair_deal("toepen", _shape("toepen", "kroegregels", {}, 4), SECRET, 1, {})
    # By hand from the vector: seat 0 the first four cards, seat 1 the next four, ...
    assert [cards_str(h) for h in deal.hands] == [
        ["8c", "Qd", "Kc", "9d"],
        ["Td", "Jd", "7d", "Kd"],
        ["Tc", "9s", "Ts", "Ad"],
        ["Qc", "Th", "Ah", "Ac"],
    ]
    assert cards_str(deal.stock) == PIKET_DEAL_1.split()[16:]
    assert deal.upcard is None


def test_the_draaikaarten_form_the_stock_and_never_reach_a_hand() -> None:
    shape = _shape("klaverjassen", "nku", {"trump_mode": "gedraaid"}, 4)
    deal = fair_deal("klaverjassen", shape, SECRET, 1, {})
    dealt = [c for h in deal.hands for c in h]
    assert sorted(dealt) == sorted(PIKET_DECK)
    assert all(2 <= rank_of(c) + 2 <= 6 for c in deal.stock) and len(deal.stock) == 20
    order = card_order(deck_of(shape), SECRET, 1, {})
    assert dealt == [c for c in order if rank_of(c) + 2 >= 7], "each part keeps its order"
    assert list(deal.stock) == [c for c in order if rank_of(c) + 2 <= 6]


def test_an_eurokaarten_upcard_follows_the_hands() -> None:
    shape = _shape("eurokaarten", "standaard", {}, 6)
    deal = fair_deal("eurokaarten", shape, SECRET, 1, {})
    order = card_order(deck_of(shape), SECRET, 1, {})
    size = sum(len(h) for h in deal.hands)
    assert [len(h) for h in deal.hands] == [len(h) for h in shape.hands]
    assert deal.upcard == order[size] and list(deal.stock) == order[size + 1 :]


FINAL_DEAL_START = {"points": [2, 2, 2, 2]}
"""With ``max_points: 3`` every seat stands on the armoede level: the one deal is played
for 2 and ends the game (each loser reaches 4)."""


def _record() -> dict[str, Any]:
    """A finished one-deal Toepen game dealt fairly, seat 1 contributing, its deal played
    to the end by the house's ``default()`` (a record with its secret is a finished
    game's)."""
    contributions = {1: bytes([7]) * 32}
    options = {"max_points": 3}
    game = make_game("toepen", "kroegregels", options)
    s = game.new_state(4, dealer=0, start=FINAL_DEAL_START)
    deal = fair_deal("toepen", game.random_deal(s, random.Random(3)), SECRET, 1, contributions)
    game.apply(s, 0, deal)
    actions = []
    while not game.is_over(s):
        seat = min(game.to_act(s))
        action = game.default(s, seat)
        game.apply(s, seat, action)
        actions.append([seat, *game.action_json(action)])
    return {
        "format": "kroeg-record/1",
        "game": "toepen",
        "variant": "kroegregels",
        "options": options,
        "seats": 4,
        "dealer": 0,
        "start": FINAL_DEAL_START,
        "deals": [{**deal.json(), "actions": actions}],
        "fair": fair_field(SECRET, [deal_note(SECRET, 1, contributions)], over=True),
    }


def test_verify_accepts_a_fair_record_and_replay_still_reads_it() -> None:
    from kroeg.records import replay

    record = _record()
    assert verify(record) == ({"format": "kroeg-verify/1", "ok": True, "deals": 1}, 0)
    assert replay(record)[1] == 0, "the fair field does not disturb the replay"


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda r: r.pop("fair"), "no fair field"),
        (lambda r: r["fair"].pop("secret"), "no secret"),
        (lambda r: r["fair"].update(secret="xyz"), "fair.secret must be 64"),
        (lambda r: r["fair"]["deals"][0].update(contributions={"1": "ab"}), "64 hexadecimal"),
        (lambda r: r["fair"]["deals"][0].update(contributions={"x": "ab" * 32}), "not a seat"),
        (lambda r: r["deals"][0]["hands"][0].__setitem__(0, "1z"), "deals[0]"),
    ],
)
def test_verify_names_what_it_cannot_check(change: Any, reason: str) -> None:
    record = _record()
    change(record)
    out, status = verify(record)
    assert status == 2 and not out["ok"] and reason in out["error"]["reason"], out


def test_a_cut_off_record_does_not_match_and_names_its_last_deal() -> None:
    """Issue "trust" 7: the secret is revealed once the game is over, so a record with
    the secret whose last deal stops before its end was cut off: status 1, that deal."""
    record = _record()
    assert verify(record)[1] == 0
    actions = record["deals"][0]["actions"]
    for keep in (len(actions) - 1, 1, 0):
        cut = _record()
        del cut["deals"][0]["actions"][keep:]
        out, status = verify(cut)
        assert status == 1, out
        assert out["error"]["deal"] == 0 and out["error"]["deal_no"] == 1, out
        assert "cut off" in out["error"]["reason"], out


def test_a_record_without_its_last_deal_does_not_match() -> None:
    """A finished game's record that stops between deals (its last deal and that deal's
    note left out) names the missing deal."""
    record = _record()
    record["deals"] = []
    record["fair"]["deals"] = []
    out, status = verify(record)
    assert status == 1 and out["error"]["deal"] == 0 and "missing" in out["error"]["reason"]


def test_a_deal_without_its_commitment_does_not_match() -> None:
    record = _record()
    record["deals"].append(record["deals"][0])
    out, status = verify(record)
    assert status == 1 and out["error"]["deal"] == 1, out


def test_the_command_exits_0_1_or_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_record()))
    assert main(["verify", str(good)]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    bad = _record()
    hands = bad["deals"][0]["hands"]
    hands[0][0], hands[2][3] = hands[2][3], hands[0][0]
    tampered = tmp_path / "bad.json"
    tampered.write_text(json.dumps(bad))
    assert main(["verify", str(tampered)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["error"]["deal_no"] == 1 and "cards" in out["error"]["reason"]
    assert main(["verify", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().out
    assert verify_text("{")[1] == 2


def test_the_layout_keeps_every_card_once() -> None:
    shape = Deal(
        (tuple(parse_cards(["7c", "8c"])), tuple(parse_cards(["9c", "Tc"]))),
        tuple(parse_cards(["Jc"])),
    )
    deal = fair_deal("toepen", shape, SECRET, 5, {})
    assert sorted(deck_of(deal)) == deck_of(shape)
