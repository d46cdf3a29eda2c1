"""Hand records (``kroeg-record/1``) and their replay (``kroeg-replay/1``), as RECORDS.md.

:func:`parse_record` checks a record's form and turns it into cards and actions
(every malformed part is a :class:`RecordError`, exit status 2); :func:`replay`
runs it through the game's rules and reports what they make of it (a rule
violation stops the replay with exit status 1 and everything up to it reported).
:class:`RecordWriter` writes the record of a game as it is played.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kroeg.cards import CardError
from kroeg.games import make_game
from kroeg.games.base import (
    JSON,
    Action,
    Deal,
    Event,
    Game,
    InvalidInput,
    RuleError,
    check_deck,
)
from kroeg.games.match import OUT, Match

RECORD_FORMAT = "kroeg-record/1"
REPLAY_FORMAT = "kroeg-replay/1"

EXIT_OK, EXIT_RULE, EXIT_MALFORMED = 0, 1, 2

_FIELDS = {
    "format",
    "game",
    "variant",
    "options",
    "seats",
    "names",
    "dealer",
    "seed",
    "start",
    "deals",
    "fair",
}
"""``fair`` is the project's (docs/records.md): replay ignores it, ``kroeg verify`` reads it."""
_DEAL_FIELDS = {"hands", "stock", "upcard", "actions"}


class RecordError(Exception):
    """A malformed record; ``where`` locates it (``deal``, ``action``) when it can."""

    def __init__(self, reason: str, **where: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.where = where

    def json(self) -> JSON:
        return {**self.where, "reason": self.reason}


@dataclass
class RecordDeal:
    deal: Deal
    actions: list[tuple[int, Action]]


@dataclass
class Record:
    """A parsed record: the game built from its variant and options, and its deals."""

    game: Game[Any]
    seats: int
    names: list[str] | None
    dealer: int | None
    seed: int | None
    start: Mapping[str, Any] | None
    deals: list[RecordDeal]
    doc: JSON = field(repr=False)

    def new_state(self) -> Any:
        return self.game.new_state(self.seats, dealer=self.dealer, start=self.start, seed=self.seed)

    def match(self) -> Match[Any]:
        """A match of the record's game before its first deal, to replay its steps into."""
        return Match(self.game, self.new_state())

    def walk(self, match: Match[Any]) -> Iterator[tuple[int, int, Action]]:
        """Replay a finished game's record (its steps all accepted) into ``match``: each
        action as (deal index, seat, action), yielded before the match applies it, so the
        state shows the position the seat decided in."""
        for number, rdeal in enumerate(self.deals):
            dealer = match.game.pending_deal(match.state)
            assert dealer is not None, "a finished game's record deals when a deal is due"
            match.step(dealer, rdeal.deal)
            for seat, action in rdeal.actions:
                yield number, seat, action
                match.step(seat, action)


def _require(cond: bool, reason: str, **where: int) -> None:
    if not cond:
        raise RecordError(reason, **where)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_record(doc: object) -> Record:
    """Check a record's form and build its game; RecordError names the first fault."""
    _require(isinstance(doc, dict), "a record must be a JSON object")
    assert isinstance(doc, dict)
    unknown = sorted(set(doc) - _FIELDS)
    _require(not unknown, f"unknown record fields: {', '.join(unknown)}")
    _require(
        doc.get("format") == RECORD_FORMAT,
        f"format must be {RECORD_FORMAT!r}, got {doc.get('format')!r}",
    )
    for name in ("game", "variant"):
        _require(isinstance(doc.get(name), str), f"{name} must be a string")
    options = doc.get("options", {})
    _require(isinstance(options, dict), "options must be a JSON object")
    try:
        game = make_game(doc["game"], doc["variant"], options)
    except InvalidInput as e:
        raise RecordError(str(e)) from None
    seats = doc.get("seats")
    _require(_is_int(seats), f"seats must be an integer, got {seats!r}")
    assert isinstance(seats, int)
    try:
        game.check_seats(seats)
    except InvalidInput as e:
        raise RecordError(str(e)) from None
    names = doc.get("names")
    if names is not None:
        _require(
            isinstance(names, list)
            and len(names) == seats
            and all(isinstance(n, str) for n in names),
            f"names must be a list of {seats} strings",
        )
    dealer = doc.get("dealer")
    if dealer is not None:
        _require(
            _is_int(dealer) and 0 <= dealer < seats,
            f"dealer must be a seat from 0 to {seats - 1}, got {dealer!r}",
        )
    seed = doc.get("seed")
    _require(seed is None or _is_int(seed), f"seed must be an integer, got {seed!r}")
    start = doc.get("start")
    _require(start is None or isinstance(start, dict), "start must be a JSON object")
    deals = doc.get("deals")
    _require(isinstance(deals, list), "deals must be a list")
    assert isinstance(deals, list)
    parsed = [_parse_deal(game, seats, d, i) for i, d in enumerate(deals)]
    return Record(game, seats, names, dealer, seed, start, parsed, doc)


def _parse_deal(game: Game[Any], seats: int, doc: object, i: int) -> RecordDeal:
    _require(isinstance(doc, dict), "a deal must be a JSON object", deal=i)
    assert isinstance(doc, dict)
    unknown = sorted(set(doc) - _DEAL_FIELDS)
    _require(not unknown, f"unknown deal fields: {', '.join(unknown)}", deal=i)
    hands = doc.get("hands")
    _require(
        isinstance(hands, list) and len(hands) == seats,
        f"hands must be a list of {seats} hands, one per seat",
        deal=i,
    )
    try:
        deal = Deal.from_json(doc)
        check_deck(deal, game.deck, game.uses_upcard)
    except InvalidInput as e:
        raise RecordError(str(e), deal=i) from None
    actions = doc.get("actions", [])
    _require(isinstance(actions, list), "actions must be a list", deal=i)
    return RecordDeal(deal, [_parse_action(game, seats, a, i, j) for j, a in enumerate(actions)])


def _parse_action(game: Game[Any], seats: int, item: object, i: int, j: int) -> tuple[int, Action]:
    _require(
        isinstance(item, list) and len(item) >= 2 and _is_int(item[0]),
        "an action must be a list [seat, verb, args...]",
        deal=i,
        action=j,
    )
    assert isinstance(item, list)
    seat = item[0]
    _require(
        0 <= seat < seats,
        f"seat {seat} does not exist: seats are 0 to {seats - 1}",
        deal=i,
        action=j,
    )
    if item[1] == "out":
        _require(len(item) == 2, "the verb out takes no arguments", deal=i, action=j)
        return seat, OUT
    try:
        return seat, game.parse_action(item[1:])
    except (InvalidInput, CardError) as e:
        raise RecordError(str(e), deal=i, action=j) from None


def outcome(game: Game[Any], s: Any) -> JSON:
    """The replay fields that describe a state: deals, standings, over, result, next."""
    over = game.is_over(s)
    out: JSON = {
        "deals": game.deal_summaries(s),
        "standings": game.standings(s),
        "over": over,
        "result": game.result_json(s),
    }
    if over:
        out["next"] = None
        return out
    dealer = game.pending_deal(s)
    if dealer is not None:
        out["next"] = {"deal": True, "dealer": dealer}
        return out
    legal = {}
    for seat in range(game.seat_count(s)):
        actions = game.legal(s, seat)
        if actions:
            legal[str(seat)] = [game.action_json(a) for a in actions]
    out["next"] = {"to_act": sorted(game.to_act(s)), "legal": legal}
    return out


def replay(doc: object) -> tuple[JSON, int]:
    """Replay a record: the ``kroeg-replay/1`` document and the exit status."""
    try:
        record = parse_record(doc)
        s = record.new_state()
    except RecordError as e:
        return _malformed(e), EXIT_MALFORMED
    except InvalidInput as e:
        return _malformed(RecordError(str(e))), EXIT_MALFORMED
    game = record.game
    match = Match(game, s)
    for i, rdeal in enumerate(record.deals):
        dealer = game.pending_deal(s)
        if dealer is None:
            reason = (
                "no deal is due now: the game is over"
                if game.is_over(s)
                else ("no deal is due now: the previous deal is not finished")
            )
            return _broken(game, s, {"deal": i, "action": None, "seat": None, "reason": reason})
        try:
            match.step(dealer, rdeal.deal)
        except InvalidInput as e:
            return _malformed(RecordError(str(e), deal=i)), EXIT_MALFORMED
        except RuleError as e:
            return _broken(game, s, {"deal": i, "action": None, "seat": None, "reason": str(e)})
        for j, (seat, action) in enumerate(rdeal.actions):
            try:
                match.step(seat, action)
            except (RuleError, InvalidInput) as e:
                return _broken(game, s, {"deal": i, "action": j, "seat": seat, "reason": str(e)})
    return {"format": REPLAY_FORMAT, "ok": True, **outcome(game, s)}, EXIT_OK


def deal_steps(doc: object, deal: int) -> list[JSON]:
    """Every step of deal ``deal`` (0-based) of a record as the engine plays it: after the
    deal and after each of its actions, the game's :meth:`~kroeg.games.base.Game.open_view`
    and the public events the step made (a trick's ``winner`` among them). The replay page
    draws these, so it decides no rule itself. RecordError for a malformed record or a deal
    it does not hold; a record the rules refuse raises the game's own error."""
    record = parse_record(doc)
    _require(0 <= deal < len(record.deals), f"the record has no deal {deal}", deal=deal)
    game = record.game
    s = record.new_state()
    for i, rdeal in enumerate(record.deals[:deal]):
        game.advance(s, _dealer(game, s, i), rdeal.deal)
        for seat, action in rdeal.actions:
            if action == OUT:
                game.eliminate(s, seat)
            else:
                game.advance(s, seat, action)
    rdeal = record.deals[deal]
    match = Match(game, s)
    steps = [_step(game, s, match.step(_dealer(game, s, deal), rdeal.deal))]
    for seat, action in rdeal.actions:
        steps.append(_step(game, s, match.step(seat, action)))
    return steps


def _dealer(game: Game[Any], s: Any, deal: int) -> int:
    dealer = game.pending_deal(s)
    _require(dealer is not None, "no deal is due now", deal=deal)
    assert dealer is not None
    return dealer


def _step(game: Game[Any], s: Any, events: list[Event]) -> JSON:
    return {
        "view": game.open_view(s).json(),
        "events": [e.json() for e in events if e.to is None],
    }


def _malformed(e: RecordError) -> JSON:
    return {"format": REPLAY_FORMAT, "ok": False, "error": e.json()}


def _broken(game: Game[Any], s: Any, error: JSON) -> tuple[JSON, int]:
    out = {"format": REPLAY_FORMAT, "ok": False, "error": error, **outcome(game, s)}
    return out, EXIT_RULE


def read_json(text: str) -> Any:
    """A JSON document, or :class:`RecordError` for text that is not one that Python reads:
    bad syntax, but also an integer of more digits than Python converts (ValueError,
    RECORDS.md "bad JSON") or lists and objects nested deeper than its parser goes
    (RecursionError): those too are malformed records, never a traceback."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise RecordError(f"not valid JSON: {e}") from None


def replay_text(text: str) -> tuple[JSON, int]:
    """Replay a record given as JSON text (bad JSON is malformed, exit status 2)."""
    try:
        doc = read_json(text)
    except RecordError as e:
        return _malformed(e), EXIT_MALFORMED
    return replay(doc)


class RecordWriter:
    """Builds the record of a game while it is played: deals and actions in order."""

    def __init__(
        self,
        game: Game[Any],
        seats: int,
        *,
        names: Sequence[str] | None = None,
        dealer: int | None = None,
        seed: int | None = None,
        start: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.doc: JSON = {
            "format": RECORD_FORMAT,
            "game": game.name,
            "variant": game.variant,
            "seats": seats,
        }
        overrides = {
            k: v for k, v in game.option_values.items() if game.variants[game.variant].get(k) != v
        }
        if overrides:
            self.doc["options"] = overrides
        if names is not None:
            self.doc["names"] = list(names)
        if dealer is not None:
            self.doc["dealer"] = dealer
        if seed is not None:
            self.doc["seed"] = seed
        if start is not None:
            self.doc["start"] = dict(start)
        self.doc["deals"] = []

    def observe(self, seat: int, action: Action | Deal, events: list[Event]) -> None:
        """:meth:`add`, as a :class:`~kroeg.games.match.Match`'s observer."""
        self.add(seat, action)

    def add(self, seat: int, action: Action | Deal) -> None:
        """Add a step: a Deal opens a new deal entry, an action (or :data:`OUT`) joins
        the current one."""
        if isinstance(action, Deal):
            self.doc["deals"].append({**action.json(), "actions": []})
            return
        if not self.doc["deals"]:
            raise ValueError("an action before the first deal")
        step = ["out"] if action == OUT else self.game.action_json(action)
        self.doc["deals"][-1]["actions"].append([seat, *step])

    def json(self) -> JSON:
        return self.doc

    def dumps(self) -> str:
        return json.dumps(self.doc, ensure_ascii=False, indent=1)
