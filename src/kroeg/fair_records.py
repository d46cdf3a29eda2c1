"""The record's ``fair`` field and its check, ``kroeg verify`` (docs/fair-deals.md,
docs/records.md).

A record of a game dealt fairly carries one extra top-level field, which a reader that
ignores unknown fields never sees::

    "fair": {"format": "kroeg-fair/1",
             "deals": [{"commitment": HEX, "contributions": {"SEAT": HEX, ...}}, ...],
             "secret": HEX}

``deals[i]`` is about the record's ``deals[i]``, deal number ``i + 1``; ``secret`` is
there once the game is over. :func:`verify` recomputes every deal from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kroeg.fairness import (
    CONTRIBUTION_BYTES,
    SECRET_BYTES,
    FairDealError,
    commitment,
    commitment_holds,
    fair_deal,
    restock_order,
)
from kroeg.games.base import JSON, RESTOCK, Deal, GameError, InvalidInput
from kroeg.records import RecordError, parse_record, read_json, replay

FAIR_FORMAT = "kroeg-fair/1"
VERIFY_FORMAT = "kroeg-verify/1"

EXIT_OK, EXIT_MISMATCH, EXIT_MALFORMED = 0, 1, 2


class Unverifiable(Exception):
    """A record ``verify`` cannot check: not a record, or no ``fair`` field it can read."""


class Mismatch(Exception):
    """A deal that is not what its commitment, the secret and the contributions give."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(reason)
        self.index = index
        self.reason = reason


def deal_note(secret: bytes, deal_no: int, contributions: Mapping[int, bytes]) -> JSON:
    """What the record (and the deal's frame) says about one deal: its commitment and the
    contributions mixed into it, by seat."""
    return {
        "commitment": commitment(secret, deal_no),
        "contributions": {str(seat): contributions[seat].hex() for seat in sorted(contributions)},
    }


def fair_field(secret: bytes, notes: list[JSON], *, over: bool) -> JSON:
    """The record's ``fair`` field; the secret only once the game is ``over``."""
    field: JSON = {"format": FAIR_FORMAT, "deals": notes}
    if over:
        field["secret"] = secret.hex()
    return field


def _hex_bytes(value: object, size: int, what: str) -> bytes:
    if not isinstance(value, str) or len(value) != 2 * size:
        raise Unverifiable(f"{what} must be {2 * size} hexadecimal digits")
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise Unverifiable(f"{what} must be {2 * size} hexadecimal digits") from None


def _record_deal(doc: object, i: int) -> Deal:
    """A record deal's cards as a Deal, without the rules' checks (``kroeg replay``'s)."""
    if not isinstance(doc, dict):
        raise Unverifiable(f"deals[{i}] must be a JSON object")
    try:
        return Deal.from_json(doc)
    except InvalidInput as e:
        raise Unverifiable(f"deals[{i}]: {e}") from None


def _contributions(value: object, i: int) -> dict[int, bytes]:
    if not isinstance(value, dict):
        raise Unverifiable(f"fair.deals[{i}].contributions must be a JSON object")
    out: dict[int, bytes] = {}
    for key, contribution in value.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) <= 255):
            raise Unverifiable(f"fair.deals[{i}].contributions: {key!r} is not a seat")
        what = f"fair.deals[{i}].contributions[{key!r}]"
        out[int(key)] = _hex_bytes(contribution, CONTRIBUTION_BYTES, what)
    return out


def _check_deals_are_the_games(doc: Mapping[str, Any]) -> JSON:
    """Each deal is one the game accepts (its own checks, as ``kroeg replay`` runs them:
    the cards of its deck, none twice). The shuffle is recomputed from a deal's own cards,
    so without this a card changed into its neighbour in the deck's order (a card twice,
    another missing) could give back the changed deal. Returns the replay's output."""
    out, _ = replay(doc)
    error = out.get("error")
    if not isinstance(error, dict) or error.get("action") is not None:
        return out  # every deal was accepted (an action's fault is not verify's to judge)
    deal = error.get("deal")
    if not isinstance(deal, int):
        raise Unverifiable(f"the record is malformed: {error.get('reason')}")
    raise Mismatch(deal, f"deal {deal + 1}: not a deal of the game: {error.get('reason')}")


def _check_the_game_ends(out: JSON, count: int) -> None:
    """A record with its secret is a finished game's (the secret is revealed once the
    game is over), so its replay ends the game. One that does not was cut off: its last
    deal stops before that deal's end, or the deal after it is missing; the Mismatch names
    that deal."""
    if out.get("over"):
        return
    following = out.get("next")
    if count == 0 or (isinstance(following, dict) and following.get("deal")):
        raise Mismatch(
            count,
            f"deal {count + 1} is missing: the record stops after deal {count} and the game"
            " is not over, but the secret is revealed only once it is",
        )
    raise Mismatch(
        count - 1,
        f"deal {count}: the record stops before the deal's end (cut off): the game is not"
        " over, but the secret is revealed only once it is",
    )


def _check_restocks(doc: Mapping[str, Any], secret: bytes, notes: list[Any]) -> None:
    """Each restock step (Eurokaarten's turned-over pile, docs/fair-deals.md "Restocks")
    is the order the secret, the deal's number and contributions and the restock's number
    give, and every pile turned over has its restock at once. The record is walked with
    the game as ``kroeg replay`` walks it; where the replay stops, so does this."""
    try:
        record = parse_record(doc)
        match = record.match()
    except (RecordError, InvalidInput):
        return
    game, s = record.game, match.state
    for i, rdeal in enumerate(record.deals):
        dealer = game.pending_deal(s)
        if dealer is None:
            return
        try:
            match.step(dealer, rdeal.deal)
        except GameError:
            return
        contributions = _contributions(notes[i].get("contributions", {}), i)
        number = 0
        for j, (seat, action) in enumerate(rdeal.actions):
            due = game.pending_restock(s)
            if due is not None and action[0] == RESTOCK:
                number += 1
                expected = restock_order(due, secret, i + 1, number, contributions)
                if list(action[1]) != expected:
                    raise Mismatch(
                        i,
                        f"deal {i + 1}: restock {number} (action {j}) is not the order the"
                        " secret and the contributions give",
                    )
            elif due is not None:
                raise Mismatch(
                    i,
                    f"deal {i + 1}: the discard pile was turned over without its shuffle"
                    f" (no restock before action {j})",
                )
            try:
                match.step(seat, action)
            except GameError:
                return
        if game.pending_restock(s) is not None:
            raise Mismatch(i, f"deal {i + 1}: the discard pile was turned over without its shuffle")


def check(doc: object) -> int:
    """Check every deal of a record; the number of deals checked. Unverifiable when the
    record has nothing to check, Mismatch naming the first deal that does not match."""
    if not isinstance(doc, dict) or not isinstance(doc.get("game"), str):
        raise Unverifiable("a record is a JSON object with a game")
    deals, fair = doc.get("deals"), doc.get("fair")
    if not isinstance(deals, list):
        raise Unverifiable("deals must be a list")
    if not isinstance(fair, dict) or fair.get("format") != FAIR_FORMAT:
        raise Unverifiable(f"the record has no fair field of format {FAIR_FORMAT!r}")
    if "secret" not in fair:
        raise Unverifiable("the record holds no secret: it is revealed once the game is over")
    secret = _hex_bytes(fair["secret"], SECRET_BYTES, "fair.secret")
    notes = fair.get("deals")
    if not isinstance(notes, list):
        raise Unverifiable("fair.deals must be a list")
    for i, dealt in enumerate(deals):
        _record_deal(dealt, i)  # each deal's cards readable, before the game judges them
    replayed = _check_deals_are_the_games(doc)
    for i, dealt in enumerate(deals):
        deal = _record_deal(dealt, i)
        if i >= len(notes) or not isinstance(notes[i], dict):
            raise Mismatch(i, f"deal {i + 1} has no commitment in fair.deals")
        note = notes[i]
        if not isinstance(note.get("commitment"), str) or not commitment_holds(
            secret, i + 1, note["commitment"]
        ):
            raise Mismatch(i, f"deal {i + 1}: the commitment is not that of the secret")
        contributions = _contributions(note.get("contributions", {}), i)
        try:
            expected = fair_deal(doc["game"], deal, secret, i + 1, contributions)
        except FairDealError as e:
            raise Unverifiable(f"deal {i + 1}: {e}") from None
        if expected != deal:
            raise Mismatch(
                i, f"deal {i + 1}: the cards are not those the secret and the contributions give"
            )
    if len(notes) > len(deals):
        raise Mismatch(len(deals), f"fair.deals has {len(notes)} entries for {len(deals)} deals")
    _check_restocks(doc, secret, notes)
    if "error" not in replayed:
        _check_the_game_ends(replayed, len(deals))
    return len(deals)


def verify(doc: object) -> tuple[JSON, int]:
    """``kroeg verify``'s output document and exit status."""
    try:
        count = check(doc)
    except Unverifiable as e:
        return {"format": VERIFY_FORMAT, "ok": False, "error": {"reason": str(e)}}, EXIT_MALFORMED
    except Mismatch as e:
        error = {"deal": e.index, "deal_no": e.index + 1, "reason": e.reason}
        return {"format": VERIFY_FORMAT, "ok": False, "error": error}, EXIT_MISMATCH
    return {"format": VERIFY_FORMAT, "ok": True, "deals": count}, EXIT_OK


def verify_text(text: str) -> tuple[JSON, int]:
    try:
        doc: Any = read_json(text)
    except RecordError as e:
        return {
            "format": VERIFY_FORMAT,
            "ok": False,
            "error": {"reason": e.reason},
        }, EXIT_MALFORMED
    return verify(doc)
