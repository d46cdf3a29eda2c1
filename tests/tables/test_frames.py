"""The frames a table sends: a step's frame built from its parts equals the general one."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kroeg.tables import frames


class Shown:
    """The parts of a table a step's frame reads."""

    id = "3fa9c2e1"


EVENTS: frames.Encoded = (
    (None, b'{"kind":"action","to":null,"seat":1,"action":["play","Th"],"by":"house"}'),
    (2, b'{"kind":"hand","to":2,"cards":["7h","As"]}'),
    (1, b'{"kind":"hand","to":1,"cards":["Jd"]}'),
)


@pytest.mark.parametrize("audience", [None, 1, 2, 3])
@pytest.mark.parametrize("events", [EVENTS, ()])
def test_a_step_frame_is_the_event_frame_without_the_state(
    audience: int | None, events: frames.Encoded
) -> None:
    table: Any = Shown()
    now = 1780000001.1234567
    built = frames._step_frame(table.id, audience, 18, events, now)
    general = frames.encode(frames.event_frame(table, audience, 18, events, full=False, now=now))
    assert built == general
    frame = json.loads(built)
    assert frame["version"] == 18 and frame["now"] == now and frame["view"] is None
    shown = [e for e in frame["events"] if e["to"] is not None]
    assert all(e["to"] == audience for e in shown)  # never another seat's private event
