"""The NKU score sheet ("telbriefje") of a game, as text (RULES.md §6.7, seed 001).

Per deal: who dealt, who played and in which trump, then for each team ("Wij" =
seats 0 and 2, "Zij" = seats 1 and 3) the points column and the roem column. Bonus
and penalty points go in the roem column, as seed 001 asks ("Straf- en Bonuspunten
dient men bij de roem te schrijven"); a team that scores nothing gets its reason, P
(pit), V (verzaken) or N (nat), beside its 0. Totals close the sheet.

With ``trump_mode: kraken`` a column "Kraak" shows how often the card points count
(×2 kraak, ×4 herkraak, ×8 superkraak); the points column holds the card points so
counted, the roem column the roem in hand (and bonus or penalty), never doubled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kroeg.cards import SUIT_SYMBOLS, parse_suit
from kroeg.games.base import Deal, InvalidInput

from .game import Klaverjassen
from .state import KlaverjasState
from .tables import DEAL_POINTS

MARK_LETTERS = {"nat": "N", "pit": "P", "verzaakt": "V"}
TEAM_NAMES = ("Wij", "Zij")
LENGTH_TEXT = {"16_deals": "16 spellen", "8_deals": "8 spellen", "first_to_1500": "tot 1500"}


def score_sheet(record: Mapping[str, Any]) -> str:
    """Replay a ``kroeg-record/1`` of klaverjassen and render its score sheet as text.

    Raises InvalidInput for a record that is not klaverjassen or is malformed, and
    RuleError for an action the rules do not allow (``kroeg replay`` says where).
    """
    if record.get("game") != "klaverjassen":
        raise InvalidInput(
            "not_klaverjassen",
            f"not a klaverjassen record: game is {record.get('game')!r}",
            game=str(record.get("game")),
        )
    game = Klaverjassen(str(record.get("variant")), record.get("options"))
    s = game.new_state(
        4, dealer=record.get("dealer"), start=record.get("start"), seed=record.get("seed")
    )
    dealers: list[int] = []
    for deal in record.get("deals", []):
        dealer = game.pending_deal(s)
        if dealer is None:
            raise InvalidInput("no_deal_due", "the record gives a deal while none is due")
        deals_before = len(s.summaries)
        game.apply(s, dealer, Deal.from_json(deal))
        for item in deal.get("actions", []):
            game.apply(s, item[0], game.parse_action(item[1:]))
            if len(s.summaries) > deals_before:
                dealers.append(dealer)
                deals_before = len(s.summaries)
    names = record.get("names") or [f"Stoel {i}" for i in range(4)]
    return render_sheet(game, s, names, dealers)


def render_sheet(
    game: Klaverjassen, s: KlaverjasState, names: Sequence[str], dealers: Sequence[int]
) -> str:
    doubled = bool(game.option_values["double_spades"])
    kraken = game.options.kraken
    if game.option_values["troefplicht"] == "amsterdams":
        rules = "Amsterdams"
    else:
        rules = "NKU Rotterdams" if game.variant == "nku" else "Rotterdams"
    title = (
        f"Klaverjassen · {rules}{' · Kraken' if kraken else ''}"
        f" · {LENGTH_TEXT[str(game.option_values['game_length'])]}"
    )
    left = f"{'Spel':>4}  {'Gever':<10} {'Speelt':<10} {'Troef':<5}"
    if kraken:
        left += f" {'Kraak':<5}"
    lines = [
        title,
        f"Wij: {names[0]} & {names[2]}   Zij: {names[1]} & {names[3]}",
        "",
        f"{'':<{len(left)}} | {'Wij':^14} | {'Zij':^14}",
        f"{left} | {'Punten':>8} {'Roem':>5} | {'Punten':>8} {'Roem':>5}",
    ]
    rule = "-" * len(lines[-1])
    lines.append(rule)
    sums = [[0, 0], [0, 0]]
    first_no = s.deal_no - len(s.summaries)
    for i, summary in enumerate(s.summaries):
        cells = []
        for team in (0, 1):
            factor = summary.get("factor", 1) * (2 if doubled and summary["trump"] == "s" else 1)
            points, roem, mark = _columns(summary, team, factor)
            sums[team][0] += points
            sums[team][1] += roem
            cells.append(f"{points:>6} {mark or ' '} {roem:>5}")
        dealer = names[dealers[i]] if i < len(dealers) else "?"
        trump = f"{SUIT_SYMBOLS[parse_suit(summary['trump'])]:<5}"
        if kraken:
            trump += f" {_kraak_text(summary['factor']):<5}"
        lines.append(
            f"{first_no + i + 1:>4}  {dealer:<10.10} {names[summary['declarer']]:<10.10}"
            f" {trump} | {cells[0]} | {cells[1]}"
        )
    lines.append(rule)
    lines.append(
        f"{'Punten en roem':<{len(left)}} | {sums[0][0]:>6}   {sums[0][1]:>5}"
        f" | {sums[1][0]:>6}   {sums[1][1]:>5}"
    )
    totals = s.totals
    lines.append(f"{'Totaal':<{len(left)}} | {totals[0]:>14} | {totals[1]:>14}")
    result = game.result(s)
    if result is not None:
        winner = result.team
        lines.append("Gelijkspel" if winner is None else f"Winnaar: {TEAM_NAMES[winner]}")
    return "\n".join(line.rstrip() for line in lines)


def _kraak_text(factor: int) -> str:
    """The Kraak column: empty without a kraak, else how often the card points count."""
    return "" if factor == 1 else f"×{factor}"


def _columns(summary: Mapping[str, Any], team: int, factor: int) -> tuple[int, int, str]:
    """(points, roem, mark letter) a scorer writes for one team of one deal.

    Made (or pit): the card points as taken, times ``factor``, and the rest of the score
    (roem, the pit bonus) in the roem column. Nat or verzaakt: the team that scores
    writes 162 times ``factor`` in the points column and the rest (all roem, the
    penalty) in the roem column. A team that scores nothing writes 0 and the letter.
    ``factor`` is 2 for a spades deal with ``double_spades`` (which doubles the roem
    too, so it stays in the roem column) times the kraak factor.
    """
    score = summary["score"][team]
    mark = summary["mark"]
    if score == 0 and mark is not None:
        return 0, 0, MARK_LETTERS[mark]
    if mark in ("nat", "verzaakt"):
        points = DEAL_POINTS * factor
    else:
        points = summary["points"][team] * factor
    return points, score - points, ""
