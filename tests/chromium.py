"""The one Chromium of the whole test run (Debian's /usr/bin/chromium, driven by Playwright).

Its fixtures are loaded by tests/conftest.py, so the browser tests and the cluster's fault tests
share one session-scoped browser: Playwright's sync API refuses a second one while the first runs.
"""
import os
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = Path(__file__).resolve().parents[1] / "artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def chromium():
    if not os.path.exists(CHROMIUM):
        pytest.skip("needs Debian's chromium, an outside program (apt-get install -y chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_context(chromium):
    """A factory of isolated browser contexts (one per user); all closed after the test."""
    contexts = []

    def make(viewport=DESKTOP):
        context = chromium.new_context(viewport=viewport)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context

    yield make
    for c in contexts:
        c.close()
