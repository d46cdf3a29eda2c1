"""Online rounds: what a club night's round asks of a table's game, and what a game's
own standings mean for the night's (docs/clubs.md, "Online rounds").

- **The round's deals.** A klaverjas round is one game of ``deals_per_round`` deals: the
  game's own ``game_length`` (4, 8, 12 or 16 deals, a boompje). Toepen and Eurokaarten
  have no length in deals: their games play to their own end (one loser left standing,
  one player with coins), so an online round of theirs is one whole game and
  ``deals_per_round`` only counts the lines of a sheet at the bar
  (docs/rules-decisions.md).
- **A seat's total** is what a sheet at the bar would give it (:mod:`kroeg.clubs.sheets`),
  read from the game's own standings and deal summaries: Klaverjassen the seat's team
  total, roem included; Toepen the penalty points; Eurokaarten the lives lost. A player
  taken out of a Eurokaarten game loses their hand (the rules have no house for it), so
  they count every life they had as lost: leaving never pays.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from kroeg.clubs.errors import ClubError
from kroeg.games.eurokaarten.options import Options as EuroOptions
from kroeg.games.klaverjassen.moves import team_of
from kroeg.games.klaverjassen.options import GAME_LENGTHS


def round_options(game: str, options: Mapping[str, Any], deals: int) -> dict[str, Any]:
    """The options of a round's tables: the night's, with the round's length where the
    game has one; ``bad_deals`` when the game cannot play that many."""
    out = dict(options)
    if game == "klaverjassen":
        length = f"{deals}_deals"
        if length not in GAME_LENGTHS:
            allowed = ", ".join(str(n) for n in sorted(GAME_LENGTHS.values()))
            raise ClubError(
                "bad_deals", f"an online klaverjas round is {allowed} deals, not {deals}"
            )
        out["game_length"] = length
    return out


def seat_totals(
    game: str,
    options: Mapping[str, Any],
    seats: int,
    standings: Mapping[str, Any],
    summaries: Sequence[Mapping[str, Any]],
    taken_out: Collection[int],
) -> list[int]:
    """Each seat's total so far, from the game's ``standings()`` and
    ``deal_summaries()`` (after its last finished deal)."""
    if game == "klaverjassen":
        totals = standings["totals"]
        return [int(totals[team_of(seat)]) for seat in range(seats)]
    if game == "toepen":
        return [int(p) for p in standings["points"]]
    lost = [sum(seat in s["coin_lost"] for s in summaries) for seat in range(seats)]
    opts = EuroOptions.from_resolved(options)
    lives = opts.start_coins + (1 if opts.bokje else 0)
    return [max(lost[seat], lives) if seat in taken_out else lost[seat] for seat in range(seats)]
