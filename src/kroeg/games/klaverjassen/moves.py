"""The moves of a deal, without checks or events: bidding, a card to the trick, scoring.

The :class:`~kroeg.games.klaverjassen.game.Klaverjassen` game validates an action
before it calls these; bots searching the engine may call them directly on actions
they took from :meth:`Rules.legal_plays` (the fast path measured in ``bench/``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kroeg.cards import CLUBS, PIKET_MASK, SPADES, suit_str

from .kraken import CALLS, roem_in_hand
from .options import Options
from .state import BIDDING, DEAL, KRAKEN, OVER, PLAY, KlaverjasState
from .tables import DEAL_POINTS, SUIT_OF
from .tricks import TRICK_STRENGTH, Rules, complete_trick

REVOKE_PENALTY = 100
"""Verzaken: 162 + 100 "strafpunten" + all roem to the other team (seed 001)."""


def team_of(seat: int) -> int:
    """Team 0 is seats 0 and 2, team 1 seats 1 and 3."""
    return seat & 1


def start_deal(
    cfg: Options, s: KlaverjasState, hands: list[int], draai: tuple[int, ...] = ()
) -> None:
    """The cards are dealt; the first bidder may look at their hand (RULES.md §6.3, §6.4).

    ``draai`` are the draaikaarten of ``trump_mode: gedraaid``, top first: the first
    deal of the game proposes clubs, any other deal turns the top one to propose its suit.
    """
    order = cfg.bid_orders[s.dealer]
    s.phase = BIDDING
    s.hands = hands
    s.bid_order = order
    s.bid_index = 0
    s.bids = []
    s.forced = cfg.forced_bid
    s.seen = 1 << order[0]
    s.trump = s.declarer = -1
    s.trick = []
    s.led = s.win_seat = s.win_strength = -1
    s.tricks_played = 0
    s.points = [0, 0]
    s.roem = [0, 0]
    s.tricks_won = [0, 0]
    s.last_trick = None
    s.played = []
    s.claimable = 0
    if cfg.allow_revoke:  # in other games the revoke fields never change from the new state's
        s.revoke_roem = [None, None, None, None]
        s.questionable = [0, 0, 0, 0]
        s.plays_questioned = [0, 0, 0, 0]
    if cfg.kraken:  # in other modes the calls never change from the new state's
        s.calls = []
        s.call_order = ()
        s.call_index = 0
        s.kraaks = 0
        s.roem_held = [0, 0]
    if cfg.gedraaid:  # in other modes the draaikaarten and proposals stay as new
        s.draai = draai
        s.turned = 0
        s.proposed = -1
        s.proposals = 0
        if s.deal_no == 0:
            _propose(s, CLUBS)
        else:
            turn_draaikaart(s)


def _propose(s: KlaverjasState, suit: int) -> None:
    s.proposed = suit
    s.proposals |= 1 << suit


def turn_draaikaart(s: KlaverjasState) -> None:
    """Turn draaikaarten until one shows a suit not yet proposed in this deal; it is
    proposed. Twenty draaikaarten, five of each suit, always hold the next new suit."""
    while True:
        suit = SUIT_OF[s.draai[s.turned]]
        s.turned += 1
        if not (s.proposals >> suit) & 1:
            _propose(s, suit)
            return


def all_pass_bidder(cfg: Options, dealer: int) -> int | None:
    """Who must make trump when all passed (RULES.md §6.4, §12): the dealer (``all_pass:
    dealer``) or the first bidder (``first``); None with ``redeal``."""
    if cfg.all_pass == "redeal":
        return None
    return dealer if cfg.all_pass == "dealer" else cfg.bid_orders[dealer][0]


def bidder(s: KlaverjasState) -> int:
    return s.bid_order[s.bid_index]


def make_trump(s: KlaverjasState, seat: int, suit: int) -> None:
    """ "Ik speel ⟨suit⟩": bidding ends, all may see their hands, left of dealer leads."""
    s.bids.append((seat, suit))
    s.trump = suit
    s.declarer = seat
    s.phase = PLAY
    s.seen = 0b1111
    s.leader = s.turn = (s.dealer + 1) % 4


def open_calls(s: KlaverjasState) -> None:
    """``trump_mode: kraken``, trump is made: before play the defenders may kraak, first
    the one left of the declarer, then the other."""
    s.phase = KRAKEN
    s.call_order = ((s.declarer + 1) % 4, (s.declarer + 3) % 4)
    s.call_index = 0


def caller(s: KlaverjasState) -> int:
    """``trump_mode: kraken``: the seat that may make the next call or pass."""
    return s.call_order[s.call_index]


def next_call(s: KlaverjasState) -> str:
    """The call the seat to speak may make: kraak, herkraak or superkraak."""
    return CALLS[s.kraaks]


def call_kraak(s: KlaverjasState, seat: int) -> None:
    """The next kraak call: the points double, and the other team may answer, first the
    seat left of the caller, then the other; after a superkraak play starts."""
    s.calls.append((seat, CALLS[s.kraaks]))
    s.kraaks += 1
    if s.kraaks == len(CALLS):
        start_play(s)
        return
    s.call_order = ((seat + 1) % 4, (seat + 3) % 4)
    s.call_index = 0


def pass_call(s: KlaverjasState, seat: int) -> None:
    """The seat does not call; when its partner passed too, play starts."""
    s.calls.append((seat, "pass"))
    s.call_index += 1
    if s.call_index == len(s.call_order):
        start_play(s)


def start_play(s: KlaverjasState) -> None:
    """The kraak calls are over: the roem in hand is counted and the first card is due."""
    s.roem_held, s.roem = roem_in_hand(s.hands, s.trump)
    s.phase = PLAY


def must_make(s: KlaverjasState) -> int:
    """``trump_mode: kraken``: the team that must take more than half of the points: "De
    partij die gaat of die gekraakt heeft (kraak, herkraak of superkraak)"."""
    return team_of(s.declarer) ^ (s.kraaks & 1)


def pass_bid(cfg: Options, s: KlaverjasState, seat: int) -> bool:
    """ "Ik pas". Returns False when all passed and the deal is void (``all_pass: redeal``).

    With ``trump_mode: gedraaid`` all passing first turns up the next suit, and the
    ``all_pass`` rule applies only once the fourth suit is passed too."""
    s.bids.append((seat, None))
    s.bid_index += 1
    if s.bid_index < len(s.bid_order):
        s.seen |= 1 << bidder(s)
        return True
    if cfg.gedraaid and s.proposals != 0b1111:  # rondgepast: the next suit is turned
        turn_draaikaart(s)
        s.bid_index = 0
        return True
    forced = all_pass_bidder(cfg, s.dealer)
    if forced is None:
        s.phase = DEAL
        return False
    s.bid_order = (*s.bid_order, forced)
    s.forced = True
    return True


def play_card(rules: Rules, cfg: Options, s: KlaverjasState, seat: int, card: int) -> bool:
    """``seat`` plays ``card`` (assumed allowed); True when it completed a trick."""
    trick = s.trick
    if cfg.allow_revoke:
        _note_revoke(rules, s, seat, card)
    s.claimable = 0
    s.hands[seat] ^= 1 << card
    if not trick:
        s.led = led = SUIT_OF[card]
        s.win_seat = seat
        s.win_strength = TRICK_STRENGTH[s.trump][led][card]
    else:
        strength = TRICK_STRENGTH[s.trump][s.led][card]
        if strength > s.win_strength:
            s.win_seat = seat
            s.win_strength = strength
    trick.append(card)
    if len(trick) < 4:
        s.turn = (seat + 1) & 3
        return False
    _complete_trick(rules, cfg, s)
    return True


def rollout(rules: Rules, cfg: Options, s: KlaverjasState, rnd: Callable[[], float]) -> list[int]:
    """Play uniformly random legal cards until the deal ends: the Monte Carlo rollout a
    searching bot runs on a copy of a state. Returns the cards played, in order.

    ``rnd`` is a ``random.Random().random``. Nobody claims manual roem and nobody
    revokes; otherwise the result is the same as applying the cards one by one (tested).
    Within a trick the state is kept in local variables (the steps of :func:`play_card`,
    with the same rules: :meth:`Rules.legal_plays` and ``TRICK_STRENGTH``) and written
    back when the trick is complete.
    """
    played: list[int] = []
    if cfg.allow_revoke:
        while s.phase == PLAY:
            seat = s.turn
            card = _pick(rules.legal_mask(s, seat), rnd)
            play_card(rules, cfg, s, seat, card)
            played.append(card)
        return played
    legal_plays = rules.legal_plays
    hands = s.hands
    trump = s.trump
    by_led = TRICK_STRENGTH[trump]
    while s.phase == PLAY:
        trick = s.trick
        seat = s.turn
        led, win_seat, win_strength = s.led, s.win_seat, s.win_strength
        strength_of = by_led[led]
        s.claimable = 0
        while True:
            hand = hands[seat]
            legal = legal_plays(hand, trump, led, win_seat, win_strength, seat)
            if legal & (legal - 1):  # more than one card: skip a random number of them
                skip = int(rnd() * legal.bit_count())
                while skip:
                    legal &= legal - 1
                    skip -= 1
            card = (legal & -legal).bit_length() - 1
            hands[seat] = hand ^ (1 << card)
            if led < 0:
                led = SUIT_OF[card]
                strength_of = by_led[led]
                win_seat = seat
                win_strength = strength_of[card]
            elif strength_of[card] > win_strength:
                win_seat = seat
                win_strength = strength_of[card]
            trick.append(card)
            played.append(card)
            if len(trick) == 4:
                break
            seat = (seat + 1) & 3
        s.led, s.win_seat, s.win_strength = led, win_seat, win_strength
        _complete_trick(rules, cfg, s)
    return played


def _pick(legal: int, rnd: Callable[[], float]) -> int:
    """A uniformly random card of a non-empty mask."""
    skip = int(rnd() * legal.bit_count())
    while skip:
        legal &= legal - 1
        skip -= 1
    return (legal & -legal).bit_length() - 1


def _note_revoke(rules: Rules, s: KlaverjasState, seat: int, card: int) -> None:
    """Verzaken mode: remember the first revoke of a seat and count its plays open to
    doubt: those that some hand could not have made legally (:meth:`Rules.ruled_out`;
    a lead, following a plain suit or heading a trump lead never are)."""
    trump, led, win_seat, win_strength = s.trump, s.led, s.win_seat, s.win_strength
    if rules.ruled_out(trump, led, win_seat, win_strength, seat, card, PIKET_MASK):
        s.questionable[seat] += 1
    if s.revoke_roem[seat] is None and not (rules.legal_mask(s, seat) >> card) & 1:
        s.revoke_roem[seat] = (s.roem[0], s.roem[1])


def _complete_trick(rules: Rules, cfg: Options, s: KlaverjasState) -> None:
    """:func:`.tricks.complete_trick`, then what the engine's state keeps of the trick:
    roem to claim (``roem_claim: manual``), the last trick, the next leader, the deal's end."""
    trick = s.trick
    winner = s.win_seat
    team = winner & 1
    s.tricks_played += 1
    last = s.tricks_played == 8
    roem = complete_trick(rules, s.trump, trick, winner, s.tricks_played, s.points, s.tricks_won)
    if roem:
        if cfg.roem_manual and not last:
            s.claimable = roem
        else:
            s.roem[team] += roem
    s.last_trick = last_trick = (s.leader, tuple(trick), winner)
    s.played.append(last_trick)
    s.trick = []
    s.leader = s.turn = winner
    s.led = s.win_seat = s.win_strength = -1
    if last:
        finish_deal(cfg, s, None)


def claim_roem(s: KlaverjasState) -> tuple[int, int]:
    """Manual roem is claimed: it goes to the team that won the trick. (team, roem)."""
    assert s.last_trick is not None
    team = s.last_trick[2] & 1
    roem = s.claimable
    s.roem[team] += roem
    s.claimable = 0
    return team, roem


def call_revoke(cfg: Options, s: KlaverjasState, accused: int) -> bool:
    """ "Verzaakt!": check the accused seat's plays; True (and the deal ends) when it revoked."""
    s.plays_questioned[accused] = s.questionable[accused]
    if s.revoke_roem[accused] is None:
        return False
    finish_deal(cfg, s, accused)
    return True


def finish_deal(cfg: Options, s: KlaverjasState, revoker: int | None) -> None:
    """Score the deal (RULES.md §6.7), add it to the totals, end the game or pass the deal on."""
    factor = 1 << s.kraaks
    if revoker is not None:
        roem_then = s.revoke_roem[revoker]
        assert roem_then is not None
        score = revoke_score(team_of(revoker), roem_then, factor)
        mark: str | None = "verzaakt"
    else:
        responsible = must_make(s) if cfg.kraken else -1
        score, mark = deal_score(
            cfg.pit_bonus, team_of(s.declarer), s.points, s.roem, s.tricks_won, factor, responsible
        )
    if cfg.double_spades and s.trump == SPADES:
        score = [2 * score[0], 2 * score[1]]
    summary = {
        "declarer": s.declarer,
        "trump": suit_str(s.trump),
        "points": list(s.points),
        "roem": list(s.roem),
        "score": score,
        "mark": mark,
    }
    if cfg.kraken:
        summary["factor"] = factor
        summary["kraken"] = [seat for seat, call in s.calls if call != "pass"]
        summary["roem_held"] = list(s.roem_held)
    s.summaries.append(summary)
    s.totals = [s.totals[0] + score[0], s.totals[1] + score[1]]
    s.deal_no += 1
    s.claimable = 0
    s.trick = []
    if game_ends(cfg, s):
        s.phase = OVER
        t0, t1 = s.totals
        s.winner = None if t0 == t1 else (0 if t0 > t1 else 1)
    else:
        s.phase = DEAL
        s.dealer = (s.dealer + 1) % 4


def revoke_score(team: int, roem: Sequence[int], factor: int = 1) -> list[int]:
    """What a deal in which ``team`` revoked (verzaakt) adds to each team: the other team
    takes the deal's points, the penalty and all roem (seed 001). A score sheet at the
    bar (kroeg.clubs.sheets) scores its V lines with this function too."""
    score = [0, 0]
    score[1 - team] = DEAL_POINTS * factor + REVOKE_PENALTY + sum(roem)
    return score


def deal_score(
    pit_bonus: int,
    playing: int,
    points: list[int],
    roem: list[int],
    tricks_won: list[int],
    factor: int = 1,
    responsible: int = -1,
) -> tuple[list[int], str | None]:
    """What a deal played out adds to each team (RULES.md §6.7), and its mark: made
    (None), "nat" or "pit". ``playing`` is the declarer's team. With ``trump_mode:
    kraken`` ``responsible`` is the team that must make it (:func:`must_make`) and the
    card points count ``factor`` times; -1 in the other modes. The bots' search scores
    its deals with this function too."""
    if responsible >= 0:
        return _kraken_score(pit_bonus, playing, points, roem, tricks_won, factor, responsible)
    defending = 1 - playing
    if tricks_won[playing] == 8:
        score = [0, 0]
        score[playing] = points[playing] + roem[playing] + pit_bonus
        return score, "pit"
    if points[playing] + roem[playing] > points[defending] + roem[defending]:
        return [points[0] + roem[0], points[1] + roem[1]], None
    score = [0, 0]
    score[defending] = DEAL_POINTS + roem[0] + roem[1]
    return score, "nat"


def _kraken_score(
    pit_bonus: int,
    playing: int,
    points: list[int],
    roem: list[int],
    tricks_won: list[int],
    factor: int,
    responsible: int,
) -> tuple[list[int], str | None]:
    """A kraken deal's score: the team that must make it takes more than half of the
    card points, or it is nat; card points count ``factor`` times, roem once."""
    if 2 * points[responsible] > DEAL_POINTS:
        score = [points[0] * factor + roem[0], points[1] * factor + roem[1]]
        mark = None
    else:
        score = [0, 0]
        score[1 - responsible] = DEAL_POINTS * factor + roem[0] + roem[1]
        mark = "nat"
    if tricks_won[playing] == 8:
        score[playing] += pit_bonus
        mark = "pit"
    return score, mark


def game_ends(cfg: Options, s: KlaverjasState) -> bool:
    if cfg.deals is not None:
        return s.deal_no >= cfg.deals
    assert cfg.target is not None
    return max(s.totals) >= cfg.target and s.totals[0] != s.totals[1]
