"""Portefeuille-klaverjassen at the bar (docs/clubs.md, "At the bar: boards and
movement cards"): a pair night whose ``pairing`` is a movement (``mitchell`` or
``howell``) seats its pairs by the movement, plays a board set dealt by the server, and
its scorers' lines are for the boards their table holds.

The night's board set is dealt (:func:`kroeg.clubs.boards.deal_boards`) from a secret
the server derives from its own secret and the night's id (an HMAC), so it is fixed when
the night is made and needs no storing: its commitment is in the night's JSON from the
start, its boards and secret once the night is closed (``kroeg verify`` checks them as
any dealt set). It holds a board group per table of the movement's first round, each of
``deals_per_round`` boards.

An organiser may instead bring the club's own set (a ``kroeg-boards/1`` file, made by
its dealing program) before the night opens (:meth:`BarBoards.import_set`): checked
board by board, stored, and committed to by its hash (``import_commitment``) as a dealt
set is by its secret's; the night then plays, prints and publishes those boards.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Mapping, Sequence
from typing import Any

from kroeg.clubs.access import ClubAccess
from kroeg.clubs.boards import MAX_BOARDS, BoardSet, deal_boards, import_boards, stored_set
from kroeg.clubs.errors import ClubError
from kroeg.clubs.movements import Movement, movement
from kroeg.clubs.printing import board_range, boards_pdf, movement_pdf
from kroeg.clubs.schedule import Round
from kroeg.store.club_writes import ClubWrites
from kroeg.store.clubs import Row

MOVEMENTS = ("mitchell", "howell")


def is_movement_night(night: Mapping[str, Any]) -> bool:
    return night["pairing"] in MOVEMENTS


def check_movement_night(body: Mapping[str, Any], pairs: bool) -> None:
    """A movement is for a klaverjas pair night at the bar (``bad_night`` otherwise)."""
    if body["game"] != "klaverjassen" or not pairs or body["mode"] != "bar":
        raise ClubError(
            "bad_night", "a Mitchell or Howell movement is for a klaverjas pair night at the bar"
        )


def night_movement(night: Mapping[str, Any], pair_count: int) -> Movement:
    """The night's movement for ``pair_count`` pairs, refused when it does not fit:
    an odd count (``movement_unfit``), a table count the movement has not, more rounds
    than it has, more boards than a set holds."""
    if pair_count % 2:
        raise ClubError(
            "movement_unfit",
            f"a movement seats 2 pairs a table: {pair_count} pairs do not fill "
            f"{pair_count // 2 + 1} tables",
            tables=pair_count // 2 + 1,
        )
    tables = pair_count // 2
    moved = movement(night["pairing"], tables, night["rounds"])
    count = board_count(moved, night["deals_per_round"])
    if count > MAX_BOARDS:
        raise ClubError(
            "movement_unfit",
            f"{tables} tables of {night['deals_per_round']} boards a round need {count} boards: "
            f"a set has at most {MAX_BOARDS}",
            tables=tables,
        )
    own = night.get("imported_boards")
    if own is not None and len(own) < count:
        raise ClubError(
            "board_set_short",
            f"{tables} tables of {night['deals_per_round']} boards a round need {count} boards: "
            f"the night's own set holds {len(own)}",
            tables=tables,
            needed=count,
            count=len(own),
        )
    return moved


def board_count(moved: Movement, deals_per_round: int) -> int:
    """Every board group of the whole movement, also those a shorter night leaves out."""
    whole = movement(moved.kind, moved.tables)
    return whole.groups * deals_per_round


def movement_rounds(moved: Movement, pairs: Sequence[tuple[str, str]], seed: str) -> list[Round]:
    """Each round's tables: pair ``k`` of the movement is the k-th pair in the night's
    seeded order; Wij (seats 0 and 2) the NS pair, Zij (1 and 3) the EW pair."""
    order = list(pairs)
    random.Random(f"kroeg-club-night:{seed}").shuffle(order)
    return [
        tuple(
            (order[s.ns - 1][0], order[s.ew - 1][0], order[s.ns - 1][1], order[s.ew - 1][1])
            for s in sittings
        )
        for sittings in moved.rounds
    ]


class BarBoards:
    def __init__(self, access: ClubAccess, secret: str) -> None:
        self.access = access
        self._secret = secret.encode()

    def board_set(self, night: Mapping[str, Any], tables: int) -> BoardSet:
        """The night's boards: its own set when the organiser brought one, else dealt
        from the night's derived secret."""
        own = night.get("imported_boards")
        if own is not None:
            return stored_set(own)
        moved = movement(night["pairing"], tables)
        key = hmac.new(self._secret, b"kroeg-bar-boards:" + night["id"].encode(), hashlib.sha256)
        return deal_boards(board_count(moved, night["deals_per_round"]), key.digest())

    async def import_set(self, night_id: str, player_id: str, doc: object) -> None:
        """The club's own board set for a movement night that has not opened: checked
        (a missing or repeated card, a bad dealer or numbering is refused, naming the
        board, and nothing changes) and stored; the night's JSON shows its count and
        commitment (``own_boards``). Brought again, it replaces the one before."""
        async with self.access.locks[night_id]:
            night = await self.access.night(night_id)
            await self.access.organiser(night["club_id"], player_id)
            if not is_movement_night(night):
                raise ClubError("no_movement", "this night is not played with a movement")
            if night["status"] != "draft":
                raise ClubError("night_open", "a night's boards are fixed when it opens")
            checked = import_boards(doc)
            writes = ClubWrites()
            writes.import_boards(night_id, [b.json() for b in checked.boards])
            writes.count_change(night_id)
            await self.access.store.commit(writes)
        self.access.notify(night_id)

    async def movement_of(self, night: Row) -> Movement:
        """The movement an open night was seated by (its table count from round 1)."""
        if not is_movement_night(night):
            raise ClubError("no_movement", "this night is not played with a movement")
        if night["status"] == "draft":
            raise ClubError("night_not_open", "the movement is drawn when the night opens")
        tables = await self.access.store.round_tables(night["id"])
        count = sum(t["round"] == 1 for t in tables)
        return movement(night["pairing"], count, night["rounds"])

    async def published(self, night: Row) -> dict[str, Any] | None:
        """What the night's JSON shows of its boards: the commitment, and after the
        close the boards and the secret (None for a night without a movement, or not
        yet open)."""
        if not is_movement_night(night) or night["status"] == "draft":
            return None
        moved = await self.movement_of(night)
        return self.board_set(night, moved.tables).published(revealed=night["status"] == "closed")

    async def boards_pdf(self, night_id: str, player_id: str) -> bytes:
        night = await self.access.night(night_id)
        await self.access.organiser(night["club_id"], player_id)
        moved = await self.movement_of(night)
        return boards_pdf(night["title"], self.board_set(night, moved.tables))

    async def movement_pdf(self, night_id: str, player_id: str) -> bytes:
        night = await self.access.night(night_id)
        await self.access.organiser(night["club_id"], player_id)
        moved = await self.movement_of(night)
        names = await self.access.names(night["club_id"])
        first = [t for t in await self.access.store.round_tables(night_id) if t["round"] == 1]
        pair_names: dict[int, str] = {}
        for table in first:
            sitting = moved.sitting(1, table["number"])
            seats = [names.get(s, "?") if s else "?" for s in table["seating"]]
            pair_names[sitting.ns] = f"{seats[0]} en {seats[2]}"
            pair_names[sitting.ew] = f"{seats[1]} en {seats[3]}"
        return movement_pdf(night["title"], moved, night["deals_per_round"], pair_names)

    async def table_boards(self, night: Row, table: Row) -> tuple[int, int] | None:
        """The first and last board on ``table`` in its round (None without a movement)."""
        if not is_movement_night(night):
            return None
        moved = await self.movement_of(night)
        group = moved.sitting(table["round"], table["number"]).group
        return board_range(group, night["deals_per_round"])


def check_board(board: int, boards: tuple[int, int], table: Row) -> None:
    """A line is for a board the table held that round (``board_not_held`` otherwise)."""
    first, last = boards
    if not first <= board <= last:
        raise ClubError(
            "board_not_held",
            f"board {board} was not on table {table['number']} in round {table['round']}: "
            f"it held boards {first} to {last}",
            board=board,
            table=table["number"],
            round=table["round"],
            first=first,
            last=last,
        )
