"""A duplicate klaverjas night (docs/clubs.md, "Duplicate Klaverjassen"): its board set
as the night keeps it and shows it, the boards each round's tables play, and its
results per board from the online tables' stands. Pure: no store, no clock.

The night keeps ``club_nights.duplicate``: ``scoring`` (matchpoints or butler),
``source`` (dealt), ``secret`` (hex, until the close known to the server only),
``count`` (rounds × deals a round), ``per_round`` (the deals of a round) and
``commitment``. Round ``r``'s tables deal boards ``(r - 1) × per_round + 1`` to
``r × per_round``, from the round's secret (:func:`kroeg.clubs.boards.round_secret`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kroeg.clubs.boards import deal_boards, round_secret
from kroeg.clubs.duplicate import (
    METHODS,
    BoardResult,
    Method,
    PairBoard,
    pair_standings,
    score_boards,
)
from kroeg.clubs.errors import ClubError

HOUSE_PAIR = "huis"
"""The key of a side that is the house alone (two house seats: the schedule avoids it)."""


def new_duplicate(
    scoring: object, game: str, options: Mapping[str, Any], rounds: int, per_round: int
) -> dict[str, Any]:
    """A duplicate night's field: its scoring checked and its board set dealt from a
    fresh secret (committed to now, as the night is announced)."""
    if scoring not in METHODS:
        raise ClubError("bad_night", f"a duplicate night scores by {' or '.join(METHODS)}")
    if game != "klaverjassen":
        raise ClubError("bad_night", "a duplicate night is a klaverjas night")
    if options.get("trump_mode") == "gedraaid":
        raise ClubError(
            "bad_night", "a duplicate night's boards have no draaikaart: not trump_mode gedraaid"
        )
    made = deal_boards(rounds * per_round, per_round=per_round)
    assert made.secret is not None
    return {
        "scoring": scoring,
        "source": made.source,
        "secret": made.secret.hex(),
        "count": len(made.boards),
        "per_round": per_round,
        "commitment": made.commitment,
    }


def duplicate_json(duplicate: Mapping[str, Any] | None, *, closed: bool) -> dict[str, Any] | None:
    """What the night shows of its board set: before the close its commitment only;
    after it the whole set (boards and secret), for ``kroeg verify``."""
    if duplicate is None:
        return None
    secret = bytes.fromhex(duplicate["secret"])
    made = deal_boards(duplicate["count"], secret, per_round=duplicate["per_round"])
    return {"scoring": duplicate["scoring"], "set": made.published(revealed=closed)}


def valued(options: Mapping[str, Any]) -> bool:
    """Whether a night's boards get their double-dummy value after the close
    (:mod:`kroeg.clubs.board_values`): not with ``trump_mode: kraken`` or
    ``double_spades``, whose scoring factors the value does not take."""
    return options.get("trump_mode") != "kraken" and not options.get("double_spades")


def table_secret(duplicate: Mapping[str, Any], round_no: int) -> bytes:
    """The secret round ``round_no``'s tables deal their boards from."""
    return round_secret(bytes.fromhex(duplicate["secret"]), round_no)


def pair_key(a: str | None, b: str | None) -> str:
    """A side's key: its members sorted and joined by ``&``, the house left out."""
    members = sorted(m for m in (a, b) if m is not None)
    return "&".join(members) if members else HOUSE_PAIR


def members_of(pair: str) -> list[str]:
    return [] if pair == HOUSE_PAIR else pair.split("&")


def board_results(per_round: int, tables: Sequence[Mapping[str, Any]]) -> list[BoardResult]:
    """Every online table's boards played so far, from its stand's deal ``scores``
    ([NS, EW] per deal, in order)."""
    out = []
    for t in tables:
        online = t.get("online") or {}
        seating = t["seating"]
        ns, ew = pair_key(seating[0], seating[2]), pair_key(seating[1], seating[3])
        for j, (ns_points, ew_points) in enumerate(online.get("scores", []), start=1):
            board = (t["round"] - 1) * per_round + j
            out.append(BoardResult(t["round"], t["number"], board, ns, ew, ns_points, ew_points))
    return out


def shown(results: Sequence[BoardResult], tables: Sequence[Mapping[str, Any]]) -> list[BoardResult]:
    """The results anyone may see: of the boards every table of their round has played
    (a board's scores tell something of its cards, so a table still to play it must not
    see them first)."""
    played: dict[int, set[tuple[int, int]]] = {}
    for r in results:
        played.setdefault(r.board, set()).add((r.round, r.table))
    tables_of = {t["round"]: 0 for t in tables}
    for t in tables:
        tables_of[t["round"]] += 1
    return [r for r in results if len(played[r.board]) == tables_of.get(r.round, 0)]


def others_at(results: Sequence[BoardResult], round_no: int, table: int) -> list[dict[str, Any]]:
    """For one table, each board it has played with what the other tables that have
    played it too made of the same cards ("met deze kaarten haalden de anderen gemiddeld
    96"): per direction the average, ``None`` while no other table has."""
    out = []
    for mine in (r for r in results if r.round == round_no and r.table == table):
        others = [r for r in results if r.board == mine.board and r.table != table]
        n = len(others)
        out.append(
            {
                "board": mine.board,
                "ns_points": mine.ns_points,
                "ew_points": mine.ew_points,
                "others": n,
                "ns_average": sum(r.ns_points for r in others) / n if n else None,
                "ew_average": sum(r.ew_points for r in others) / n if n else None,
            }
        )
    return out


def standings_json(
    duplicate: Mapping[str, Any],
    tables: Sequence[Mapping[str, Any]],
    names: Mapping[str, str],
) -> dict[str, Any]:
    """A duplicate night's standings: per board each table's result with both pairs'
    matchpoint percentage and butler score, its contract (declaring seat and trump) and,
    after the close, that contract's double-dummy value (NS's margin, null until it is
    worked out), and per player (each member of a pair gets
    the pair's board scores; the house is not ranked) the night's percentage, butler
    sum, per round percentage and rank by the night's scoring. Only the boards every
    table of their round has played (:func:`shown`)."""
    results = shown(board_results(duplicate["per_round"], tables), tables)
    scored = score_boards(results)
    by_side = {(pb.board, pb.pair): pb for pb in scored}

    def side(pair: str) -> list[str]:
        return [names.get(m, "?") for m in members_of(pair)] or ["Huis"]

    values = duplicate.get("values") or {}
    contracts = {
        (t["round"], t["number"], j): c
        for t in tables
        for j, c in enumerate((t.get("online") or {}).get("contracts", []), start=1)
    }
    boards: dict[int, list[dict[str, Any]]] = {}
    for r in results:
        ns, ew = by_side[(r.board, r.ns)], by_side[(r.board, r.ew)]
        declarer, trump = contracts.get(
            (r.round, r.table, r.board - (r.round - 1) * duplicate["per_round"]), (None, None)
        )
        boards.setdefault(r.board, []).append(
            {
                "round": r.round,
                "table": r.table,
                "ns": side(r.ns),
                "ew": side(r.ew),
                "ns_points": r.ns_points,
                "ew_points": r.ew_points,
                "ns_percent": ns.percent,
                "ew_percent": ew.percent,
                "ns_butler": ns.butler,
                "ew_butler": ew.butler,
                "declarer": declarer,
                "trump": trump,
                "value": values.get(str(r.board), {}).get(f"{declarer}{trump}"),
            }
        )
    return {
        "scoring": duplicate["scoring"],
        "boards": [{"board": b, "results": rows} for b, rows in sorted(boards.items())],
        "players": player_standings(scored, names, duplicate["scoring"]),
    }


def player_standings(
    scored: Sequence[PairBoard], names: Mapping[str, str], method: Method
) -> list[dict[str, Any]]:
    """Each player's night from the pairs' scored boards (a player counts their pair's
    boards): the percentage, the butler sum, each round's percentage and the rank."""
    per_player = [
        PairBoard(
            pb.board,
            pb.round,
            m,
            pb.direction,
            pb.points,
            pb.matchpoints,
            pb.top,
            pb.percent,
            pb.butler,
        )
        for pb in scored
        for m in members_of(pb.pair)
    ]
    rounds = sorted({pb.round for pb in per_player})
    by_round = {
        r: {s.pair: s.percent for s in pair_standings(pb for pb in per_player if pb.round == r)}
        for r in rounds
    }
    return [
        {
            "member": s.pair,
            "name": names.get(s.pair, "?"),
            "boards": s.boards,
            "percent": round(s.percent, 2),
            "butler": round(s.butler, 2),
            "rounds": [by_round[r].get(s.pair) for r in rounds],
            "rank": s.rank,
        }
        for s in pair_standings(per_player, method=method)
    ]
