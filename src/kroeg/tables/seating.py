"""Who sits where at a table, who waits, and who was taken out of the current game.

The seating rules in one place: sitting down (a free seat, or the waiting list while a
game runs or the table is full), standing up, giving up a seat, the loser's rotation
after a game (RULES.md §2.8) and the newcomer's greeting. The functions change the
seating and say what happened as events; the table stages the events and stores
:meth:`Seating.json` with them. Nothing here knows the game's rules beyond what it is told.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from kroeg.games.base import JSON, Event
from kroeg.tables.errors import TableError
from kroeg.tables.house import house_name
from kroeg.tables.seats import Seat

GREETING = "Hallo allemaal, ik ben {name}!"
"""The newcomer's greeting (seed 000: "Degene die instapt, stelt zich voor aan de overige
drie met hand en woord")."""


class Seating:
    __slots__ = ("accounts", "left", "more_time", "seats", "waiting", "wishes")

    def __init__(self, seats: int) -> None:
        self.seats = [Seat(None, house_name(i)) for i in range(seats)]
        self.waiting: deque[tuple[str, str]] = deque()
        """People waiting for a seat, longest waiting first: (player, name)."""
        self.left: dict[int, tuple[str, str]] = {}
        """Seats whose person was taken out of the current game: (player, name)."""
        self.accounts: dict[str, str] = {}
        """The account kind of each player who sat down here logged in to an account
        (kroeg.accounts): their seats show it, a guest's seat the "gast" mark."""
        self.more_time: set[str] = set()
        """The players who asked for more time at this table (WCAG 2.2.1, "meer
        bedenktijd"): their seat's clock runs twice the table's."""
        self.wishes: dict[str, int] = {}
        """The seat a waiting player asked for (an invitation's, kroeg.tables.invitations):
        they take it when the game ends, if the house still plays it."""

    # Questions --------------------------------------------------------------------------

    def seat_of(self, player: str | None) -> int | None:
        if player is None:
            return None
        for i, seat in enumerate(self.seats):
            if seat.player == player:
                return i
        return None

    def is_house(self, seat: int) -> bool:
        return self.seats[seat].player is None

    def is_waiting(self, player: str) -> bool:
        return any(p == player for p, _ in self.waiting)

    def was_taken_out(self, player: str) -> bool:
        return any(p == player for p, _ in self.left.values())

    def people_at(self, seats: Iterable[int]) -> list[int]:
        """The seats among ``seats`` that a person holds (not the house), in order."""
        return [s for s in sorted(seats) if self.seats[s].player is not None]

    def doubled(self) -> set[int]:
        """The seats whose person asked for more time."""
        return {i for i, s in enumerate(self.seats) if s.player in self.more_time}

    def house_seat(self, seats: Iterable[int]) -> int | None:
        """The first of ``seats`` that the house plays, if any."""
        for seat in sorted(seats):
            if self.seats[seat].player is None:
                return seat
        return None

    # Changes ----------------------------------------------------------------------------

    def sit(
        self, player: str, name: str, seat: int | None, *, running: bool, account: str | None = None
    ) -> tuple[int | None, Event]:
        """Seat ``player`` (at ``seat``, or the first free one), or put them on the waiting
        list while a game runs or no seat is free: the seat (None: waiting) and its event.
        ``account``: the kind of the player's account, None for a guest."""
        if self.seat_of(player) is not None or self.is_waiting(player):
            raise TableError("already_seated", "you already sit or wait at this table")
        if seat is not None and not 0 <= seat < len(self.seats):
            raise TableError(
                "bad_seat", f"seat {seat} does not exist: seats are 0 to {len(self.seats) - 1}"
            )
        if seat is not None and not self.is_house(seat):
            raise TableError("seat_taken", f"seat {seat} is taken by {self.seats[seat].name}")
        if account is not None:
            self.accounts[player] = account
        free = [i for i in range(len(self.seats)) if self.is_house(i)]
        if running or not free:
            self.waiting.append((player, name))
            if seat is not None:
                self.wishes[player] = seat
            return None, self._waiting_event(player, name)
        chosen = seat if seat is not None else free[0]
        self.seats[chosen] = Seat(player, name, bot=account == "bot")
        return chosen, Event("sit", {"seat": chosen, "player": player, "name": name})

    def become_account(self, player: str, name: str, account: str) -> bool:
        """The guest ``player`` is now the account ``name`` of kind ``account`` (or the
        account became a bot): their seat or place on the waiting list shows it. False
        when they neither sit nor wait here."""
        seat = self.seat_of(player)
        if seat is not None:
            self.seats[seat] = replace(self.seats[seat], name=name, bot=account == "bot")
        elif self.is_waiting(player):
            self.waiting = deque((p, name if p == player else n) for p, n in self.waiting)
        else:
            return False
        self.accounts[player] = account
        return True

    def ask_more_time(self, player: str, on: bool) -> Event | None:
        """``player`` asks for more time (``on``) or the table's own again: the event that
        tells the table, or None when nothing changes. Only a seated or waiting player."""
        seat = self.seat_of(player)
        if seat is None and not self.is_waiting(player):
            raise TableError("not_seated", "you have no seat at this table")
        if (player in self.more_time) == on:
            return None
        if on:
            self.more_time.add(player)
        else:
            self.more_time.discard(player)
        name = self.seats[seat].name if seat is not None else self._waiting_name(player)
        return Event("more_time", {"seat": seat, "player": player, "name": name, "on": on})

    def _waiting_name(self, player: str) -> str:
        return next(n for p, n in self.waiting if p == player)

    def stand(self, player: str, *, running: bool) -> Event:
        """``player`` gives up their seat, or their place on the waiting list. During a game
        only a seat already out of it can be given up this way (else: leave, and lose)."""
        seat = self.seat_of(player)
        if seat is None:
            for i, (p, name) in enumerate(self.waiting):
                if p == player:
                    del self.waiting[i]
                    self.wishes.pop(player, None)
                    return self._waiting_event(p, name)
            raise TableError("not_seated", "you have no seat at this table")
        if running and not self.seats[seat].out:
            raise TableError(
                "game_running", "a game is running: use leave to give up the seat (and lose)"
            )
        name = self.seats[seat].name
        self.seats[seat] = Seat(None, house_name(seat))
        return Event("stand", {"seat": seat, "player": player, "name": name})

    def take_out(self, seat: int) -> tuple[str, str]:
        """The person at ``seat`` is out of the current game (two timeouts, or leave): the
        house plays the seat until the game ends. Their (player, name)."""
        person = self.seats[seat]
        assert person.player is not None
        self.left[seat] = (person.player, person.name)
        self.seats[seat] = Seat(None, house_name(seat), out=True)
        return person.player, person.name

    def new_game(self) -> None:
        """A game starts: nobody is out of it and nobody's clock has run out."""
        for seat in self.seats:
            seat.out = False
            seat.timeouts = 0
        self.left = {}

    def after_game(self, losers: Iterable[int], *, rotation: bool) -> list[Event]:
        """Seat rotation after a game (RULES.md §2.8): with ``rotation`` each losing person
        gives their seat to the longest waiting, who greets; then waiting people take house
        seats (greeting where the game rotates): first the seats waiting people asked for,
        then the others, longest waiting first."""
        events: list[Event] = []
        if rotation:
            for seat in sorted(losers):
                loser = self.seats[seat]
                if loser.player is None or not self.waiting:
                    continue
                events.append(
                    Event("stand", {"seat": seat, "player": loser.player, "name": loser.name})
                )
                events.extend(self._seat_newcomer(seat, greet=True))
        for player, seat in list(self.wishes.items()):
            if self.is_house(seat) and self.is_waiting(player):
                events.extend(self._seat_newcomer(seat, greet=rotation, player=player))
        for seat in range(len(self.seats)):
            if self.is_house(seat) and self.waiting:
                events.extend(self._seat_newcomer(seat, greet=rotation))
        return events

    def _seat_newcomer(self, seat: int, *, greet: bool, player: str | None = None) -> list[Event]:
        """Seat the longest waiting person (or the waiting ``player``) at ``seat``."""
        index = 0 if player is None else [p for p, _ in self.waiting].index(player)
        player, name = self.waiting[index]
        del self.waiting[index]
        self.wishes.pop(player, None)
        self.seats[seat] = Seat(player, name)
        events = [Event("sit", {"seat": seat, "player": player, "name": name})]
        if greet:
            text = GREETING.format(name=name)
            events.append(
                Event("greeting", {"seat": seat, "player": player, "name": name, "text": text})
            )
        return events

    def _waiting_event(self, player: str, name: str) -> Event:
        waiting = [{"player": p, "name": n} for p, n in self.waiting]
        return Event("waiting", {"player": player, "name": name, "waiting": waiting})

    # Storage ----------------------------------------------------------------------------

    def json(self) -> JSON:
        """Who sits where and waits, and each seat's timeouts in a row (stored with every
        seating change, and whenever a count changes)."""
        return {
            "seats": [
                None if s.player is None else [s.player, s.name, *(["bot"] if s.bot else [])]
                for s in self.seats
            ],
            "waiting": [[p, n] for p, n in self.waiting],
            "timeouts": [s.timeouts for s in self.seats],
            "accounts": self.accounts,
            **({"more_time": sorted(self.more_time)} if self.more_time else {}),
            **({"wishes": self.wishes} if self.wishes else {}),
        }

    def restore(self, stored: dict[str, Any]) -> None:
        """The seating as :meth:`json` stored it (who was out of a game comes from its log)."""
        timeouts = stored.get("timeouts", [])
        self.seats = [
            Seat(None, house_name(i))
            if s is None
            else Seat(
                s[0],
                s[1],
                timeouts=timeouts[i] if i < len(timeouts) else 0,
                bot=len(s) > 2 and s[2] == "bot",  # a bot account's seat (docs/bots-api.md)
            )
            for i, s in enumerate(stored.get("seats", []))
        ]
        self.waiting = deque((p, n) for p, n in stored.get("waiting", []))
        self.accounts = dict(stored.get("accounts", {}))
        self.more_time = set(stored.get("more_time", []))
        self.wishes = {str(p): int(s) for p, s in stored.get("wishes", {}).items()}

    def restore_left(self, left: dict[int, tuple[str, str]]) -> None:
        """Who was taken out of the running game, as rebuilt from its log."""
        self.left = left
        for seat in left:
            self.seats[seat].out = True
