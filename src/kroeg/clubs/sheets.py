"""Score sheets kept at the bar, line by line, checked and scored by the games' own
scoring functions (never a copy of their arithmetic).

- **Klaverjassen** (the NKU sheet, RULES.md §6.7): per deal who played (a seat), the card
  points of Wij (seats 0 and 2) and Zij (1 and 3), which must add up to 162, the roem of
  each, and the mark: ``N`` (nat), ``P`` (pit: the playing team took every trick) or
  ``V`` (verzaakt, with the team that revoked). The line is scored by
  :func:`kroeg.games.klaverjassen.moves.deal_score` (``revoke_score`` for V), and a mark
  that does not match what the rules make of the points is refused.
- **Toepen**: per deal each seat's penalty points and who won it; the winner pays 0
  (−1 with ``winnen_met_boer``); the sheet says who stood on armoede before the deal
  (``max_points − 1``, the rules' ``armoede_level``) and who lost by reaching
  ``max_points``.
- **Eurokaarten**: per deal the seats that lost a coin; the coins, the bokje and who is
  out follow from :func:`kroeg.games.eurokaarten.scoring.coin_outcome`.

A table's result per seat is what the standings add up (:mod:`kroeg.clubs.standings`):
Klaverjassen the points of the seat's team, roem included (higher is better); Toepen
the penalty points (lower is better); Eurokaarten the lives lost, coins and the bokje
(lower is better).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kroeg.clubs.errors import ClubError
from kroeg.games import make_game
from kroeg.games.base import InvalidInput
from kroeg.games.eurokaarten.options import Options as EuroOptions
from kroeg.games.eurokaarten.scoring import coin_outcome
from kroeg.games.klaverjassen.moves import deal_score, revoke_score, team_of
from kroeg.games.klaverjassen.options import Options as KlaverjasOptions
from kroeg.games.klaverjassen.tables import DEAL_POINTS
from kroeg.games.toepen.options import Options as ToepenOptions

HIGHER_IS_BETTER = {"klaverjassen": True, "toepen": False, "eurokaarten": False}
MAX_ROEM = 1000
"""More roem than any one deal can hold (four jacks 200, and the rest): a typing error."""


@dataclass
class TableSheet:
    """What a table's lines add up to so far."""

    seats: int
    totals: list[int]
    """Per seat: its team's points (Klaverjassen), its penalty points (Toepen), its lives
    lost (Eurokaarten)."""
    lines: list[dict[str, Any]] = field(default_factory=list)
    """Per line as scored: Klaverjassen ``score`` [Wij, Zij] and ``mark``; Toepen
    ``penalties``, ``armoede`` (seats on armoede before the deal) and ``lost``; Eurokaarten
    ``coins``, ``bokje``, ``out``, ``void``."""
    over: bool = False
    """No further line is possible (Toepen: somebody lost; Eurokaarten: one player left)."""
    state: dict[str, Any] = field(default_factory=dict)


def resolve_options(game: str, variant: str, options: Mapping[str, object]) -> dict[str, object]:
    """The night's options as the game resolves them (its defaults filled in, checked)."""
    try:
        return dict(make_game(game, variant, options).option_values)
    except InvalidInput as e:
        raise ClubError("bad_options", e.message) from e


def score_sheet(
    game: str, variant: str, options: Mapping[str, object], seats: int, lines: Sequence[Any]
) -> TableSheet:
    """Check and score a table's lines in order; the first bad one raises ClubError
    (with its number in the message)."""
    sheet = TableSheet(seats=seats, totals=[0] * seats)
    engine = make_game(game, variant, options)
    for number, line in enumerate(lines, 1):
        try:
            add_line(game, engine, sheet, line)
        except ClubError as e:
            raise ClubError(e.code, f"line {number}: {e.message}") from e
    return sheet


LINE_KEYS = {
    "klaverjassen": frozenset({"played", "points", "roem", "mark", "revoked"}),
    "toepen": frozenset({"penalties", "winner"}),
    "eurokaarten": frozenset({"coin_lost"}),
}
"""The keys a score line of each game may have: nothing else is stored."""


def add_line(game: str, engine: Any, sheet: TableSheet, line: Any) -> None:
    """Check one line against the sheet so far and add it; raises ClubError and leaves
    the sheet unchanged when the line is wrong."""
    if not isinstance(line, Mapping):
        raise ClubError("bad_line", "a score line is an object")
    unknown = sorted(str(key) for key in line if key not in LINE_KEYS[game])
    if unknown:
        raise ClubError(
            "bad_line",
            f"a {game} score line has no field {unknown[0][:32]!r} "
            f"(its fields: {', '.join(sorted(LINE_KEYS[game]))})",
        )
    if sheet.over:
        raise ClubError("sheet_over", "the game at this table is over: no further line")
    if game == "klaverjassen":
        _klaverjas_line(engine.options, sheet, line)
    elif game == "toepen":
        _toepen_line(engine.options, sheet, line)
    else:
        _euro_line(engine.options, sheet, line)


def _int(line: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = line.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ClubError("bad_line", f"{key} must be a whole number from {low} to {high}")
    return value


def _pair(line: Mapping[str, Any], key: str, high: int) -> list[int]:
    value = line.get(key)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        or not all(0 <= v <= high for v in value)
    ):
        raise ClubError("bad_line", f"{key} must be two whole numbers (Wij, Zij) from 0 to {high}")
    return [int(v) for v in value]


def _seat_list(line: Mapping[str, Any], key: str, seats: int) -> list[int]:
    value = line.get(key, [])
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v < seats for v in value
    ):
        raise ClubError("bad_line", f"{key} must be a list of seats 0 to {seats - 1}")
    if len(set(value)) != len(value):
        raise ClubError("bad_line", f"{key} names a seat twice")
    return sorted(value)


MARKS = {None: None, "N": "nat", "P": "pit", "V": "verzaakt"}


def _klaverjas_line(cfg: KlaverjasOptions, sheet: TableSheet, line: Mapping[str, Any]) -> None:
    played = _int(line, "played", 0, 3)
    points = _pair(line, "points", DEAL_POINTS)
    roem = _pair(line, "roem", MAX_ROEM)
    mark = line.get("mark")
    if not (mark is None or isinstance(mark, str)) or mark not in MARKS:
        raise ClubError("bad_line", "mark must be N, P, V or none")
    if mark != "V" and "revoked" in line:
        raise ClubError("bad_line", "revoked goes with the mark V (verzaakt) only")
    if points[0] + points[1] != DEAL_POINTS:
        raise ClubError(
            "points_not_162",
            f"the points of Wij and Zij add up to {points[0] + points[1]}, not {DEAL_POINTS}",
        )
    if roem[0] % 10 or roem[1] % 10:
        raise ClubError("bad_roem", "roem comes in tens (20, 50, 100, ...)")
    team = team_of(played)
    if mark == "V":
        revoked = _int(line, "revoked", 0, 1)
        score = revoke_score(revoked, roem)
    else:
        if mark == "P" and (points[team] != DEAL_POINTS or roem[1 - team]):
            raise ClubError(
                "mark_mismatch",
                "pit (P) means the playing team took every trick: all 162 points, and the "
                "others no roem",
            )
        tricks = [0, 0]
        tricks[team] = 8 if mark == "P" else 7
        tricks[1 - team] = 8 - tricks[team]
        score, made = deal_score(cfg.pit_bonus, team, points, roem, tricks)
        if made == "nat" and mark != "N":
            raise ClubError(
                "mark_mismatch",
                f"{'Wij' if team == 0 else 'Zij'} played and did not get more than the "
                "others (points and roem): the deal is nat, mark it N",
            )
        if made != "nat" and mark == "N":
            raise ClubError("mark_mismatch", "the playing team got more than the others: not nat")
    for seat in range(sheet.seats):
        sheet.totals[seat] += score[team_of(seat)]
    sheet.lines.append({"score": score, "mark": mark})


def _toepen_line(rules: ToepenOptions, sheet: TableSheet, line: Mapping[str, Any]) -> None:
    n = sheet.seats
    raw = line.get("penalties")
    low = -1 if rules.winnen_met_boer else 0
    if (
        not isinstance(raw, list)
        or len(raw) != n
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw)
        or not all(low <= v <= rules.max_points for v in raw)
    ):
        raise ClubError(
            "bad_line", f"penalties must be {n} whole numbers from {low} to {rules.max_points}"
        )
    penalties = [int(v) for v in raw]
    winner = _int(line, "winner", 0, n - 1)
    totals = sheet.totals
    out = [rules.elimination and totals[p] >= rules.max_points for p in range(n)]
    if out[winner]:
        raise ClubError("player_out", f"seat {winner} is out and cannot win a deal")
    for p in range(n):
        if out[p] and penalties[p]:
            raise ClubError("player_out", f"seat {p} is out: no penalty points")
        if p != winner and penalties[p] < 0:
            raise ClubError("bad_line", "only the winner of the deal can take a point off")
    if penalties[winner] > 0:
        raise ClubError("winner_pays", "the winner of the deal pays no penalty points")
    armoede = [
        p for p in range(n) if rules.armoede and not out[p] and totals[p] == rules.armoede_level
    ]
    after = [max(0, totals[p] + penalties[p]) for p in range(n)]
    lost = [p for p in range(n) if not out[p] and after[p] >= rules.max_points]
    sheet.totals[:] = after
    alive = [p for p in range(n) if after[p] < rules.max_points]
    sheet.over = bool(lost) and (not rules.elimination or len(alive) <= 1)
    sheet.lines.append({"penalties": penalties, "winner": winner, "armoede": armoede, "lost": lost})


def _euro_line(opts: EuroOptions, sheet: TableSheet, line: Mapping[str, Any]) -> None:
    n = sheet.seats
    state = sheet.state
    coins: list[int] = state.setdefault("coins", [opts.start_coins] * n)
    bokje: list[int] = state.setdefault("bokje", [])
    out: list[int] = state.setdefault("out", [])
    losers = _seat_list(line, "coin_lost", n)
    seats_in = [p for p in range(n) if p not in out]
    for p in losers:
        if p in out:
            raise ClubError("player_out", f"seat {p} is out and cannot lose a coin")
    gets_bokje, goes_out, void = coin_outcome(coins, set(bokje), seats_in, losers, opts)
    if not void:
        for p in losers:
            coins[p] = max(0, coins[p] - 1)
            sheet.totals[p] += 1
        bokje.extend(gets_bokje)
        out.extend(goes_out)
        sheet.over = len(seats_in) - len(goes_out) <= 1
    sheet.lines.append(
        {
            "coin_lost": [] if void else losers,
            "coins": list(coins),
            "bokje": sorted(bokje),
            "out": sorted(out),
            "void": void,
        }
    )
