"""'Het': drawing for the first dealer in kroegregels (seed 000, RULES.md §2.3).

"Op vrijwilliger basis wordt er willekeurig bij elke speler een open kaart neergelegd.
Degene die de hoogste kaart heeft, dient te delen ... Hierbij is de compromiskaart het
hoogst ... Indien twee kaarten dezelfde waarde hebben, moet er door gedeeld worden bij
de gelijken tot er een hoogste kaart valt."
"""

from __future__ import annotations

import functools
import random

from kroeg.cards import ACE, CLUBS, PIKET_DECK, TOEPEN_STRENGTH, card_str, make_card
from kroeg.games.base import JSON

COMPROMISKAART = make_card(ACE, CLUBS)
"""The klaveren aas: highest in 'Het', shown to all before the first trick (seed 000)."""


def het_value(card: int) -> int:
    """A card's height in 'Het': the Toepen rank, with the klaveren aas above all."""
    return 99 if card == COMPROMISKAART else TOEPEN_STRENGTH[card]


HetRounds = tuple[tuple[tuple[int, int], ...], ...]
"""The open cards of each round of 'Het' as ``(seat, card)`` pairs. Immutable: they never
change once drawn, so their JSON form is made once (:func:`het_json`)."""


def draw_for_dealer(seats: list[int], rng: random.Random) -> tuple[int, HetRounds]:
    """The first dealer and the open cards of every round (``(seat, card)`` pairs).

    Cards come off one shuffled deck; the tied highest seats get another card each
    until one card is highest (a fresh deck if this one runs out).
    """
    deck = list(PIKET_DECK)
    rng.shuffle(deck)
    rounds: list[tuple[tuple[int, int], ...]] = []
    contenders = seats
    while True:
        if len(deck) < len(contenders):
            deck = list(PIKET_DECK)
            rng.shuffle(deck)
        drawn = tuple([(seat, deck.pop()) for seat in contenders])
        rounds.append(drawn)
        best = max(het_value(card) for _, card in drawn)
        contenders = [seat for seat, card in drawn if het_value(card) == best]
        if len(contenders) == 1:
            return contenders[0], tuple(rounds)


def het_json(rounds: HetRounds) -> list[list[JSON]]:
    """The open cards of 'Het', round by round: a fresh list of rounds made once per game
    (the rounds never change; they are in every view of a kroegregels game)."""
    return [*_het_rounds_json(rounds)]


@functools.lru_cache(maxsize=1024)
def _het_rounds_json(rounds: HetRounds) -> tuple[list[JSON], ...]:
    return tuple([{"seat": p, "card": card_str(c)} for p, c in drawn] for drawn in rounds)
