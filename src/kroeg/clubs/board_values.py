"""What a duplicate night's boards were worth (docs/clubs.md, "Online duplicate nights",
"After the night"): each board's exact double-dummy value, from the bots' exact solver,
for every contract (trump and the declaring seat) a table played it in.

The value is NS's margin (NS's deal score minus EW's, nat, pit and roem as the rules
score them) when all four play best with every hand open, from the first lead (the seat
left of the board's dealer). Not for ``trump_mode: kraken`` or ``double_spades`` (the
solver's factor for them is not wired here): ``None``.

A whole deal takes the solver tens of milliseconds, now and then a second
(docs/performance.md, "The compiled Klaverjas solver"), so this runs once, after the
close, off the event loop (:meth:`kroeg.clubs.rounds.Rounds.close`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kroeg.bots.klaverjassen.kernel import Solver
from kroeg.bots.klaverjassen.play import Play
from kroeg.cards import mask_of, parse_suit
from kroeg.clubs.boards import Board, deal_boards
from kroeg.games.klaverjassen import Klaverjassen


def contract_value(
    game: Klaverjassen, board: Board, trump: str, declarer: int, solver: Solver
) -> int:
    """NS's margin on ``board`` played in ``trump`` by ``declarer``'s team, all hands
    open, best play by all four from the first lead."""
    p = Play(
        parse_suit(trump),
        declarer & 1,
        game.rules,
        int(str(game.options["pit_bonus"])),
        [mask_of(hand) for hand in board.deal.hands],
        (board.dealer + 1) % 4,
        [],
        0,
        [0, 0],
        [0, 0],
        [0, 0],
    ).at()
    return solver.solve(p)


def night_values(
    duplicate: Mapping[str, Any], game: Klaverjassen, tables: Sequence[Mapping[str, Any]]
) -> dict[str, dict[str, int]]:
    """Per board (its number as text) and per contract played at a table (the
    declaring seat and the trump, "1s"), NS's double-dummy margin."""
    secret = bytes.fromhex(duplicate["secret"])
    boards = deal_boards(duplicate["count"], secret, per_round=duplicate["per_round"]).boards
    solver = Solver()
    out: dict[str, dict[str, int]] = {}
    for t in tables:
        contracts = (t.get("online") or {}).get("contracts", [])
        for j, (declarer, trump) in enumerate(contracts, start=1):
            board = boards[(t["round"] - 1) * duplicate["per_round"] + j - 1]
            per_board = out.setdefault(str(board.number), {})
            key = f"{declarer}{trump}"
            if key not in per_board:
                per_board[key] = contract_value(game, board, trump, declarer, solver)
    return out
