"""Klaverjassen's hand sorted with trump first (issue 18, point 5), checked on the
client's own module in Chromium against orders worked out by hand (RULES.md §6: trump
J 9 A 10 H V 8 7, the other suits A 10 H V B 9 8 7)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import NewPage


@pytest.mark.parametrize(
    ("hand", "trump", "expected"),
    [
        # Clubs trump, then hearts, spades, diamonds: red and black alternate.
        (
            ["7c", "Jh", "Ah", "9c", "Jc", "Ts", "Kd"],
            "c",
            ["Jc", "9c", "7c", "Ah", "Jh", "Ts", "Kd"],
        ),
        # Diamonds trump: then clubs, hearts, spades.
        (["As", "9d", "Qh", "8c", "Ad", "Jd"], "d", ["Jd", "9d", "Ad", "8c", "Qh", "As"]),
        # No trump yet (bidding): spades, hearts, diamonds, clubs, the plain order.
        (["9s", "Js", "Ts", "7h"], None, ["Ts", "Js", "9s", "7h"]),
    ],
)
def test_trump_first(
    new_page: NewPage, hand: list[str], trump: str | None, expected: list[str]
) -> None:
    page = new_page()
    page.goto("/")
    order = page.evaluate(
        "async ([hand, trump]) =>"
        " (await import('/web/games/klaverjassen.js')).sortHand(hand, trump)",
        [hand, trump],
    )
    assert order == expected
