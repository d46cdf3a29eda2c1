"""``kroeg replay FILE``: replay a hand record and print the ``kroeg-replay/1`` document.

Exit status 0 for a valid record, 1 when an action breaks the rules, 2 when the
record is malformed (RECORDS.md, "Replaying").
"""

from __future__ import annotations

import argparse
import json

from kroeg.records import EXIT_MALFORMED, RecordError, replay_text
from kroeg.terminal.input_file import read_text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the record, or - for standard input")


def run(args: argparse.Namespace) -> int:
    try:
        text = read_text(args.file)
    except (OSError, UnicodeDecodeError) as e:
        error = RecordError(f"cannot read {args.file}: {e}")
        print(json.dumps({"format": "kroeg-replay/1", "ok": False, "error": error.json()}))
        return EXIT_MALFORMED
    out, status = replay_text(text)
    print(json.dumps(out, ensure_ascii=False, indent=1))
    return status
