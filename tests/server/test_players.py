"""The players' REST and invitations over real sockets, on SQLite and PostgreSQL: a rated
game changes both players' ratings and shows in their profiles, histories and (with
enough games) the leaderboard; follows, blocks and invites with their refusals (issue 19
points 2 to 5)."""

from __future__ import annotations

import asyncio
import random
import secrets

import httpx

from tests.server.harness import Client, Server, autoplay

SHORT = {"max_points": 3}
"""Toepen to 3 points: a game of a few deals."""


async def _member(server: Server, prefix: str) -> tuple[Client, str]:
    """A connected guest who registered (POST /api/accounts), with a name unique to the
    test run; ``client.token`` is the account's session."""
    name = f"{prefix}{secrets.token_hex(3)}"
    client = await Client.connect(server, name)
    r = server.post("/api/accounts", {"name": name, "password": "geheim-wachtwoord"}, client.token)
    assert r.status_code == 200, r.text
    assert r.json()["id"] == client.player
    client.token = r.json()["token"]
    return client, name


def _put(server: Server, path: str, token: str) -> httpx.Response:
    return httpx.put(f"{server.url}{path}", headers={"authorization": f"Bearer {token}"})


def _delete(server: Server, path: str, token: str) -> httpx.Response:
    return httpx.delete(f"{server.url}{path}", headers={"authorization": f"Bearer {token}"})


async def test_a_rated_game_changes_both_ratings_and_shows_in_profile_and_history(
    server: Server,
) -> None:
    (anna, a), (bram, b) = await _member(server, "Anna"), await _member(server, "Bram")
    table = server.table("toepen", "kroegregels", options=SHORT, rated=True)
    await anna.send({"type": "sit", "table": table, "seat": 0})
    await bram.send({"type": "sit", "table": table, "seat": 1})
    await bram.expect(lambda f: f["type"] == "snapshot" and f["you"] == 1)
    await anna.send({"type": "start", "table": table})
    last, _ = await asyncio.gather(
        autoplay(anna, table, random.Random(4), seat=0),
        autoplay(bram, table, random.Random(5), seat=1),
    )
    game_id = last["game_id"]
    seated = server.get(f"/api/tables/{table}/ratings").json()
    badges = seated["ratings"]
    assert set(badges) == {"0", "1"} and badges["0"]["games"] == badges["1"]["games"] == 1
    # The card's uncertainty and the leaderboard's counts (issue 32, build 2 and 6).
    assert badges["0"]["sigma"] < 25 / 3 and badges["0"]["opponents"] == 1
    assert seated["rule"] == {"games": 20, "established": 5}
    # The end screen's "+8": each rated seat before and after.
    changes = server.get(f"/api/games/{game_id}/ratings").json()["changes"]
    assert set(changes) == {"0", "1"}
    assert all(c["before"] != c["after"] for c in changes.values())
    assert changes["0"]["after"] == badges["0"]["rating"]
    for name in (a, b):
        profile = server.get(f"/api/players/{name.lower()}").json()  # any case finds them
        assert profile["name"] == name
        [toepen] = profile["games"]
        assert (toepen["game"], toepen["variant"], toepen["played"]) == ("toepen", "kroegregels", 1)
        assert toepen["rating"]["games"] == 1 and toepen["rating"]["mu"] != 25.0
        # Each met one person, who had no rated games yet: no established opponent.
        assert (toepen["rating"]["opponents"], toepen["rating"]["established"]) == (1, 0)
        assert len(toepen["form"]) == 1
        history = server.get(f"/api/players/{name}/games").json()
        [played] = history["games"]
        assert played["id"] == game_id and history["next"] is None
        assert played["table"] == table and played["record"] == f"/api/games/{game_id}/record"
        assert [s["name"] for s in played["seats"]][:2] == [a, b]
        change = played["rating_change"]
        assert change is not None and change["mu"] != change["mu_before"] == 25.0
        won = played["outcome"] == "won"
        assert (change["mu"] > 25.0) == won or played["outcome"] == "left"
        # Places as people count them (docs/ratings.md): Toepen ends at its first loser
        # (RULES.md §2.8, end_mode first_loser), so the winners share 1st, the losers 2nd.
        assert played["teams"] is False
        for seat in played["seats"]:
            assert seat["place"] == (1 if seat["outcome"] == "won" else 2), played["seats"]
        assert played["place"] == played["seats"][played["seat"]]["place"]
    await anna.close()
    await bram.close()


async def test_an_unrated_table_and_the_profile_errors(server: Server) -> None:
    anna, a = await _member(server, "Anna")
    table = server.table("toepen", "kroegregels", options=SHORT)  # rated is off by default
    await anna.send({"type": "sit", "table": table, "seat": 0})
    await anna.send({"type": "start", "table": table})
    await autoplay(anna, table, random.Random(6), seat=0)
    [toepen] = server.get(f"/api/players/{a}").json()["games"]
    assert toepen["played"] == 1 and toepen["rating"] is None
    [played] = server.get(f"/api/players/{a}/games").json()["games"]
    assert played["rating_change"] is None
    missing = server.get("/api/players/nobody-at-all")
    assert missing.status_code == 404 and missing.json()["detail"]["code"] == "unknown_player"
    bad = server.get(f"/api/players/{a}/games?game=schaak")
    assert bad.status_code == 422 and bad.json()["detail"]["code"] == "unknown_game_name"
    board = server.get("/api/leaderboard/toepen?variant=kroegregels").json()
    assert board["variant"] == "kroegregels" and a not in [p["name"] for p in board["players"]]
    assert server.get("/api/leaderboard/schaak").json()["detail"]["code"] == "unknown_game_name"
    wrong = server.get("/api/leaderboard/toepen?variant=nku")
    assert wrong.status_code == 422 and wrong.json()["detail"]["code"] == "unknown_variant"
    await anna.close()


async def test_follow_invite_and_block(server: Server) -> None:
    (anna, a), (bram, b) = await _member(server, "Anna"), await _member(server, "Bram")
    table = server.table("toepen", "kroegregels")
    await anna.send({"type": "sit", "table": table, "seat": 0})
    await anna.expect(lambda f: f["type"] == "snapshot")
    # A stranger cannot be invited.
    await anna.send({"type": "invite", "table": table, "name": b})
    assert (await anna.error())["code"] == "not_following"
    assert not [f for f in bram.frames if f["type"] == "invite"]
    # Follow, then the lobby shows where Bram is; the invite reaches him.
    followed = _put(server, f"/api/players/{b}/follow", anna.token)
    assert followed.status_code == 200 and followed.json() == {"name": b, "following": True}
    assert _put(server, f"/api/players/{b}/follow", anna.token).status_code == 200  # again
    mine = httpx.get(
        f"{server.url}/api/me/following", headers={"authorization": f"Bearer {anna.token}"}
    ).json()["following"]
    assert mine == [{"name": b, "online": True, "table": None}]
    await anna.send({"type": "invite", "table": table, "name": b})
    invite = await bram.expect(lambda f: f["type"] == "invite")
    assert invite["table"] == table and invite["from"] == a
    assert (await anna.expect(lambda f: f["type"] == "invite_sent"))["to"] == b
    # Bram blocks Anna: her follow ends, she cannot follow or invite him, her chat is gone.
    await bram.send({"type": "watch", "table": table})
    await bram.expect(lambda f: f["type"] == "snapshot")
    assert _put(server, f"/api/players/{a}/block", bram.token).json()["blocked"] is True
    refused = _put(server, f"/api/players/{b}/follow", anna.token)
    assert refused.status_code == 403 and refused.json()["detail"]["code"] == "follow_refused"
    await anna.send({"type": "invite", "table": table, "name": b})
    assert (await anna.error())["code"] == "not_following"
    await anna.send({"type": "chat", "table": table, "text": "hallo Bram"})
    await anna.expect(lambda f: f["type"] == "chat")  # the speaker still hears it
    await bram.send({"type": "chat", "table": table, "text": "ik hoor niets"})
    await bram.expect(lambda f: f["type"] == "chat" and f["text"] == "ik hoor niets")
    assert not [f for f in bram.frames if f["type"] == "chat" and f["player"] == anna.player]
    # Unblocked, her chat reaches him again.
    assert _delete(server, f"/api/players/{a}/block", bram.token).json()["blocked"] is False
    await anna.send({"type": "chat", "table": table, "text": "en nu?"})
    await bram.expect(lambda f: f["type"] == "chat" and f["text"] == "en nu?")
    await anna.close()
    await bram.close()


async def test_an_invitation_offers_the_partners_seat_and_refuses_a_finished_game(
    server: Server,
) -> None:
    """Issue 32, bug 1: the invitation names its table and offers the inviter's partner's
    seat at Klaverjassen (not the first free one, an opponent's); a finished game's table
    takes none; at a running table the friend waits for the offered seat."""
    (anna, a), (bram, b) = await _member(server, "Anna"), await _member(server, "Bram")
    _put(server, f"/api/players/{b}/follow", anna.token)
    # A Toepen game Anna played to its end: she still sits there.
    old = server.table("toepen", "kroegregels", options=SHORT)
    await anna.send({"type": "sit", "table": old, "seat": 0})
    await anna.send({"type": "start", "table": old})
    await autoplay(anna, old, random.Random(6), seat=0)
    await anna.send({"type": "invite", "table": old, "name": b})
    assert (await anna.error())["code"] == "table_finished"
    assert not [f for f in bram.frames if f["type"] == "invite"]
    # A new Klaverjassen table, Anna at seat 1: Bram is offered seat 3, as her partner.
    new = server.table("klaverjassen", "nku")
    await anna.send({"type": "sit", "table": new, "seat": 1})
    await anna.expect(lambda f: f["type"] == "snapshot" and f["table"] == new)
    await anna.send({"type": "invite", "table": new, "name": b})
    invite = await bram.expect(lambda f: f["type"] == "invite")
    assert (invite["table"], invite["seat"], invite["partner"]) == (new, 3, True)
    # A seat she chose, and one a person holds.
    await anna.send({"type": "invite", "table": new, "name": b, "seat": 2})
    chosen = await bram.expect(lambda f: f["type"] == "invite")
    assert (chosen["seat"], chosen["partner"]) == (2, False)
    await anna.send({"type": "invite", "table": new, "name": b, "seat": 1})
    assert (await anna.error())["code"] == "seat_taken"
    # Bram takes the seat he was offered.
    sat = server.post(f"/api/tables/{new}/sit", {"seat": invite["seat"]}, bram.token)
    assert sat.status_code == 200, sat.text
    seats = server.get(f"/api/tables/{new}").json()["players"]
    assert [(p["seat"], p["name"]) for p in seats if not p["house"]] == [(1, a), (3, b)]
    await anna.close()
    await bram.close()


def _relation(server: Server, name: str, token: str) -> dict[str, object]:
    r = httpx.get(
        f"{server.url}/api/players/{name}/relation", headers={"authorization": f"Bearer {token}"}
    )
    assert r.status_code == 200, r.text
    found: dict[str, object] = r.json()
    return found


async def test_the_relation_follows_what_you_did(server: Server) -> None:
    """The profile's buttons follow how you stand to the player (issue 32, bug 8)."""
    (anna, a), (bram, b) = await _member(server, "Anna"), await _member(server, "Bram")
    fresh = {"name": b, "self": False, "following": False, "blocked": False}
    assert _relation(server, b, anna.token) == fresh
    assert _relation(server, a, anna.token) == {**fresh, "name": a, "self": True}
    _put(server, f"/api/players/{b}/follow", anna.token)
    assert _relation(server, b, anna.token)["following"] is True
    _put(server, f"/api/players/{b}/block", anna.token)
    assert _relation(server, b, anna.token)["blocked"] is True
    assert _relation(server, a, bram.token) == {**fresh, "name": a}  # only Anna sees it
    assert httpx.get(f"{server.url}/api/players/{b}/relation").status_code == 401
    await anna.close()
    await bram.close()


async def test_follow_and_block_refuse_bad_targets_and_change_nothing(server: Server) -> None:
    anna, a = await _member(server, "Anna")
    for method in (_put, _delete):
        for what in ("follow", "block"):
            r = method(server, f"/api/players/niemand-{secrets.token_hex(2)}/{what}", anna.token)
            assert r.status_code == 404 and r.json()["detail"]["code"] == "unknown_player"
            own = method(server, f"/api/players/{a}/{what}", anna.token)
            assert own.status_code == 422 and own.json()["detail"]["code"] == "bad_target"
    anonymous = httpx.put(f"{server.url}/api/players/{a}/follow")
    assert anonymous.status_code == 401
    mine = httpx.get(
        f"{server.url}/api/me/following", headers={"authorization": f"Bearer {anna.token}"}
    )
    assert mine.json() == {"following": []}
    await anna.close()


async def test_an_invisible_player_is_neither_shown_nor_invited(server: Server) -> None:
    """docs/accounts.md, "Invisible": ``PUT /api/me/visibility`` hides that the player is
    online from the people who follow them; visible again, they are shown and invited."""
    (anna, a), (bram, b) = await _member(server, "Anna"), await _member(server, "Bram")
    table = server.table("toepen", "kroegregels")
    await anna.send({"type": "sit", "table": table, "seat": 0})
    await anna.expect(lambda f: f["type"] == "snapshot")
    assert _put(server, f"/api/players/{b}/follow", anna.token).status_code == 200

    def following() -> object:
        r = httpx.get(
            f"{server.url}/api/me/following", headers={"authorization": f"Bearer {anna.token}"}
        )
        return r.json()["following"]

    def visibility(body: object) -> httpx.Response:
        return httpx.put(
            f"{server.url}/api/me/visibility",
            json=body,
            headers={"authorization": f"Bearer {bram.token}"},
        )

    assert visibility({"invisible": True}).json() == {"invisible": True}
    seen = httpx.get(
        f"{server.url}/api/me/visibility", headers={"authorization": f"Bearer {bram.token}"}
    )
    assert seen.json() == {"invisible": True}
    assert following() == [{"name": b, "online": False, "table": None}]
    await anna.send({"type": "invite", "table": table, "name": b})
    assert (await anna.error())["code"] == "not_online"
    # Bad input is refused and changes nothing.
    for bad in ({"invisible": "nee"}, {}, {"invisible": False, "extra": 1}):
        r = visibility(bad)
        assert r.status_code == 422, (bad, r.text)
    assert following() == [{"name": b, "online": False, "table": None}]
    assert visibility({"invisible": False}).json() == {"invisible": False}
    assert following() == [{"name": b, "online": True, "table": None}]
    await anna.send({"type": "invite", "table": table, "name": b})
    assert (await bram.expect(lambda f: f["type"] == "invite"))["from"] == a
    # A guest has no account to hide, nobody without a session either.
    guest = server.post("/api/guests", {"name": "Gast"}).json()["token"]
    r = httpx.put(
        f"{server.url}/api/me/visibility",
        json={"invisible": True},
        headers={"authorization": f"Bearer {guest}"},
    )
    assert r.status_code == 409 and r.json()["detail"]["code"] == "not_registered"
    r = httpx.put(f"{server.url}/api/me/visibility", json={"invisible": True})
    assert r.status_code == 401
    await anna.close()
    await bram.close()
