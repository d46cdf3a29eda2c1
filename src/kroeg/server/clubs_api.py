"""The REST of club nights under ``/api/clubs`` (docs/clubs.md; OpenAPI at ``/docs``).

Organisers act with their session (an account: ``not_an_account`` otherwise); a table's
scorer needs no account, only the table's link (``/api/clubs/sheets/{token}``); the
standings and the schedule are public, for the bar's screen. A route parses, calls the
club service (:mod:`kroeg.clubs.service`) and answers; a refusal rises as a
:class:`~kroeg.clubs.errors.ClubError` and the one handler (:mod:`kroeg.server.refusals`)
answers it as ``{"detail": {"code", "message"}}`` with an English message.
"""

from __future__ import annotations

import csv
import io
from typing import Annotated, Any, Literal
from urllib.parse import quote

import segno
from fastapi import APIRouter, Body, Depends, Path, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from kroeg.clubs.service import ClubService
from kroeg.server.api import PlayerDep, responses, same_origin

router = APIRouter(prefix="/api/clubs", tags=["clubs"], dependencies=[Depends(same_origin)])

SCORE_PAGE = "/web/mieke/sheet.html"
"""The scorer's page; the table's token goes in its fragment (never sent to a server)."""


def clubs(request: Request) -> ClubService:
    service: ClubService = request.app.state.runtime.clubs
    return service


ClubsDep = Annotated[ClubService, Depends(clubs)]
Id = Annotated[str, Path(max_length=64)]
Token = Annotated[str, Path(max_length=128)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ClubBody(_Body):
    name: str = Field(min_length=1, max_length=64)
    season_best: int = Field(default=10, ge=1, le=100)
    """How many of a member's best nights count in the season."""


class MemberBody(_Body):
    account: str | None = Field(default=None, min_length=1, max_length=24)
    """An account's name; or ``guest``: a name for a player without an account."""
    guest: str | None = Field(default=None, min_length=1, max_length=64)
    role: Literal["member", "organiser"] = "member"


class NightBody(_Body):
    title: str | None = Field(default=None, max_length=64)
    game: str = Field(max_length=32)
    variant: str = Field(max_length=32)
    options: dict[str, Any] = Field(default_factory=dict, max_length=64)
    table_size: int | None = Field(default=None, ge=2, le=8)
    rounds: int = Field(ge=1, le=12)
    deals_per_round: int = Field(ge=1, le=32)
    mode: Literal["online", "bar"]
    pairs: bool = False
    """A klaverjas pair night: register pairs; they stay together."""
    seed: str | None = Field(default=None, max_length=64)
    """The schedule's seed (default: random); the same seed draws the same schedule."""
    clock_seconds: float | None = Field(default=None, ge=0, le=600)
    """Online: each turn's clock at the round's tables (default: the game's own)."""
    pairing: Literal["random", "swiss", "mitchell", "howell"] = "random"
    """``random`` ("geloot": the whole schedule drawn at the opening), ``swiss`` (from
    round 2 on, tables drawn by standing; Klaverjassen on a pair night only), or a
    movement of portefeuille-klaverjassen at the bar, ``mitchell`` or ``howell`` (a pair
    night: the pairs move by it and play the night's printed boards)."""
    duplicate: Literal["matchpoints", "butler"] | None = None
    """Klaverjassen: a duplicate night scored by this (docs/clubs.md, "Duplicate
    Klaverjassen"): every table of a round plays the same boards."""
    byes: str | None = Field(default=None, max_length=8)
    """Players who do not fill a table: ``house`` (the house takes the empty seats; the
    online default), or they sit out in turn, a bye scored ``average`` (the bar's
    default) or ``fixed`` (docs/clubs.md, "Byes"); checked by the service (``bad_byes``)."""
    bye_score: int | None = None
    """The ``fixed`` rule's points per bye round (default: the game's, docs/clubs.md)."""


class RegisterBody(_Body):
    member: str = Field(max_length=64)
    partner: str | None = Field(default=None, max_length=64)


class ReplaceBody(_Body):
    out: str = Field(max_length=64)
    replacement: str = Field(max_length=64)


class EntryBody(_Body):
    id: str = Field(max_length=64)
    """The line's own id, made by the phone (8-64 of A-Z a-z 0-9 - _): sent again after
    being offline it is refused as ``duplicate_entry`` and counted once."""
    deal: int = Field(ge=1, le=64)
    line: dict[str, Any] = Field(max_length=16)
    """Klaverjassen ``played`` (seat), ``points`` and ``roem`` [Wij, Zij], ``mark``
    (N, P, V; V with ``revoked``: the team); Toepen ``penalties`` per seat and
    ``winner``; Eurokaarten ``coin_lost`` (seats)."""
    by: str = Field(default="Mieke", min_length=1, max_length=64)


class CorrectionBody(_Body):
    change: str = Field(max_length=64)
    """The change's own id (as an entry's)."""
    line: dict[str, Any] | None = Field(max_length=16)
    """The corrected line, or null to withdraw it."""
    by: str = Field(default="Mieke", min_length=1, max_length=64)


_ORG = responses(401, 403, 404, 409, 422)
_PUBLIC = responses(404, 422)
_ORG_QUOTA = responses(401, 403, 404, 409, 422, 429)
"""A route that creates what a quota counts (docs/clubs.md, "Quotas")."""


@router.post("", responses=_ORG_QUOTA)
async def create_club(body: ClubBody, player: PlayerDep, svc: ClubsDep) -> dict[str, Any]:
    """A new club; the caller (an account) is its first organiser."""
    return await svc.clubs.create_club(player[0], body.name.strip(), body.season_best)


@router.get("", responses=responses(401, 403))
async def my_clubs(player: PlayerDep, svc: ClubsDep) -> dict[str, Any]:
    """The caller's clubs, each with the caller's ``role`` (``member`` or ``organiser``):
    the organiser's pages list them and offer their controls only to organisers."""
    return {"clubs": await svc.clubs.clubs_of(player[0])}


@router.get("/nights/{night_id}", responses=_PUBLIC)
async def get_night(night_id: Id, svc: ClubsDep) -> dict[str, Any]:
    """The night, who plays, and the schedule of every round once it is open."""
    return await svc.nights.night(night_id)


@router.post("/nights/{night_id}/players", responses=_ORG)
async def register(
    night_id: Id, body: RegisterBody, player: PlayerDep, svc: ClubsDep
) -> dict[str, Any]:
    """Register a member (on a pair night: a pair) before the night opens."""
    return await svc.nights.register(night_id, player[0], body.member, body.partner)


@router.post("/nights/{night_id}/open", responses=_ORG)
async def open_night(night_id: Id, player: PlayerDep, svc: ClubsDep) -> dict[str, Any]:
    """Draw every round's tables from the night's seed and open the night."""
    return await svc.nights.open(night_id, player[0])


@router.put("/nights/{night_id}/boards", responses=_ORG)
async def import_boards(
    night_id: Id, player: PlayerDep, svc: ClubsDep, doc: Annotated[dict[str, Any], Body()]
) -> dict[str, Any]:
    """The club's own board set (a ``kroeg-boards/1`` document) for a movement night
    before it opens: checked board by board and committed to by its hash; answers the
    night, whose ``own_boards`` has the set's count and commitment (docs/clubs.md, "Een
    eigen spellenset")."""
    await svc.bar.import_set(night_id, player[0], doc)
    return await svc.nights.night(night_id)


@router.post("/nights/{night_id}/rounds/start", responses=_ORG)
async def start_round(night_id: Id, player: PlayerDep, svc: ClubsDep) -> dict[str, Any]:
    """Start the next round (``round_running`` while one runs)."""
    return await svc.rounds.start_round(night_id, player[0])


@router.post("/nights/{night_id}/rounds/finish", responses=_ORG)
async def finish_round(night_id: Id, player: PlayerDep, svc: ClubsDep) -> dict[str, Any]:
    return await svc.rounds.finish_round(night_id, player[0])


@router.post("/nights/{night_id}/close", responses=_ORG)
async def close_night(night_id: Id, player: PlayerDep, svc: ClubsDep) -> dict[str, Any]:
    """Close the night: no more score lines; it counts in the season."""
    return await svc.rounds.close(night_id, player[0])


@router.post("/nights/{night_id}/replace", responses=_ORG)
async def replace(
    night_id: Id, body: ReplaceBody, player: PlayerDep, svc: ClubsDep
) -> dict[str, Any]:
    """A member takes the seat of a player who left, from the running round on."""
    return await svc.rounds.replace(night_id, player[0], body.out, body.replacement)


@router.get("/nights/{night_id}/links", responses=_ORG)
async def links(night_id: Id, player: PlayerDep, svc: ClubsDep) -> dict[str, Any]:
    """Per table its scorer's token, for the links and QR codes (organisers only)."""
    return await svc.nights.scorer_links(night_id, player[0])


_PDF = {**_ORG, 200: {"content": {"application/pdf": {}}}}


@router.get("/nights/{night_id}/boards.pdf", responses=_PDF, response_class=Response)
async def boards_pdf(night_id: Id, player: PlayerDep, svc: ClubsDep) -> Response:
    """A movement night's boards, each with its four hands, to deal the portefeuilles
    from (organisers only: they hold every hidden card)."""
    data = await svc.bar.boards_pdf(night_id, player[0])
    return _pdf(data, f"spellen-{night_id}.pdf")


@router.get("/nights/{night_id}/movement.pdf", responses=_PDF, response_class=Response)
async def movement_pdf(night_id: Id, player: PlayerDep, svc: ClubsDep) -> Response:
    """A movement night's table cards: per round the pairs and the boards of each table."""
    data = await svc.bar.movement_pdf(night_id, player[0])
    return _pdf(data, f"tafelkaarten-{night_id}.pdf")


def _pdf(data: bytes, name: str) -> Response:
    return Response(
        data,
        media_type="application/pdf",
        headers={
            "Content-Disposition": f'inline; filename="{name}"',
            "Cache-Control": "no-store",
        },
    )


@router.get("/nights/{night_id}/standings", responses=_PUBLIC)
async def standings(night_id: Id, svc: ClubsDep) -> dict[str, Any]:
    """Each player's total, rank and points per round (the house is not ranked)."""
    return await svc.results.standings(night_id)


@router.get(
    "/nights/{night_id}/standings.csv",
    responses={**_PUBLIC, 200: {"content": {"text/csv": {}}}},
    response_class=Response,
)
async def standings_csv(night_id: Id, svc: ClubsDep) -> Response:
    """The standings as CSV: rank, name, each round, total (once somebody sat a round out:
    then the rounds sat out, their points in the round's column); on a duplicate night each
    round's percentage, the night's percentage and butler."""
    data = await svc.results.standings(night_id)
    out = io.StringIO()
    writer = csv.writer(out)
    rounds = data["night"]["current_round"]
    round_heads = [f"round {i}" for i in range(1, rounds + 1)]
    if data["duplicate"] is not None:  # a duplicate night: the percentages
        writer.writerow(["rank", "name", *round_heads, "percent", "butler"])
        for row in data["duplicate"]["players"]:
            cells = ["" if v is None else round(v, 2) for v in row["rounds"]]
            name = _csv_text(row["name"])
            writer.writerow([row["rank"], name, *cells, row["percent"], row["butler"]])
    else:
        byes = any(row["bye_rounds"] for row in data["standings"])
        writer.writerow(["rank", "name", *round_heads, "total", *(["byes"] if byes else [])])
        for row in data["standings"]:
            cells = ["" if v is None else v for v in row["rounds"]]
            sat_out = [" ".join(str(r) for r in row["bye_rounds"])] if byes else []
            writer.writerow([row["rank"], _csv_text(row["name"]), *cells, row["total"], *sat_out])
    return Response(
        out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="standings-{night_id}.csv"'},
    )


def _csv_text(text: str) -> str:
    """A name as a spreadsheet cell that is never read as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@router.get("/nights/{night_id}/changes", responses=_PUBLIC)
async def changes(
    night_id: Id, svc: ClubsDep, after: Annotated[int, Query(ge=-1, le=2**31)] = -1
) -> dict[str, int]:
    """The night's change count, once it is above ``after`` (waits up to 20 s): the live
    pages ask again and reload the standings when it moved."""
    return {"changes": await svc.access.wait(night_id, after)}


@router.get("/sheets/{token}", responses=_PUBLIC)
async def sheet(token: Token, svc: ClubsDep) -> dict[str, Any]:
    """A table's score sheet for its scorer: seats, lines with their history, the stand."""
    return await svc.sheets.sheet(token)


@router.get(
    "/sheets/{token}/qr.svg",
    responses={**_PUBLIC, 200: {"content": {"image/svg+xml": {}}}},
    response_class=Response,
)
async def sheet_qr(token: Token, request: Request, svc: ClubsDep) -> Response:
    """The QR code of the table's score page (an SVG), to lay on the table."""
    await svc.sheets.sheet(token)
    url = f"{str(request.base_url).rstrip('/')}{SCORE_PAGE}#{quote(token, safe='')}"
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=4, border=2)
    return Response(out.getvalue(), media_type="image/svg+xml")


@router.post("/sheets/{token}/entries", responses=responses(404, 409, 422))
async def add_entry(token: Token, body: EntryBody, svc: ClubsDep) -> dict[str, Any]:
    """Add a score line for a deal; it is checked against the sheet and the rules."""
    return await svc.sheets.add_entry(token, body.id, body.deal, body.line, body.by.strip())


@router.post("/sheets/{token}/entries/{entry_id}", responses=responses(404, 409, 422, 429))
async def correct_entry(
    token: Token, entry_id: Id, body: CorrectionBody, svc: ClubsDep
) -> dict[str, Any]:
    """Correct (or withdraw) a line; every version is kept with who and when."""
    return await svc.sheets.correct(token, entry_id, body.change, body.line, body.by.strip())


@router.get("/my-tables", responses=responses(401))
async def my_tables(player: PlayerDep, svc: ClubsDep) -> dict[str, Any]:
    """The caller's tables in the current (or last played) round of the open online
    nights: ``/t/{table}`` is where they play (the tables are private: only this tells
    a player which one is theirs)."""
    return {"tables": await svc.nights.my_tables(player[0])}


@router.get("/{club_id}", responses=_PUBLIC)
async def get_club(club_id: Id, svc: ClubsDep) -> dict[str, Any]:
    return await svc.clubs.club(club_id)


@router.post("/{club_id}/members", responses=_ORG)
async def add_member(
    club_id: Id, body: MemberBody, player: PlayerDep, svc: ClubsDep
) -> dict[str, Any]:
    """Add a member: an account by its name, or a guest by a name (organisers only)."""
    return await svc.clubs.add_member(
        club_id, player[0], account=body.account, guest=body.guest, role=body.role
    )


@router.post("/{club_id}/nights", responses=_ORG_QUOTA)
async def create_night(
    club_id: Id, body: NightBody, player: PlayerDep, svc: ClubsDep
) -> dict[str, Any]:
    """A new night (a draft: register the players, then open it)."""
    return await svc.nights.create_night(club_id, player[0], body.model_dump())


@router.get("/{club_id}/season", responses=_PUBLIC)
async def season(club_id: Id, svc: ClubsDep) -> dict[str, Any]:
    """The season: each member's best K closed nights summed (K: the club's)."""
    return await svc.results.season(club_id)
