"""``basis`` for Toepen: keep the strong cards for the last trick, knock and answer by hand.

Only the last trick counts (RULES.md §1). Early on the seat plays its weakest
legal card. With two cards left it weighs which card to keep: the kept card is
worth most when the seat will lead it (it then wins unless someone holds a higher
card of its suit) and less when it must follow. Knocks, answers and armoede look
at the best card in hand against the stake; a three-of-a-kind exchange gives
up a weak odd card; laundry (vuile was) is claimed only when honest, never
challenged; the bot never folds of its own accord (a fold now costs what a fold
after a later knock would).
"""

from __future__ import annotations

from kroeg.cards import SUIT_MASKS, TOEPEN_STRENGTH, cards_in
from kroeg.games.base import Action
from kroeg.games.toepen.claims import honest_laundry
from kroeg.games.toepen.following import playable
from kroeg.games.toepen.tables import SUIT_OF

from .knowledge import Seen
from .tricks import by_strength, trick_winner

NINE, TEN = 6, 7
"""Toepen strengths of a nine and a ten (jack 0 ... ten 7)."""
FACE = 3
"""The strongest face card (the ace); an odd card up to this is exchanged."""

STAY_AT = {2: NINE}
"""Best card needed to stay in at a stake (higher stakes: a ten)."""


def unseen_above(seen: Seen, card: int) -> int:
    """How many cards of ``card``'s suit that beat it are still unseen."""
    suit = SUIT_MASKS[card // 13]
    known = seen.hand | seen.gone
    return sum(
        1
        for c in cards_in(suit & ~known)
        if TOEPEN_STRENGTH[c] > TOEPEN_STRENGTH[card] and TOEPEN_STRENGTH[c] >= 0
    )


def keep_value(seen: Seen, card: int, leading: bool) -> float:
    """A rough chance that ``card`` wins the last trick, led or followed."""
    if leading:
        return 1.0 / (1 + unseen_above(seen, card))
    return TOEPEN_STRENGTH[card] / 14


def choose_play(seen: Seen, legal: list[Action]) -> Action:
    plays = [a for a in legal if a[0] == "play"]
    if seen.trick_cards:  # the bot follows suit even where the table does not enforce it
        follow = playable(seen.hand, SUIT_OF[seen.trick_cards[0]])
        plays = [a for a in plays if follow >> a[1] & 1] or plays
    cards = [a[1] for a in plays]
    hand = cards_in(seen.hand)
    if len(hand) == 2 and len(cards) >= 1:
        best, best_value = cards[0], -1.0
        for card in cards:
            kept = next(c for c in hand if c != card)
            wins_now = _would_win(seen, card)
            others_after = _players_after(seen)
            if wins_now and others_after == 0:
                value = keep_value(seen, kept, leading=True)
            elif wins_now:
                value = (keep_value(seen, kept, True) + keep_value(seen, kept, False)) / 2
            else:
                value = keep_value(seen, kept, leading=False)
            if value > best_value:
                best, best_value = card, value
        return ("play", best)
    return ("play", by_strength(sum(1 << c for c in cards))[0])


def _would_win(seen: Seen, card: int) -> bool:
    if not seen.trick_cards:
        return True
    seats = [*seen.trick_seats, seen.me]
    return trick_winner(seats, [*seen.trick_cards, card]) == seen.me


def _players_after(seen: Seen) -> int:
    return seen.active.bit_count() - len(seen.trick_seats) - 1


def best_strength(seen: Seen) -> int:
    return max((TOEPEN_STRENGTH[c] for c in cards_in(seen.hand)), default=-1)


def wants_to_knock(seen: Seen) -> bool:
    """Knock only on a sure thing: a knock raises the own loss as much as the others'."""
    return sure_win(seen)


def sure_win(seen: Seen) -> bool:
    """The seat must win the last trick whatever the unseen cards are.

    In the last trick: its card lies on top of the trick and no unseen card of the
    led suit beats it, or it leads a card that nothing unseen beats. With two cards
    to lead: both are unbeatable, so it wins the third trick and leads the fourth.
    """
    hand = cards_in(seen.hand)
    tricks_left = 4 - seen.tricks_done
    if tricks_left == 1:
        if seen.me in seen.trick_seats:
            mine = seen.trick_cards[seen.trick_seats.index(seen.me)]
            top = trick_winner(seen.trick_seats, seen.trick_cards) == seen.me
            return top and unseen_above(seen, mine) == 0
        if not seen.trick_cards and seen.turn == seen.me and len(hand) == 1:
            return unseen_above(seen, hand[0]) == 0
        return False
    if tricks_left == 2 and not seen.trick_cards and seen.turn == seen.me and len(hand) == 2:
        return all(unseen_above(seen, c) == 0 for c in hand)
    return False


def aside(seen: Seen, legal: list[Action], white_laundry: bool) -> Action | None:
    """Out of turn: claim honest laundry, knock on a sure thing (also after the last
    card, when it tops the trick and nothing unseen beats it), else nothing."""
    verbs = {a[0]: a for a in legal}
    if "laundry" in verbs and honest_laundry(seen.hand, white_laundry):
        return verbs["laundry"]
    if "knock" in verbs and wants_to_knock(seen):
        return verbs["knock"]
    return None


def choose(seen: Seen, legal: list[Action], white_laundry: bool) -> Action:
    verbs = {a[0]: a for a in legal}
    best = best_strength(seen)
    if "exchange" in verbs:
        odd = verbs["exchange"][1]
        keep = "keep" in verbs and TOEPEN_STRENGTH[odd] > FACE
        return verbs["keep"] if keep else verbs["exchange"]
    if "look" in verbs:
        return verbs["look"] if best >= NINE else verbs["fold"]
    if "stay" in verbs:
        if not seen.hand:
            return verbs["stay"]
        if "knock" in verbs and wants_to_knock(seen):
            return verbs["knock"]
        if sure_win(seen):
            return verbs["stay"]
        return verbs["stay"] if best >= STAY_AT.get(seen.stake, TEN) else verbs["fold"]
    if "laundry" in verbs and honest_laundry(seen.hand, white_laundry):
        return verbs["laundry"]
    if "knock" in verbs and wants_to_knock(seen):
        return verbs["knock"]
    if any(a[0] == "play" for a in legal):
        return choose_play(seen, legal)
    return legal[0]
