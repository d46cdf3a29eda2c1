"""The writes of club nights: a :class:`ClubWrites` collects the changes of one request,
and :meth:`kroeg.store.clubs.ClubStore.commit` writes them in one transaction (all or
nothing). The club service decides what changes; the statements are built here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from kroeg.store import schema

_n = schema.club_nights
_p = schema.night_players
_r = schema.night_rounds
_t = schema.round_tables


class ClubWrites:
    """The statements of one transaction, in the order they are added."""

    def __init__(self) -> None:
        self.statements: list[sa.Executable] = []

    def extend(self, other: ClubWrites) -> None:
        self.statements.extend(other.statements)

    # Clubs and members -------------------------------------------------------------

    def add_club(
        self, club_id: str, name: str, season_best: int, created_by: str, created_at: float
    ) -> None:
        self.statements.append(
            sa.insert(schema.clubs).values(
                id=club_id,
                name=name,
                season_best=season_best,
                created_by=created_by,
                created_at=created_at,
            )
        )

    def add_member(self, member: Mapping[str, Any]) -> None:
        """A ``club_members`` row: id, club_id, player_id (None: a guest), name, role,
        created_at."""
        self.statements.append(sa.insert(schema.club_members).values(**member))

    # Nights --------------------------------------------------------------------------

    def add_night(self, night: Mapping[str, Any]) -> None:
        """A ``club_nights`` row, every column given."""
        self.statements.append(sa.insert(_n).values(**night))

    def register(
        self, night_id: str, member_id: str, partner_id: str | None, registered_at: float
    ) -> None:
        self.statements.append(
            sa.insert(_p).values(
                night_id=night_id,
                member_id=member_id,
                partner_id=partner_id,
                registered_at=registered_at,
            )
        )

    def leave(self, night_id: str, member_id: str, left_at: float) -> None:
        self.statements.append(
            sa.update(_p)
            .where(_p.c.night_id == night_id, _p.c.member_id == member_id)
            .values(left_at=left_at)
        )

    def add_round(self, night_id: str, number: int) -> None:
        self.statements.append(sa.insert(_r).values(night_id=night_id, number=number))

    def sit_out(self, night_id: str, number: int, members: list[str]) -> None:
        """Who sits round ``number`` out (a night with byes)."""
        self.statements.append(
            sa.update(_r)
            .where(_r.c.night_id == night_id, _r.c.number == number)
            .values(sitting_out=members)
        )

    def add_round_table(self, table: Mapping[str, Any]) -> None:
        """A ``round_tables`` row: id, night_id, round, number, seating, secret_hash."""
        self.statements.append(sa.insert(_t).values(**table))

    def import_boards(self, night_id: str, boards: list[dict[str, Any]]) -> None:
        """A movement night's own board set, checked (``kroeg.clubs.boards``)."""
        self.statements.append(
            sa.update(_n).where(_n.c.id == night_id).values(imported_boards=boards)
        )

    def open_night(self, night_id: str) -> None:
        self.statements.append(sa.update(_n).where(_n.c.id == night_id).values(status="open"))

    def start_round(self, night_id: str, number: int, started_at: float) -> None:
        self.statements += [
            sa.update(_n)
            .where(_n.c.id == night_id)
            .values(current_round=number, round_running=True),
            sa.update(_r)
            .where(_r.c.night_id == night_id, _r.c.number == number)
            .values(started_at=started_at),
        ]

    def finish_round(self, night_id: str, number: int, finished_at: float) -> None:
        """Finish the running round ``number``: a change of the night, counted."""
        self.statements += [
            sa.update(_n).where(_n.c.id == night_id).values(round_running=False),
            sa.update(_r)
            .where(_r.c.night_id == night_id, _r.c.number == number)
            .values(finished_at=finished_at),
        ]
        self.count_change(night_id)

    def close_night(self, night_id: str, closed_at: float) -> None:
        self.statements.append(
            sa.update(_n)
            .where(_n.c.id == night_id)
            .values(status="closed", closed_at=closed_at, round_running=False)
        )

    def set_duplicate(self, night_id: str, duplicate: Mapping[str, Any]) -> None:
        """A duplicate night's field, whole (its board values added after the close)."""
        self.statements.append(sa.update(_n).where(_n.c.id == night_id).values(duplicate=duplicate))

    def count_change(self, night_id: str) -> None:
        """Count a change of the night, for the live pages that wait on it."""
        self.statements.append(
            sa.update(_n).where(_n.c.id == night_id).values(changes=_n.c.changes + 1)
        )

    # Round tables --------------------------------------------------------------------

    def reseat(self, round_table_id: str, seating: list[str | None]) -> None:
        self.statements.append(
            sa.update(_t).where(_t.c.id == round_table_id).values(seating=seating)
        )

    def play_online(self, round_table_id: str, table_id: str, stand: Mapping[str, Any]) -> None:
        """The round table plays at the live table ``table_id``; its game stands at
        ``stand``."""
        self.statements.append(
            sa.update(_t)
            .where(_t.c.id == round_table_id)
            .values(table_id=table_id, online=dict(stand))
        )

    def record_stand(self, round_table_id: str, stand: Mapping[str, Any]) -> None:
        self.statements.append(
            sa.update(_t).where(_t.c.id == round_table_id).values(online=dict(stand))
        )

    # Score lines ---------------------------------------------------------------------

    def add_entry(
        self, entry_id: str, round_table_id: str, night_id: str, deal: int, created_at: float
    ) -> None:
        self.statements.append(
            sa.insert(schema.score_entries).values(
                id=entry_id,
                round_table_id=round_table_id,
                night_id=night_id,
                deal=deal,
                created_at=created_at,
            )
        )

    def add_change(
        self,
        change_id: str,
        entry_id: str,
        night_id: str,
        line: Mapping[str, Any] | None,
        by: str,
        at: float,
    ) -> None:
        """A version of an entry's line (``None``: withdrawn)."""
        self.statements.append(
            sa.insert(schema.score_changes).values(
                id=change_id,
                entry_id=entry_id,
                night_id=night_id,
                line=None if line is None else dict(line),
                by=by,
                at=at,
            )
        )
