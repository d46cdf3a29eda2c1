"""Toepen's trick play as a perfect-information game, solved exactly (for ``sterk``).

The rules of a trick are the engine's (:mod:`kroeg.games.toepen.following`). Only the
last trick counts (RULES.md §1), so each player wants one thing: to win
trick four. On a determinisation (every hand known) the rest of the deal is solved
by *max-n* search: each player picks a card that lets them win the last trick if
there is one, and otherwise their lowest card (keeping the high ones is what a
player does when nothing is at stake now). With win/lose values a winning move
ends the search at that node, which keeps the tree small.
"""

from __future__ import annotations

from kroeg.cards import TOEPEN_STRENGTH, cards_in
from kroeg.games.toepen.following import playable, winning_index
from kroeg.games.toepen.tables import SUIT_OF

_BY_STRENGTH: dict[int, list[int]] = {}


def by_strength(mask: int) -> list[int]:
    """The cards of a mask, weakest first (memoised: hands are small and recur often)."""
    cards = _BY_STRENGTH.get(mask)
    if cards is None:
        cards = sorted(cards_in(mask), key=lambda c: (TOEPEN_STRENGTH[c], c))
        _BY_STRENGTH[mask] = cards
    return cards


def trick_winner(trick_seats: list[int], trick_cards: list[int]) -> int:
    """The seat whose card takes the trick (:func:`kroeg.games.toepen.following.winning_index`)."""
    return trick_seats[winning_index(trick_cards)]


def next_to_play(n: int, active: int, trick_seats: list[int], after: int) -> int:
    """The next active seat clockwise after ``after`` that has not played to the trick."""
    seat = after
    for _ in range(n):
        seat = (seat + 1) % n
        if active >> seat & 1 and seat not in trick_seats:
            return seat
    raise ValueError("every active seat has played to the trick")


def last_trick_winner(
    hands: list[int],
    n: int,
    active: int,
    trick_seats: list[int],
    trick_cards: list[int],
    turn: int,
    tricks_left: int,
) -> int:
    """The winner of the last trick when everyone plays max-n from here.

    ``tricks_left`` counts the current trick; ``turn`` is the seat to play to it.
    The lists are not changed.
    """
    players = active.bit_count()
    hand = hands[turn]
    default = -1
    led = SUIT_OF[trick_cards[0]] if trick_cards else -1
    for card in by_strength(playable(hand, led)):
        seats = [*trick_seats, turn]
        cards = [*trick_cards, card]
        hands[turn] = hand ^ (1 << card)
        if len(seats) == players:
            winner = seats[winning_index(cards)]
            if tricks_left > 1:
                winner = last_trick_winner(hands, n, active, [], [], winner, tricks_left - 1)
        else:
            winner = last_trick_winner(
                hands, n, active, seats, cards, next_to_play(n, active, seats, turn), tricks_left
            )
        hands[turn] = hand
        if winner == turn:
            return winner
        if default < 0:
            default = winner
    return default
