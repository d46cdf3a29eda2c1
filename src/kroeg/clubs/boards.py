"""Boards for duplicate Klaverjassen (portefeuille-klaverjassen, issue 29; docs/clubs.md,
"Boards").

A **board** is one Klaverjassen deal that several tables play: its number, its dealer and
the four hands by seat (seats 0 and 2 are NS, "Wij"; 1 and 3 are EW, "Zij"). Klaverjassen
has no vulnerability, so that is all a board is. A night's boards are a **board set**,
made one of two ways, and committed to before anyone plays:

- **dealt** by the server from a secret (:func:`deal_boards`), ``per_round`` boards a
  round: round ``r``'s secret is ``HMAC-SHA256(secret, "kroeg/boards-round/v1" || r)``
  and its ``j``-th board (board ``(r - 1) * per_round + j``) is the fair deal ``j`` of
  that round secret with no contribution (docs/fair-deals.md, steps 3 to 6 and
  "Dealing"). So an online round's tables deal their boards as any table deals its fair
  deals, from the round secret, and each table's record is checked by ``kroeg verify``
  as any other; a finished table's record reveals its round's secret only, never the
  boards of a round to come. The set's commitment is
  ``SHA-256("kroeg/boards/v1" || secret || count || per_round)`` (each 8 bytes,
  big-endian), shown when the night is announced; the secret is revealed at the close.
- **imported** by the organiser (:func:`import_boards`): a ``kroeg-boards/1`` file, for
  example made by a club's own dealing program; its commitment is
  ``SHA-256("kroeg/boards-import/v1" || canonical JSON of its boards)``.

No player contribution is mixed in: every table must get the same cards, so nobody at
one table may steer them. The set is fixed, and committed to, before the night opens.

Pure functions: no store, no clock. Bad input raises :class:`BoardError` naming the
board, and nothing is made from it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from kroeg.cards import PIKET_DECK, CardError, card_str, parse_card
from kroeg.errors import Refusal
from kroeg.fairness import SECRET_BYTES, fair_deal, new_secret
from kroeg.games.base import Deal, InvalidInput, check_deck

BOARDS_FORMAT = "kroeg-boards/1"
SET_LABEL = b"kroeg/boards/v1"
ROUND_LABEL = b"kroeg/boards-round/v1"
IMPORT_LABEL = b"kroeg/boards-import/v1"
SEATS = 4
HAND_SIZE = 8
MAX_BOARDS = 64
"""A night of 12 rounds of 4 boards is 48; a little room above it, and no more."""

Source = Literal["dealt", "imported"]

_SHAPE = Deal(tuple(tuple(PIKET_DECK[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(4)), ())
"""The layout of a board for :func:`~kroeg.fairness.fair_deal`: four hands of eight
piket cards, no stock."""


class BoardError(Refusal):
    """A board set, a board or a board's result refused, naming the board (and the
    table where there is one) in ``params``."""


@dataclass(frozen=True, slots=True)
class Board:
    """One deal that every table of a round plays: hands by seat, seat 0 first."""

    number: int
    dealer: int
    deal: Deal

    def json(self) -> dict[str, Any]:
        hands = [[card_str(c) for c in hand] for hand in self.deal.hands]
        return {"board": self.number, "dealer": self.dealer, "hands": hands}


@dataclass(frozen=True, slots=True)
class BoardSet:
    """A night's boards, numbered 1 to ``len(boards)``, and the set's commitment."""

    boards: tuple[Board, ...]
    source: Source
    commitment: str
    secret: bytes | None = None
    """The dealt set's secret: kept by the server until the night closes."""
    per_round: int | None = None
    """A dealt set's boards a round (its round secrets follow from it)."""

    def board(self, number: int) -> Board:
        if not 1 <= number <= len(self.boards):
            raise BoardError(
                "unknown_board_number",
                f"board {number} is not in this set of {len(self.boards)} boards",
                board=number,
            )
        return self.boards[number - 1]

    def published(self, *, revealed: bool) -> dict[str, Any]:
        """The set as the night shows it: before the close only what commits to it
        (its source, size and commitment); after it, the boards, and a dealt set's
        secret, so that ``kroeg verify`` can check them."""
        doc: dict[str, Any] = {
            "format": BOARDS_FORMAT,
            "game": "klaverjassen",
            "source": self.source,
            "count": len(self.boards),
            "commitment": self.commitment,
        }
        if self.per_round is not None:
            doc["per_round"] = self.per_round
        if revealed:
            doc["boards"] = [b.json() for b in self.boards]
            if self.secret is not None:
                doc["secret"] = self.secret.hex()
        return doc


def dealer_of(number: int) -> int:
    """Board 1 is dealt by seat 0, board 2 by seat 1, and so on round the table, as a
    bridge club's boards are; every seat deals equally often over four boards."""
    return (number - 1) % SEATS


def set_commitment(secret: bytes, count: int, per_round: int) -> str:
    """What a dealt set shows before the night: its secret, size and boards a round,
    hashed."""
    _check_count(count)
    _check_secret(secret)
    if isinstance(per_round, bool) or not isinstance(per_round, int) or per_round < 1:
        raise BoardError("bad_board_count", f"a round has at least 1 board, not {per_round!r}")
    sizes = count.to_bytes(8, "big") + per_round.to_bytes(8, "big")
    return hashlib.sha256(SET_LABEL + secret + sizes).hexdigest()


def _check_secret(secret: bytes) -> None:
    if not isinstance(secret, bytes) or len(secret) != SECRET_BYTES:
        raise BoardError("bad_board_set", f"a board set's secret is {SECRET_BYTES} bytes")


def round_secret(secret: bytes, round_no: int) -> bytes:
    """The secret from which round ``round_no``'s boards are dealt (from 1): a table of
    that round deals its fair deals from it, and reveals it in its record."""
    _check_secret(secret)
    message = ROUND_LABEL + round_no.to_bytes(8, "big")
    return hmac.new(secret, message, hashlib.sha256).digest()


def deal_boards(
    count: int, secret: bytes | None = None, *, per_round: int | None = None
) -> BoardSet:
    """``count`` boards dealt from ``secret`` (a fresh one when None), ``per_round`` a
    round (all of them in one round when None): round ``r``'s ``j``-th board is the fair
    deal ``j`` of :func:`round_secret` ``(secret, r)``, with no contribution."""
    secret = new_secret() if secret is None else secret
    per_round = count if per_round is None else per_round
    made = set_commitment(secret, count, per_round)
    boards = []
    for n in range(1, count + 1):
        r, j = divmod(n - 1, per_round)
        deal = fair_deal("klaverjassen", _SHAPE, round_secret(secret, r + 1), j + 1, {})
        boards.append(Board(n, dealer_of(n), deal))
    return BoardSet(tuple(boards), "dealt", made, secret, per_round)


def import_commitment(boards: Sequence[Board]) -> str:
    """What an imported set shows before the night: its boards' canonical JSON (keys
    sorted, no spaces, ASCII), hashed."""
    canonical = json.dumps(
        [b.json() for b in boards], sort_keys=True, separators=(",", ":"), ensure_ascii=True
    )
    return hashlib.sha256(IMPORT_LABEL + canonical.encode("ascii")).hexdigest()


def import_boards(doc: object) -> BoardSet:
    """A ``kroeg-boards/1`` document's boards, checked: numbered 1, 2, ... in order, each
    a dealer from 0 to 3 and four hands of eight that hold the piket deck, each card
    once. The first board that does not is named in the refusal."""
    boards = parse_boards(doc)
    return BoardSet(boards, "imported", import_commitment(boards))


def stored_set(boards: Sequence[Mapping[str, Any]]) -> BoardSet:
    """An imported set as a night stores it (its boards' JSON, checked when imported)."""
    return import_boards({"format": BOARDS_FORMAT, "boards": list(boards)})


def parse_boards(doc: object) -> tuple[Board, ...]:
    """The boards of a ``kroeg-boards/1`` document (its ``boards`` list), checked."""
    if not isinstance(doc, Mapping) or doc.get("format") != BOARDS_FORMAT:
        raise BoardError("bad_board_set", f"a board set is a JSON object of format {BOARDS_FORMAT}")
    items = doc.get("boards")
    if not isinstance(items, list):
        raise BoardError("bad_board_set", "a board set has a list of boards")
    _check_count(len(items))
    return tuple(_parse_board(item, at) for at, item in enumerate(items, start=1))


def _check_count(count: int) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_BOARDS:
        raise BoardError(
            "bad_board_count", f"a board set has 1 to {MAX_BOARDS} boards, not {count!r}"
        )


def _parse_board(item: object, at: int) -> Board:
    if not isinstance(item, Mapping):
        raise BoardError("bad_board", f"board {at} is not a JSON object", board=at)
    if item.get("board") != at or isinstance(item.get("board"), bool):
        raise BoardError(
            "board_number",
            f"board {at} is numbered {item.get('board')!r}: boards are numbered 1, 2, ... in order",
            board=at,
        )
    dealer = item.get("dealer")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < SEATS:
        raise BoardError("bad_board", f"board {at}: the dealer is a seat from 0 to 3", board=at)
    deal = Deal(_parse_hands(item.get("hands"), at), ())
    check_board_deal(deal, at)
    return Board(at, dealer, deal)


def _parse_hands(hands: object, at: int) -> tuple[tuple[int, ...], ...]:
    if not isinstance(hands, list) or len(hands) != SEATS:
        raise BoardError("bad_board", f"board {at}: four hands, one per seat", board=at)
    out = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
            raise BoardError(
                "bad_board", f"board {at}: seat {seat}'s hand is a list of cards", board=at
            )
        try:
            out.append(tuple(parse_card(c) for c in hand))
        except CardError as e:
            raise BoardError("bad_board", f"board {at}, seat {seat}: {e}", board=at) from None
    return tuple(out)


def check_board_deal(deal: Deal, number: int) -> None:
    """BoardError unless ``deal`` holds the piket deck, each card once, eight to a seat:
    ``board_card_twice``, ``board_card_missing`` (naming the cards) or
    ``board_hand_size``."""
    try:
        check_deck(deal, PIKET_DECK, uses_upcard=False)
    except InvalidInput as e:
        what = f"board {number}: {e.message}"
        if e.code == "deal_twice":
            raise BoardError("board_card_twice", what, board=number, **e.params) from None
        if e.code == "deal_missing":
            raise BoardError("board_card_missing", what, board=number, **e.params) from None
        raise BoardError("board_foreign_card", what, board=number, **e.params) from None
    sizes = [len(hand) for hand in deal.hands]
    if sizes != [HAND_SIZE] * SEATS:
        raise BoardError(
            "board_hand_size",
            f"board {number}: each seat holds {HAND_SIZE} cards, not {sizes}",
            board=number,
        )


# Checking a published set: ``kroeg verify`` ---------------------------------------------


def verify_published(doc: object) -> int:
    """Check a closed night's published set (:meth:`BoardSet.published` with
    ``revealed``): every board well formed, and the commitment the one its boards (an
    imported set) or its secret (a dealt set: every board recomputed and compared card
    by card) give. The number of boards checked; BoardError naming the first board that
    does not match otherwise."""
    if not isinstance(doc, Mapping) or "commitment" not in doc:
        raise BoardError("bad_board_set", "a published board set has a commitment")
    boards = parse_boards(doc)
    if doc.get("count", len(boards)) != len(boards):
        raise BoardError(
            "board_set_mismatch",
            f"the set was announced with {doc.get('count')} boards and has {len(boards)}",
        )
    published = str(doc["commitment"])
    if doc.get("source") == "imported":
        if not hmac.compare_digest(import_commitment(boards), published):
            raise BoardError(
                "board_set_mismatch", "the boards are not those the commitment was made of"
            )
        return len(boards)
    secret = _secret_of(doc.get("secret"))
    per_round = doc.get("per_round", len(boards))
    if not isinstance(per_round, int) or isinstance(per_round, bool) or per_round < 1:
        raise BoardError("bad_board_set", "a dealt set's per_round is a number of boards from 1")
    if not hmac.compare_digest(set_commitment(secret, len(boards), per_round), published):
        raise BoardError(
            "board_set_mismatch", "the secret is not the one the commitment was made of"
        )
    dealt_set = deal_boards(len(boards), secret, per_round=per_round)
    for board, dealt in zip(boards, dealt_set.boards, strict=True):
        if board != dealt:
            raise BoardError(
                "board_set_mismatch",
                f"board {board.number}: the cards or the dealer are not those the secret gives",
                board=board.number,
            )
    return len(boards)


def _secret_of(value: object) -> bytes:
    try:
        if isinstance(value, str) and len(value) == 2 * SECRET_BYTES:
            return bytes.fromhex(value)
    except ValueError:
        pass
    raise BoardError(
        "bad_board_set", f"a dealt set's secret is {2 * SECRET_BYTES} hexadecimal digits"
    )
