"""The end of a round: who loses a coin, the bokje, who is out (RULES.md §7.3, §7.7, §12).

Three endings: ``out`` (alles kwijt: a player has no cards left), ``open`` (open gaan:
a player called the showdown at the start of their turn) and ``stock`` (the stock ran
out). Hand points count only cards in hand; the highest hand loses a coin, all of
those tied for it (E2), except that a wrong open gaan costs the opener the coin.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from kroeg.games.base import Event
from kroeg.games.eurokaarten.melds import hand_notation, hand_points
from kroeg.games.eurokaarten.options import Options
from kroeg.games.eurokaarten.state import DEAL, OVER, EuroState


def open_right(opener_points: float, others: Iterable[float]) -> bool:
    """Open gaan is right when the opener's hand is strictly lower than every other hand
    still in (§7.7, §12); otherwise the opener loses the coin."""
    return all(opener_points < points for points in others)


def losers_of(s: EuroState, ended: str, by: int | None, opts: Options) -> list[int]:
    """The seats that lose a life this round, before the bokje is looked at."""
    points = {seat: hand_points(s.hands[seat]) for seat in s.seats_in()}
    if ended == "open":
        assert by is not None
        if not open_right(points[by], (p for seat, p in points.items() if seat != by)):
            return [by]
    highest = max(points.values())
    tied = sorted(seat for seat, p in points.items() if p == highest)
    if len(tied) > 1 and opts.tie_none_lose:
        return []
    return tied


def _bokje_free(bokje: Collection[int], seat: int, opts: Options) -> bool:
    if not opts.bokje:
        return False
    if opts.bokje_per_player:
        return seat not in bokje
    return not bokje


def coin_outcome(
    coins: Sequence[int],
    bokje: Collection[int],
    seats_in: Sequence[int],
    losers: Sequence[int],
    opts: Options,
) -> tuple[list[int], list[int], bool]:
    """Of the ``losers`` of a round: who gets the bokje, who goes out, and whether the
    round is void because every player still in would go out (§7.3, §7.7, E3). A score
    sheet at the bar (kroeg.clubs.sheets) settles its rounds with this function too."""
    gets_bokje = []
    goes_out = []
    for seat in losers:
        if coins[seat] > 1:
            continue
        if coins[seat] == 1 and _bokje_free(bokje, seat, opts):
            gets_bokje.append(seat)
        else:
            goes_out.append(seat)
    return gets_bokje, goes_out, len(goes_out) == len(seats_in)


def end_round(s: EuroState, ended: str, by: int | None, opts: Options) -> list[Event]:
    """Score the round, update coins, the bokje and who is out; summarise it.

    A coin loss that would put every remaining player out voids the round: it is
    summarised with ``coin_lost: []``, nothing changes and the same dealer deals again
    (RULES.md §7.7, E3)."""
    seats_in = s.seats_in()
    losers = losers_of(s, ended, by, opts)
    gets_bokje, goes_out, void = coin_outcome(s.coins, s.bokje, seats_in, losers, opts)
    summary: dict[str, Any] = {
        "ended": ended,
        "by": by,
        "hand_points": [
            None if seat in s.out else hand_points(s.hands[seat]) for seat in range(s.seats)
        ],
        "coin_lost": [] if void else losers,
    }
    revealed = [None if seat in s.out else hand_notation(s.hands[seat]) for seat in range(s.seats)]
    events = [Event("deal_end", {**summary, "hands": revealed, "void": void})]
    s.summaries.append(summary)
    s.phase = DEAL
    s.turn = -1
    if void:
        return events
    for seat in losers:
        s.coins[seat] = max(0, s.coins[seat] - 1)
    for seat in gets_bokje:
        s.bokje.add(seat)
        events.append(Event("bokje", {"seat": seat}))
    if goes_out:
        s.put_out(goes_out)
    events.extend(Event("out", {"seat": seat}) for seat in goes_out)
    events.extend(finish_if_won(s))
    if s.phase == DEAL:
        s.dealer = s.next_in(s.dealer)
    return events


def finish_if_won(s: EuroState) -> list[Event]:
    """End the partij when one player is left: the last player in wins (§7.3)."""
    seats_in = s.seats_in()
    if len(seats_in) != 1:
        return []
    s.winner = seats_in[0]
    s.phase = OVER
    s.turn = -1
    return [Event("game_over", {"winner": s.winner})]
