"""Hand-made Klaverjassen deals for the puzzle tests, with the reasoning that makes their
answers known without the solver (the cards: rank then suit, ``Ah`` the ace of hearts)."""

from __future__ import annotations

import json

from kroeg.cards import parse_card, parse_suit
from kroeg.games import make_game
from kroeg.games.base import JSON, Deal
from kroeg.records import RecordWriter

PUZZLE_HANDS = (
    "Ah 7h Ac Tc Kc Qc Jc 9c",
    "Jd 9d Ad Td Kd Qd Th 7s",
    "8d As Ts Ks Qs Js 9s 8s",
    "7d 8c 7c Kh Qh Jh 9h 8h",
)
"""Seat 1 plays diamonds (seat 0, the dealer, passes; NKU: the dealer decides first) and
leads its six trumps (RULES.md §6.5: nobody else can follow or trump, so it wins them
all); the others throw their side cards. Then seat 1 leads Th; seat 2 and seat 3, void
in hearts and trumps, throw 8s and 7c; seat 0 (last to play) holds Ah and 7h. Ah takes
the trick (21 points) and 7h, the only heart left, then takes the last one too (+10);
7h gives Th to seat 1, and its Ah can at best take the last trick. Ah is the one card,
by 20 points, whatever the three unseen cards (7s, 9s, 8c: no heart, no trump) lie.
The player in the record plays 7h.

One trick earlier (Qd led, Js and 8h thrown) seat 0 holds Ac, 7h and Ah and should
throw 7h: Ah then takes Th's trick (21) and Ac the last one (11 + 10; the clubs left,
7c and 8c, are seat 3's and lower), 42 points for seat 0's team. Throwing Ac (the
record) leaves the 31 of Ah and 7h above; throwing Ah, 7h takes nothing. 7h is best by
22 points of the margin (42 - 31 = 11 points the other way too), whatever the unseen
cards: seat 0 alone still holds hearts and clubs above the others'."""

PUZZLE_TRICKS = (
    "Jd 8d 7d 9c",
    "9d As Kh Jc",
    "Ad Ts Qh Qc",
    "Td Ks Jh Kc",
    "Kd Qs 9h Tc",
    "Qd Js 8h Ac",
    "Th 8s 7c 7h",
    "7s 9s 8c Ah",
)
"""Each trick from its leader (seat 1 every time) on, clockwise."""

PIT_HANDS = (
    "Ac Kc Qc Jc Tc 9c 8c 7c",
    "Jd 9d Ad Td Kd Qd 8d 7d",
    "7s 8s 9s Ts Js Qs Ks As",
    "7h 8h 9h Th Jh Qh Kh Ah",
)
"""Seat 1 holds all eight trumps (diamonds) and every other seat a whole suit: seat 1
takes every trick whatever anyone plays (nobody else can follow or trump), pit. The only
thing a card could change is a four of a kind in one trick (roem), and the defence
(seats 0 and 2) can always play a rank other than the one led: every card of the deal
has the same value, so there is no puzzle in it."""

PIT_TRICKS = tuple(
    f"{lead}d {up}s {up}h {down}c"
    for lead, up, down in zip("J9ATKQ87", "789TJQKA", "AKQJT987", strict=True)
)
"""Seat 1 leads J, 9, A, T, K, Q, 8, 7; seats 2 and 3 play upwards, seat 0 downwards
(so seats 2 and 0 never show the same rank: no four of a kind)."""


def handmade_record(hands: tuple[str, ...], tricks: tuple[str, ...]) -> JSON:
    """One NKU deal (dealer 0): seat 0 passes, seat 1 plays diamonds, then ``tricks``,
    each card checked legal by the engine as it is played."""
    game = make_game("klaverjassen", "nku", {"game_length": "4_deals"})
    s = game.new_state(4, dealer=0)
    writer = RecordWriter(game, 4, dealer=0, names=["Anna", "Bert", "Cor", "Dirk"])
    deal = Deal(tuple(tuple(parse_card(c) for c in h.split()) for h in hands), ())
    writer.add(0, deal)
    game.apply(s, 0, deal)
    for seat, action in ((0, ("pass",)), (1, ("bid", parse_suit("d")))):
        assert action in game.legal(s, seat)
        writer.add(seat, action)
        game.apply(s, seat, action)
    for trick in tricks:
        for name in trick.split():
            (seat,) = game.to_act(s)
            action = ("play", parse_card(name))
            assert action in game.legal(s, seat), (seat, name)
            writer.add(seat, action)
            game.apply(s, seat, action)
    doc: JSON = json.loads(writer.dumps())
    return doc
