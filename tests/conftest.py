"""Shared test set-up: hypothesis profiles (``KROEG_LONG=1`` for the long randomised runs)."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

settings.register_profile(
    "quick", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("long" if os.environ.get("KROEG_LONG") == "1" else "quick")

SHARED = Path(__file__).resolve().parents[2] / "shared"
"""The read-only shared documents beside the project (examples, RULES.md)."""
