"""Playwright + Debian's chromium against pytest-django's ``live_server`` (issue 7).

Never downloads a browser: it drives /usr/bin/chromium (``apt-get install chromium``).
Screenshots go to ``artifacts/screenshots/`` (gitignored).
"""
import os
from pathlib import Path

import pytest

# Playwright's sync API keeps an event loop on the test thread; the ORM calls the tests make
# between browser steps are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def chromium():
    if not os.path.exists(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
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


@pytest.fixture
def shot():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def save(page, name):
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)

    return save


def log_in(page, base_url, username):
    page.goto(f"{base_url}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("pw-" + username)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base_url}/")


def advance(game, players: dict, steps: int, stop=None, choose=None):
    """Play up to ``steps`` commands through the service, each a complete legal action of the
    side to move (templates skipped) picked by ``choose(actions)`` (default: the first);
    ``stop(game)`` ends early."""
    from game import services
    from game.api.views import game_detail
    from game.models import Game

    for _ in range(steps):
        game = Game.objects.get(pk=game.pk)
        if game.status != "running" or (stop and stop(game)):
            break
        side = game.to_move[0]
        detail = game_detail(game, players[side], side)
        actions = [a for a in detail["legal_actions"] if not a.get("template")]
        services.submit_command(game_id=game.pk, user=players[side],
                                command=choose(actions) if choose else actions[0],
                                expected_version=game.version, side=side)
    return Game.objects.get(pk=game.pk)
