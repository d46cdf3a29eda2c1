"""Finished games written into a store as a table writes them, for the ratings tests."""

from __future__ import annotations

import itertools

import sqlalchemy as sa

from kroeg.accounts.names import name_key
from kroeg.store import Finish, NewGame, Store, TableChange, TableRow, schema

_versions = itertools.count(1)
_clock = itertools.count(1)


async def add_player(store: Store, player: str, account: str | None = None) -> None:
    """A guest; with ``account``, also an account of that name (as migration 0005 has
    them, before the accounts engineer's functions), made before any game."""
    await store.create_player(player, account or player)
    if account is not None:
        await register(store, player, account, 1.0)


async def register(store: Store, player: str, account: str, at: float | None = None) -> None:
    """The guest ``player`` makes an account: at ``at``, by default now (after every game
    played so far: the games' times come from one counter)."""
    async with store.engine.begin() as conn:
        await conn.execute(
            sa.insert(schema.accounts).values(
                player_id=player,
                name=account,
                name_key=name_key(account),
                created_at=float(next(_clock)) if at is None else at,
            )
        )


async def add_table(
    store: Store,
    table_id: str,
    game: str,
    variant: str,
    seats: int,
    *,
    rated: bool = True,
    house_level: str = "basis",
) -> None:
    await store.create_table(
        TableRow(
            id=table_id,
            game=game,
            variant=variant,
            options={},
            seats=seats,
            clock_seconds=60.0,
            private=False,
            house_level=house_level,
            created_at=1.0,
            version=0,
            seating={"seats": [None] * seats, "waiting": []},
            rated=rated,
        )
    )


async def play(
    store: Store,
    table_id: str,
    game: str,
    variant: str,
    outcomes: list[tuple[str | None, str]],
    result: dict[str, object],
    places: tuple[int, ...] = (),
) -> int:
    """A game at the table, started and finished at once: per seat (player or None for
    the house, outcome), and the places of the game's result (none: as a game finished
    before migration 0011 has them); its id."""
    players = [p for p, _ in outcomes]
    names = [p or f"huis {i}" for i, p in enumerate(players)]
    game_id = await store.write(
        TableChange(
            table_id,
            next(_versions),
            new_game=NewGame(
                table_id,
                1,
                game,
                variant,
                {},
                len(players),
                0,
                1,
                players,
                names,
                float(next(_clock)),
                None,
            ),
        )
    )
    assert game_id is not None
    finish = Finish(
        game_id,
        result,
        float(next(_clock)),
        [(p, n, o) for (p, o), n in zip(outcomes, names, strict=True)],
        places,
    )
    await store.write(TableChange(table_id, next(_versions), game_id=game_id, finish=finish))
    return game_id
