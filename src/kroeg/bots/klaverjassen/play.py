"""A Klaverjassen deal in play as perfect information: the fast model behind the bots.

:class:`Play` holds every hand as a bit mask (a determinisation, or the known cards
in a rollout), the trick so far and the score of the deal. Its rules are the engine's
own (:class:`~kroeg.games.klaverjassen.tricks.Rules`: the legal cards and the roem;
``TRICK_STRENGTH``: the trick winner; :func:`~kroeg.games.klaverjassen.tricks.complete_trick`:
the trick's points and roem; :func:`~kroeg.games.klaverjassen.moves.deal_score`:
made, nat and pit as §6.7, or as kraken scores them), never written again here.
:func:`solve` is an exact alpha-beta search of the remaining tricks on the deal's
final score; :func:`rollout` plays the deal out with :func:`choose_card`, the
rule-based card play of ``basis``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from kroeg.cards import PIKET_MASK, SUIT_MASKS
from kroeg.cards import cards_in as _cards_in
from kroeg.games.klaverjassen.moves import deal_score
from kroeg.games.klaverjassen.tables import POINTS, STRENGTH, TRUMP_BASE
from kroeg.games.klaverjassen.tricks import TRICK_STRENGTH, Rules, complete_trick, trick_state

cards_in = lru_cache(maxsize=1 << 16)(_cards_in)
"""The cards of a mask (memoised: the same small masks recur all through a search)."""


@dataclass(slots=True)
class Play:
    trump: int
    declarer_team: int
    rules: Rules
    pit_bonus: int
    hands: list[int]
    leader: int
    trick: list[int]
    tricks_played: int
    points: list[int]
    roem: list[int]
    tricks_won: list[int]
    factor: int = 1
    """``trump_mode: kraken``: how often the card points count."""
    must_make: int = -1
    """``trump_mode: kraken``: the team that must take more than half; -1 in other modes."""
    led: int = -1
    """The running trick's led suit, winning seat and its trick strength, as the engine's
    state keeps them (-1 while the trick is empty); :meth:`at` works them out."""
    win_seat: int = -1
    win_strength: int = -1

    def at(self) -> Play:
        """This play with ``led``, ``win_seat`` and ``win_strength`` set from its trick."""
        self.led, self.win_seat, self.win_strength = trick_state(
            self.trump, self.leader, self.trick
        )
        return self

    def copy(self) -> Play:
        return Play(
            self.trump,
            self.declarer_team,
            self.rules,
            self.pit_bonus,
            self.hands[:],
            self.leader,
            self.trick[:],
            self.tricks_played,
            self.points[:],
            self.roem[:],
            self.tricks_won[:],
            self.factor,
            self.must_make,
            self.led,
            self.win_seat,
            self.win_strength,
        )

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) & 3

    @property
    def over(self) -> bool:
        return self.tricks_played == 8

    def legal(self, hand: int) -> int:
        """The cards of ``hand`` the seat to play may play (the engine's rule)."""
        return self.rules.legal_plays(
            hand, self.trump, self.led, self.win_seat, self.win_strength, self.turn
        )


def play_card(p: Play, card: int) -> None:
    """The seat to play plays ``card`` (assumed legal); a full trick is scored."""
    seat = p.turn
    p.hands[seat] &= ~(1 << card)
    if not p.trick:
        p.led = card // 13
        p.win_seat, p.win_strength = seat, TRICK_STRENGTH[p.trump][p.led][card]
    elif TRICK_STRENGTH[p.trump][p.led][card] > p.win_strength:
        p.win_seat, p.win_strength = seat, TRICK_STRENGTH[p.trump][p.led][card]
    p.trick.append(card)
    if len(p.trick) < 4:
        return
    winner = p.win_seat
    p.tricks_played += 1
    p.roem[winner & 1] += complete_trick(
        p.rules, p.trump, p.trick, winner, p.tricks_played, p.points, p.tricks_won
    )
    p.trick = []
    p.leader = winner
    p.led = p.win_seat = p.win_strength = -1


def final_scores(p: Play) -> tuple[int, int]:
    """What a finished deal adds to each team's total: the engine's :func:`deal_score`."""
    score, _ = deal_score(
        p.pit_bonus, p.declarer_team, p.points, p.roem, p.tricks_won, p.factor, p.must_make
    )
    return score[0], score[1]


def margin(p: Play, team: int) -> int:
    """The finished deal's score of ``team`` minus the other team's."""
    s0, s1 = final_scores(p)
    return s0 - s1 if team == 0 else s1 - s0


def solve(p: Play, alpha: int = -10_000, beta: int = 10_000) -> int:
    """Team 0's margin (:func:`margin`) under best play by both teams; ``p`` is unchanged."""
    if p.over:
        return margin(p, 0)
    seat = p.turn
    maximise = seat & 1 == 0
    hand = p.hands[seat]
    strength = STRENGTH[p.trump]
    moves = sorted(cards_in(p.legal(hand)), key=lambda c: -strength[c])
    # The trick is saved as a copy: play_card appends to the list it finds in p.trick.
    saved = (p.leader, p.trick[:], p.tricks_played, p.points[:], p.roem[:], p.tricks_won[:])
    trick_now = (p.led, p.win_seat, p.win_strength)
    best = -10_000 if maximise else 10_000
    for card in moves:
        play_card(p, card)
        value = solve(p, alpha, beta)
        p.hands[seat] = hand
        p.leader, trick, p.tricks_played = saved[0], saved[1], saved[2]
        p.trick = trick[:]
        p.points, p.roem, p.tricks_won = saved[3][:], saved[4][:], saved[5][:]
        p.led, p.win_seat, p.win_strength = trick_now
        if maximise:
            if value > best:
                best = value
            alpha = max(alpha, value)
        else:
            if value < best:
                best = value
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


# Rule-based card play ------------------------------------------------------------


def choose_card(p: Play, seat: int, hand: int, gone: int) -> int:
    """The ``basis`` card for ``seat`` with ``hand``, knowing only the cards ``gone``
    (played in earlier tricks and in this one): what a sound club player does.

    Leading: the declaring side pulls trumps with the highest trump left; otherwise
    an ace or other boss card of a side suit; otherwise a low card. Following: when
    the partner wins the trick safely, give points ("opgooien"); when an opponent
    wins, beat them cheaply if possible, else give the fewest points and no roem.
    """
    trump = p.trump
    strength = STRENGTH[trump]
    points = POINTS[trump]
    cards = cards_in(p.legal(hand))
    if len(cards) == 1:
        return cards[0]
    unseen = PIKET_MASK & ~(gone | hand)
    if not p.trick:
        return _lead(p, seat, hand, cards, unseen)
    trick = p.trick
    win_card = trick[(p.win_seat - p.leader) & 3]
    partner_wins = p.win_seat == seat ^ 2
    last = len(trick) == 3
    trick_mask = 0
    for c in trick:
        trick_mask |= 1 << c
    if partner_wins and (last or _is_boss(win_card, trump, unseen, trick)):
        return max(
            cards, key=lambda c: (p.rules.roem(trump, trick_mask | 1 << c), points[c], -strength[c])
        )
    trick_strength = TRICK_STRENGTH[trump][p.led]
    beaters = [c for c in cards if trick_strength[c] > p.win_strength]
    if beaters and not partner_wins:
        if last:
            return min(
                beaters,
                key=lambda c: (
                    -p.rules.roem(trump, trick_mask | 1 << c),
                    strength[c] >= TRUMP_BASE,
                    strength[c],
                    -points[c],
                ),
            )
        bosses = [c for c in beaters if _is_boss(c, trump, unseen, trick)]
        if bosses:
            return min(bosses, key=lambda c: (strength[c] >= TRUMP_BASE, -points[c], strength[c]))
        return min(beaters, key=lambda c: (strength[c] >= TRUMP_BASE, strength[c]))
    return min(
        cards,
        key=lambda c: (
            p.rules.roem(trump, trick_mask | 1 << c),
            points[c],
            strength[c] >= TRUMP_BASE,
            strength[c],
        ),
    )


def _is_boss(card: int, trump: int, unseen: int, trick: list[int]) -> bool:
    """No unseen card of its suit is higher, and a side card faces no trump in the trick.
    (The chance that a later player trumps it is taken, as players do with an ace.)"""
    strength = STRENGTH[trump]
    suit = card // 13
    higher = unseen & SUIT_MASKS[suit]
    if any(strength[c] > strength[card] for c in cards_in(higher)):
        return False
    return suit == trump or not any(c // 13 == trump for c in trick)


def _lead(p: Play, seat: int, hand: int, cards: list[int], unseen: int) -> int:
    trump = p.trump
    strength = STRENGTH[trump]
    points = POINTS[trump]
    trumps = [c for c in cards if c // 13 == trump]
    trumps_out = unseen & SUIT_MASKS[trump]
    if trumps and trumps_out and seat & 1 == p.declarer_team:
        top = max(trumps, key=lambda c: strength[c])
        if _is_boss(top, trump, unseen, []):
            return top
    side = [c for c in cards if c // 13 != trump]
    bosses = [c for c in side if _is_boss(c, trump, unseen, [])]
    if bosses:
        return max(bosses, key=lambda c: (points[c], strength[c]))
    if side:
        return min(side, key=lambda c: (points[c], strength[c]))
    return min(trumps, key=lambda c: strength[c])


def rollout(p: Play) -> None:
    """Play the deal out with :func:`choose_card` for every seat (each knows only its hand)."""
    gone = 0
    for hand in p.hands:
        gone |= hand
    gone = ~gone  # everything not in a hand has been played
    while not p.over:
        seat = p.turn
        card = choose_card(p, seat, p.hands[seat], gone)
        gone |= 1 << card
        play_card(p, card)
