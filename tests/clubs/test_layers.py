"""The club service sits under the web layer (../shared/DESIGN.md "Layers"): no module of
kroeg.clubs imports kroeg.server, directly or through another module."""

from __future__ import annotations

import subprocess
import sys

IMPORT_EVERY_CLUBS_MODULE = """
import importlib, pkgutil, sys
import kroeg.clubs
for module in pkgutil.iter_modules(kroeg.clubs.__path__, "kroeg.clubs."):
    importlib.import_module(module.name)
print(sorted(m for m in sys.modules if m == "kroeg.server" or m.startswith("kroeg.server.")))
"""


def test_kroeg_clubs_does_not_import_the_web_layer() -> None:
    out = subprocess.run(
        [sys.executable, "-c", IMPORT_EVERY_CLUBS_MODULE],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.strip() == "[]"
