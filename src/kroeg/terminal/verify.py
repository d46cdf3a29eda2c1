"""``kroeg verify RECORD``: recompute every deal of a record from its revealed secret and
its contributions (docs/fair-deals.md) and print the ``kroeg-verify/1`` document.

``kroeg verify BOARDS`` does the same for a closed duplicate night's published board set
(a ``kroeg-boards/1`` document, docs/clubs.md "Boards"): every board recomputed from the
revealed secret, or an imported set's boards hashed, against the commitment.

Exit status 0 when every deal matches its commitment and its cards, 1 naming the first
deal that does not, 2 when the record cannot be checked (not JSON, no ``fair`` field, no
secret yet, a malformed value).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from kroeg.clubs.boards import BOARDS_FORMAT, BoardError, verify_published
from kroeg.fair_records import EXIT_MALFORMED, EXIT_MISMATCH, EXIT_OK, VERIFY_FORMAT, verify_text
from kroeg.records import RecordError, read_json
from kroeg.terminal.input_file import read_text

MALFORMED_SET = frozenset({"bad_board_set", "bad_board_count", "bad_board"})
"""Board refusals that leave nothing to check (status 2); any other is a set that does
not hold (status 1)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the record, or - for standard input")


def run(args: argparse.Namespace) -> int:
    try:
        text = read_text(args.file)
    except (OSError, UnicodeDecodeError) as e:
        error = {"reason": f"cannot read {args.file}: {e}"}
        print(json.dumps({"format": VERIFY_FORMAT, "ok": False, "error": error}))
        return EXIT_MALFORMED
    out, status = verify_board_text(text) or verify_text(text)
    print(json.dumps(out, ensure_ascii=False, indent=1))
    return status


def verify_board_text(text: str) -> tuple[dict[str, Any], int] | None:
    """The check of a published board set, or None when ``text`` is not one."""
    try:
        doc = read_json(text)
    except RecordError:
        return None
    if not isinstance(doc, dict) or doc.get("format") != BOARDS_FORMAT:
        return None
    try:
        count = verify_published(doc)
    except BoardError as e:
        error = {
            "reason": e.message,
            **({"board": e.params["board"]} if "board" in e.params else {}),
        }
        status = EXIT_MALFORMED if e.code in MALFORMED_SET else EXIT_MISMATCH
        return {"format": VERIFY_FORMAT, "ok": False, "error": error}, status
    return {"format": VERIFY_FORMAT, "ok": True, "boards": count}, EXIT_OK
