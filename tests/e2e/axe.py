"""axe-core in the page (the accessibility issue, point 5): the npm package pinned in
package-lock.json (``npm ci``; ``make test`` runs it when node_modules is missing), injected
by the tests only, run at WCAG 2.2 AA at a phone's and a desktop's size. A violation
becomes a line naming its rule, its help text and the elements it found."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize

from tests.e2e.conftest import DESKTOP, PHONE

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SIZES: list[ViewportSize] = [PHONE, DESKTOP]

RUN_AXE = """async (tags) => {
  const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
  return result.violations.map((v) => ({
    id: v.id,
    help: v.help,
    targets: v.nodes.slice(0, 6).map((n) => {
      const why = (n.failureSummary || '').split('\\n').slice(1, 2).join('').trim();
      return n.target.join(' ') + (why ? ': ' + why : '');
    }),
  }));
}"""


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations of WCAG 2.0/2.1/2.2 A and AA on the page as it is now."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (make test does)")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(RUN_AXE, TAGS)
    return found


def check(page: Page, where: str, problems: list[str]) -> None:
    """Run axe at both sizes; each violation becomes a line in ``problems``."""
    before = page.viewport_size
    for size in SIZES:
        page.set_viewport_size(size)
        for v in violations(page):
            size_text = f"{size['width']}x{size['height']}"
            problems.append(f"{where} at {size_text}: {v['id']} ({v['help']}) on {v['targets']}")
    if before is not None:
        page.set_viewport_size(before)


def assert_clean(problems: list[str]) -> None:
    assert not problems, "axe-core found violations:\n" + "\n".join(problems)
