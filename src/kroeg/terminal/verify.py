"""``kroeg verify RECORD``: recompute every deal of a record from its revealed secret and
its contributions (docs/fair-deals.md) and print the ``kroeg-verify/1`` document.

Exit status 0 when every deal matches its commitment and its cards, 1 naming the first
deal that does not, 2 when the record cannot be checked (not JSON, no ``fair`` field, no
secret yet, a malformed value).
"""

from __future__ import annotations

import argparse
import json

from kroeg.fair_records import EXIT_MALFORMED, VERIFY_FORMAT, verify_text
from kroeg.terminal.input_file import read_text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the record, or - for standard input")


def run(args: argparse.Namespace) -> int:
    try:
        text = read_text(args.file)
    except (OSError, UnicodeDecodeError) as e:
        error = {"reason": f"cannot read {args.file}: {e}"}
        print(json.dumps({"format": VERIFY_FORMAT, "ok": False, "error": error}))
        return EXIT_MALFORMED
    out, status = verify_text(text)
    print(json.dumps(out, ensure_ascii=False, indent=1))
    return status
