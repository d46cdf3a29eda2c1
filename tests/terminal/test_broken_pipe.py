"""``kroeg replay RECORD | head``: a reader that stops early gets no traceback on stderr."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from kroeg.cli import SIGPIPE_STATUS

EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "examples"


def test_a_reader_that_closes_the_pipe_early_gets_no_traceback() -> None:
    record = EXAMPLES / "klaverjassen-roem-and-made.json"
    command = [sys.executable, "-m", "kroeg.cli", "replay", str(record)]
    # The reader takes nothing: the first write of the replay meets a closed pipe.
    replay = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert replay.stdout is not None and replay.stderr is not None
    replay.stdout.close()
    errors = replay.stderr.read().decode()
    assert replay.wait(timeout=60) == SIGPIPE_STATUS
    assert "Traceback" not in errors and "BrokenPipeError" not in errors, errors
