"""The players' REST under ``/api``: profiles, game histories, leaderboards, follows and
blocks (issue 19 points 2, 4 and 5; docs/accounts.md, docs/ratings.md)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query

from kroeg.accounts import by_name, history, rating_store, social
from kroeg.accounts.ratings import LEADERBOARD_GAMES, LEADERBOARD_OPPONENTS, Rating
from kroeg.errors import Refusal
from kroeg.games import GAMES, game_class
from kroeg.server.api import GameId, PlayerDep, RuntimeDep, SessionDep, responses, same_origin
from kroeg.server.runtime import Runtime
from kroeg.store.accounts import Account
from kroeg.store.ratings import changes_of_game
from kroeg.store.social import blocked_by, blocks, following, follows
from kroeg.store.store import ID_MAX
from kroeg.tables.protocol import Seating

router = APIRouter(prefix="/api", dependencies=[Depends(same_origin)])

Name = Annotated[str, Path(min_length=1, max_length=64)]
GameName = Annotated[str, Path(min_length=1, max_length=32)]


async def _account(rt: Runtime, name: str) -> Account:
    account = await by_name(rt.store, name)
    if account is None:
        raise Refusal("unknown_player", f"there is no player named {name!r}")
    return account


@router.get("/players/{name}", responses=responses(404, 422))
async def player_profile(name: Name, rt: RuntimeDep) -> dict[str, Any]:
    """Name, member since, and per game and variant the games played and won, the rating
    (mu, sigma, and ``rating`` = mu − 3σ) and the recent form (newest first)."""
    return await history.profile(rt.store, await _account(rt, name))


@router.get("/players/{name}/games", responses=responses(404, 422))
async def player_games(
    name: Name,
    rt: RuntimeDep,
    session: SessionDep,
    game: Annotated[str | None, Query(max_length=32)] = None,
    cursor: Annotated[int | None, Query(ge=1, le=ID_MAX)] = None,
) -> dict[str, Any]:
    """The player's finished games, newest first, 20 a page; ``next`` is the ``cursor``
    of the next page. A private table's id (its invite) only for its players."""
    account = await _account(rt, name)
    if game is not None and game not in GAMES:
        raise Refusal("unknown_game_name", f"unknown game {game!r}: one of {', '.join(GAMES)}")
    viewer = None if session is None else session.player
    return await history.games_of(rt.store, account, viewer=viewer, game=game, cursor=cursor)


@router.get("/leaderboard/{game}", responses=responses(404, 422))
async def leaderboard(
    game: GameName,
    rt: RuntimeDep,
    variant: Annotated[str | None, Query(max_length=32)] = None,
    kind: Annotated[str, Query(max_length=16)] = "person",
) -> dict[str, Any]:
    """The top 50 accounts by conservative rating (mu − 3σ) in the game and variant (by
    default its first), among those with at least 20 rated games against at least 5
    different people: people's accounts, or with ``kind=bot`` the bots' own board."""
    if game not in GAMES:
        raise Refusal("unknown_game_name", f"unknown game {game!r}: one of {', '.join(GAMES)}")
    variants = list(game_class(game).variants)
    chosen = variant or variants[0]
    if chosen not in variants:
        raise Refusal(
            "unknown_variant", f"unknown variant {chosen!r} of {game}: one of {', '.join(variants)}"
        )
    if kind not in rating_store.BOARDS:
        raise Refusal(
            "unknown_board",
            f"unknown leaderboard {kind!r}: one of {', '.join(rating_store.BOARDS)}",
        )
    rows = await rating_store.leaderboard(rt.store, game, chosen, kind=kind)
    return {"game": game, "variant": chosen, "kind": kind, "players": rows}


@router.get("/players/{name}/relation", responses=responses(401, 404, 422))
async def relation(name: Name, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    """How you stand to the player, for the buttons their profile and card offer: whether
    it is you, whether you follow them and whether you block them (only you see that)."""
    account = await _account(rt, name)
    me = player[0]
    return {
        "name": account.name,
        "self": account.player_id == me,
        "following": await follows(rt.store, me, account.player_id),
        "blocked": await blocks(rt.store, me, account.player_id),
    }


async def _change(rt: Runtime, player: tuple[str, str], name: str, what: Any) -> dict[str, Any]:
    account: Account = await what(rt.store, player[0], name)
    return {"name": account.name}


@router.put("/players/{name}/follow", responses=responses(401, 403, 404, 422))
async def follow(name: Name, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    """Follow the player (again: nothing changes); refused when they block you."""
    return {**await _change(rt, player, name, social.follow), "following": True}


@router.delete("/players/{name}/follow", responses=responses(401, 404, 422))
async def unfollow(name: Name, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    return {**await _change(rt, player, name, social.unfollow), "following": False}


@router.put("/players/{name}/block", responses=responses(401, 404, 422))
async def block(name: Name, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    """Block the player: their chat no longer reaches you, they cannot invite you, and
    their follow of you ends. Only you ever see whom you block."""
    result = {**await _change(rt, player, name, social.block), "blocked": True}
    await _refresh_blocks(rt, player[0])
    return result


@router.delete("/players/{name}/block", responses=responses(401, 404, 422))
async def unblock(name: Name, rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    result = {**await _change(rt, player, name, social.unblock), "blocked": False}
    await _refresh_blocks(rt, player[0])
    return result


async def _refresh_blocks(rt: Runtime, player: str) -> None:
    """The player's open connections take the new blocks at once (their chat filter)."""
    blocked = frozenset(await blocked_by(rt.store, player))
    for connection in rt.connections:
        if connection.player == player:
            connection.ignored = blocked


TableId = Annotated[str, Path(max_length=64)]


@router.get("/tables/{table_id}/ratings", responses=responses(404, 422, 503))
async def table_ratings(table_id: TableId, rt: RuntimeDep) -> dict[str, Any]:
    """The seated players' ratings in the table's game and variant, by seat (the seats'
    badges and cards): ``rating`` is mu − 3σ, with mu, sigma and the leaderboard's counts;
    a seat without a rated game is absent. ``rule``: what the leaderboard asks."""
    seating = await rt.tables.ask(Seating(table=table_id))
    seated = {i: p for i, p in enumerate(seating["seats"]) if p is not None}
    found = await rating_store.ratings_by_player(
        rt.store, list(seated.values()), seating["game"], seating["variant"]
    )
    return {
        "ratings": {
            str(seat): {
                "rating": round(found[p].rating.score, 1),
                "mu": round(found[p].rating.mu, 1),
                "sigma": round(found[p].rating.sigma, 1),
                "games": found[p].games,
                "opponents": found[p].opponents,
                "established": found[p].established,
            }
            for seat, p in seated.items()
            if p in found
        },
        "rule": {"games": LEADERBOARD_GAMES, "established": LEADERBOARD_OPPONENTS},
    }


@router.get("/games/{game_id}/ratings", responses=responses(422))
async def game_ratings(game_id: GameId, rt: RuntimeDep) -> dict[str, Any]:
    """Each seat's rating before and after the game (mu − 3σ), for the end screen's
    "+8"; empty until the game is rated (just after its end) or for an unrated game."""
    changes = {
        str(row.seat): {
            "before": round(Rating(row.mu_before, row.sigma_before).score, 1),
            "after": round(Rating(row.mu, row.sigma).score, 1),
        }
        for row in await changes_of_game(rt.store, game_id)
    }
    return {"game_id": game_id, "changes": changes}


@router.get("/me/following", responses=responses(401))
async def my_following(rt: RuntimeDep, player: PlayerDep) -> dict[str, Any]:
    """The people you follow: whether each is online and at which public table they sit,
    unless they chose to be invisible (then neither)."""
    online = await rt.online()
    where: dict[str, dict[str, Any]] = {}
    for table in await rt.listed():  # public only: a private table's id is its invite
        for seat in table["players"]:
            if seat["player"] is not None:
                where.setdefault(
                    seat["player"],
                    {"id": table["id"], "game": table["game"], "variant": table["variant"]},
                )
    people = []
    for player_id, name, invisible in await following(rt.store, player[0]):
        shown = not invisible and player_id in online
        people.append(
            {"name": name, "online": shown, "table": where.get(player_id) if shown else None}
        )
    return {"following": people}
