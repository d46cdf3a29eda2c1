"""The replay's scores (``GET /api/games/{id}/standings``, server/standings.py): each
finished deal's summary and the standings after it, worked out here by hand for a record
built on RECORDS.md's example hands."""

from __future__ import annotations

from typing import Any

from kroeg.server.standings import deal_standings


def _deal(winner_hand: list[str]) -> dict[str, Any]:
    """A toepen deal in which seat 1 holds ``winner_hand`` (the four spades, the highest
    cards of the suit led) and the others fold nothing: four tricks, all to seat 1."""
    hands = [
        ["Th", "9h", "8h", "7h"],
        winner_hand,
        ["7d", "8d", "9d", "Td"],
        ["7c", "8c", "9c", "Tc"],
    ]
    stock = ["Ac", "Kc", "Qc", "Jc", "Ad", "Kd", "Qd", "Jd", "Ah", "Kh", "Qh", "Jh"]
    stock += ["7s", "8s", "9s", "Ts"]
    order = ["As", "Ks", "Qs", "Js"]
    actions: list[list[Any]] = []
    for i, card in enumerate(order):
        actions += [[1, "play", card], [2, "play", hands[2][i]], [3, "play", hands[3][i]]]
        actions += [[0, "play", hands[0][i]]]
    return {"hands": hands, "stock": stock, "actions": actions}


def test_each_deal_has_its_summary_and_the_standings_after_it() -> None:
    deal = _deal(["As", "Ks", "Qs", "Js"])
    record = {
        "format": "kroeg-record/1",
        "game": "toepen",
        "variant": "klassiek",
        "seats": 4,
        "dealer": 0,
        "start": {"points": [0, 0, 5, 0]},
        "deals": [deal, {**deal, "actions": []}],
    }
    out = deal_standings(record)
    # Seat 1 wins every trick at stake 1: every other seat takes 1 point (RULES.md §5);
    # the second deal is dealt but not played, so it has no summary and is left out.
    [only] = out["deals"]
    assert only["summary"]["winner"] == 1 and only["summary"]["penalties"] == [1, 0, 1, 1]
    assert only["standings"]["points"] == [1, 0, 6, 1]
    assert out["result"] is None
