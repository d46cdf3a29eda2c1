"""The puzzles' REST under ``/api/puzzles`` (docs/puzzles.md, docs/protocol.md) and the
page ``/puzzels`` (web/puzzles.js).

A puzzle is shown as the seat's view it was taken from, the cards it may play, and its
rating: never its answer, and never a card the seat could not see. The answer (``POST
/api/puzzles/{id}/answer``) counts once per player: it rates the player and the puzzle
against each other and returns the solver's values of every card. Refused requests
(an unknown puzzle, a card that is not a card or not one the seat may play, a second
answer) get a stable code and change nothing.
"""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from kroeg.cards import CardError, card_str, parse_card
from kroeg.errors import Refusal
from kroeg.puzzles.rating import Skill
from kroeg.puzzles.toepen import shown_answer, stored_answer
from kroeg.server.api import PlayerDep, RuntimeDep, responses, same_origin
from kroeg.server.runtime import Runtime
from kroeg.server.static import _index
from kroeg.store.puzzles import AlreadyAnswered, PuzzleStore, Row
from kroeg.store.store import ID_MAX

router = APIRouter(prefix="/api/puzzles", dependencies=[Depends(same_origin)])
pages = APIRouter(include_in_schema=False)

PuzzleId = Annotated[int, Path(ge=1, le=ID_MAX)]


class AnswerBody(BaseModel):
    """A card for a Klaverjassen puzzle, a choice (``knock``, ``wait``, ``stay`` or
    ``fold``) for a Toepen knock puzzle."""

    model_config = ConfigDict(extra="forbid")
    card: str | None = Field(default=None, max_length=8)
    choice: str | None = Field(default=None, max_length=8)


def _store(rt: Runtime) -> PuzzleStore:
    return PuzzleStore(rt.store)


def _rating(row: Row) -> dict[str, Any]:
    skill = Skill(float(row["mu"]), float(row["sigma"]))
    return {"rating": skill.shown, "mu": round(skill.mu, 3), "sigma": round(skill.sigma, 3)}


async def _replay(rt: Runtime, row: Row) -> str | None:
    """The replay of the game the puzzle came from: only when its table's records are
    public (docs/security.md) and the game is over."""
    if row["game_id"] is None:
        return None
    game = await rt.store.game(int(row["game_id"]))
    if game is None or game.finished_at is None:
        return None
    table = await rt.store.table(game.table_id)
    if table is None or not table.public_records:
        return None
    return f"/t/{table.id}?replay={game.id}"


async def _payload(rt: Runtime, row: Row) -> dict[str, Any]:
    """What a puzzle shows before it is answered: the view, the cards, no answer."""
    return {
        "id": row["id"],
        "game": row["game"],
        "variant": row["variant"],
        "seat": row["seat"],
        "deal": row["deal"],
        "trick": row["trick"],
        "view": row["view"],
        "cards": row["cards"],
        "attempts": row["attempts"],
        "solved": row["solved"],
        "replay": await _replay(rt, row),
        **_rating(row),
    }


async def _puzzle(rt: Runtime, puzzle_id: int) -> Row:
    row = await _store(rt).puzzle(puzzle_id)
    if row is None:
        raise Refusal("unknown_puzzle", f"there is no puzzle {puzzle_id}")
    return row


@router.get("/next", responses=responses(401, 404))
async def next_puzzle(rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    """The puzzle the player has not answered whose rating is nearest the player's."""
    store = _store(rt)
    row = await store.next_for(player[0])
    if row is None:
        raise Refusal("no_puzzle", "there is no puzzle left for you to solve")
    return await _payload(rt, row)


@router.get("/daily", responses=responses(404))
async def daily_puzzle(rt: RuntimeDep) -> dict[str, Any]:
    """The day's puzzle (UTC), the same for everyone."""
    row = await _store(rt).daily(time.time())
    if row is None:
        raise Refusal("no_puzzle", "there are no puzzles yet")
    return await _payload(rt, row)


@router.get("/history", responses=responses(401))
async def history(rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    """The player's puzzle rating, streaks and latest answers (newest first)."""
    store = _store(rt)
    me = await store.skill(player[0])
    answers = [
        {
            "puzzle": a["puzzle_id"],
            "game": a["game"],
            "card": shown_answer(a["card"]),
            "solved": bool(a["solved"]),
            "rating_before": Skill(a["rating_before"]).shown,
            "rating_after": Skill(a["rating_after"]).shown,
            "at": a["created_at"],
        }
        for a in await store.history(player[0])
    ]
    return {
        **_rating(me),
        "attempts": me["attempts"],
        "solved": me["solved"],
        "streak": me["streak"],
        "best_streak": me["best_streak"],
        "answers": answers,
    }


@router.get("/{puzzle_id}", responses=responses(404, 422))
async def puzzle(puzzle_id: PuzzleId, rt: RuntimeDep) -> dict[str, Any]:
    return await _payload(rt, await _puzzle(rt, puzzle_id))


def _card(row: Row, body: AnswerBody) -> str:
    """The answer's card: a card of the puzzle's ``cards``, else refused."""
    try:
        card = card_str(parse_card(body.card or ""))
    except CardError as e:
        raise Refusal("unknown_card", str(e)) from None
    if card not in row["cards"]:
        raise Refusal(
            "illegal_card",
            f"{card} is not a card you may play here: one of {', '.join(row['cards'])}",
        )
    return card


def _choice(row: Row, body: AnswerBody) -> str:
    """The answer's knock choice: one of the Toepen puzzle's ``cards``, else refused."""
    choice = body.choice or ""
    if choice not in row["cards"]:
        raise Refusal(
            "illegal_choice",
            f"answer with a choice of this puzzle: one of {', '.join(row['cards'])}",
        )
    return choice


@router.post("/{puzzle_id}/answer", responses=responses(401, 404, 409, 422))
async def answer(
    puzzle_id: PuzzleId, body: AnswerBody, rt: RuntimeDep, player: PlayerDep
) -> dict[str, Any]:
    """Answer a puzzle once: whether the card is the one, the solver's values of every
    card, and the player's new rating and streak."""
    row = await _puzzle(rt, puzzle_id)
    card = _choice(row, body) if row["game"] == "toepen" else _card(row, body)
    solution = row["solution"]
    store = _store(rt)
    try:
        done = await store.answer(
            puzzle_id, player[0], stored_answer(card), card == solution["best"]
        )
    except AlreadyAnswered:
        raise Refusal("puzzle_answered", "you answered this puzzle already") from None
    return {
        "id": puzzle_id,
        "card": card,
        "correct": done.solved,
        **solution,
        "rating_before": done.before.shown,
        "rating": done.after.shown,
        "puzzle_rating": done.puzzle_after.shown,
        "streak": done.streak,
        "best_streak": done.best_streak,
        "replay": await _replay(rt, row),
    }


@pages.get("/puzzels")
async def puzzles_page() -> Response:
    """The puzzle page (web/puzzles.js)."""
    return _index()


@pages.get("/puzzels/{puzzle_id}")
async def puzzle_page(puzzle_id: str) -> Response:
    return _index()
