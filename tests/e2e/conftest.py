"""The browser tests' set-up: one real ``kroeg serve`` and one headless Chromium per session.

The server runs on a free port with a temporary SQLite database, the house thinking
for 0 s and clocks allowed down to 1 s (``KROEG_MIN_CLOCK``), so a test that needs a
timeout creates its table with a short clock. Chromium is Debian's (``/usr/bin/chromium``,
installed by ``make chromium``); Playwright's own browser download is never used.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    ViewportSize,
    sync_playwright,
)

from tests.e2e.serve import serve

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SEED = int(os.environ.get("KROEG_E2E_SEED", "2026"))
"""The server's shuffles follow this seed (a failing run repeats with the same deals;
``KROEG_E2E_SEED`` picks others). The tests pass whatever the deal."""
DESKTOP: ViewportSize = {"width": 1280, "height": 720}
PHONE: ViewportSize = {"width": 640, "height": 360}
"""A phone held sideways (issue 6: "from 640×360 landscape")."""


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a real ``kroeg serve`` with its own temporary database."""
    with serve(tmp_path_factory.mktemp("kroeg-e2e"), seed=SEED) as url:
        yield url


DEAL_PAUSE = 2.5
"""Seconds the ``paused_server``'s tables wait after a deal's end: long enough to see the
last trick (1 s) and to measure the deal's summary (1.5 s) at three sizes on a loaded
machine, short enough for a test that plays whole games."""


@pytest.fixture(scope="package")
def paused_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second ``kroeg serve`` whose tables pause after a deal's end, as in production
    (the ``server``'s tables deal the next deal at once). A module that needs it names it
    as its own ``server`` fixture."""
    with serve(
        tmp_path_factory.mktemp("kroeg-e2e-paused"), seed=SEED, deal_pause=DEAL_PAUSE
    ) as url:
        yield url


@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    """Playwright's sync API runs an event loop in this thread while it is open, so it is
    closed when the browser tests end: the asyncio tests after them need the thread free.

    Playwright's offline emulation (``context.set_offline``) reaches a service worker's
    own requests only with its documented experimental switch
    ``PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS`` (playwright.dev/docs/
    service-workers-experimental). Without it a phone of Mieke's that the test took
    offline still sent its score lines once her service worker controlled the page,
    and the offline tests failed or passed by the timing of the worker's start.
    """
    os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="package")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (apt-get install chromium)")
    b = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    yield b
    b.close()


NewPage = Callable[..., Page]


@pytest.fixture
def new_page(browser: Browser, server: str) -> Iterator[NewPage]:
    """Open a page in a fresh browser context (its own storage: another person).

    Any uncaught script error on any page fails the test at teardown.
    """
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def make(viewport: ViewportSize | None = None, touch: bool = False) -> Page:
        context = browser.new_context(
            viewport=viewport or DESKTOP,
            base_url=server,
            has_touch=touch,
            is_mobile=touch,
            reduced_motion="reduce",
        )
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"script errors in the page: {errors}"
