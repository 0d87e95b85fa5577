"""Playwright + Debian's chromium against pytest-django's ``live_server`` (issue 7).

Never downloads a browser: it drives /usr/bin/chromium (``apt-get install chromium``).
Screenshots go to ``artifacts/screenshots/`` (gitignored).
"""
import os

import pytest

from tests.chromium import DESKTOP, PHONE, SCREENSHOTS  # noqa: F401  (the pages' sizes, for the tests)
from tests.live.conftest import streams_end_with_the_test  # noqa: F401  (live pages end their streams too)

# Playwright's sync API keeps an event loop on the test thread; the ORM calls the tests make
# between browser steps are still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

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


def offered(page) -> list[dict]:
    """The legal actions the play page offers now (its #actions-data: command, label, picks, quick)."""
    import json

    return json.loads(page.locator("#actions-data").text_content())


def page_version(page) -> int:
    return int(page.locator("#game-version").text_content())


def wait_version_above(page, version: int) -> None:
    page.wait_for_function(f"Number(document.getElementById('game-version').textContent) > {version}")


def click_board(page, pick: str) -> None:
    """Click what the board draws for a pick: a piece (``piece:<id>``) or a hex (``hex:<id>``).
    A hex under a piece is clicked through the piece, which carries the hex's pick too."""
    kind, value = pick.split(":", 1)
    target = page.locator(f'svg [data-token="{value}"]').first if kind == "piece" else \
        page.locator(f'svg polygon[data-hex="{value}"]')
    target.click(force=kind == "hex")


def click_action(page, action: dict, sent: bool = True) -> None:
    """Choose ``action`` (an entry of ``offered``) by clicking only: its board picks, then its
    button in the chooser; an action without picks is a button of its own. With ``sent``,
    waits until the game has moved on."""
    version = page_version(page)
    if action["picks"]:
        for i, pick in enumerate(action["picks"]):
            already = page.locator("#pick-box .pick-state").text_content()
            if i == 0 and pick.split(":", 1)[1] in already:  # the only piece to act with is chosen already
                continue
            click_board(page, pick)
        page.locator("#pick-box").get_by_role("button", name=action["label"], exact=True).click()
    else:
        page.locator(".quick-actions").get_by_role("button", name=action["label"], exact=True).click()
    if sent:
        wait_version_above(page, version)


POLISH_FOUR = ("kowalski", "nowak", "wisniewski", "zielinski")


def cup_of_four(name: str, fmt: str, **options):
    """A 303 tournament of four Polish players (rated 1700 down to 1550, seeded in that order),
    organised by olga in the Polish 303 League and refereed by rita, its first round started."""
    from leagues.models import League
    from tests.conftest import make_user
    from tournament import services

    league = League.objects.create(name="Polish 303 League", slug="pl303")
    olga, rita = make_user("olga"), make_user("rita")
    league.organisers.add(olga)
    for player in POLISH_FOUR:
        make_user(player)
    t = services.create_tournament(league=league, name=name, system="303", format=fmt, created_by=olga,
                                   referees=[rita], options=options)
    for rating, player in zip((1700, 1650, 1600, 1550), POLISH_FOUR):
        services.register(t.pk, player, "olga", rating=rating)
    services.seed(t.pk, "olga")
    services.start_round(t.pk, "olga")
    return t


@pytest.fixture
def semi_finals(db):
    """A 303 cup of four (polish): kowalski v zielinski has played 1:1 and waits for the knowledge
    tests; nowak v wisniewski is in play."""
    from tests.tournament.conftest import open_games, win_game

    t = cup_of_four("Warsaw 303 Cup", "single-elimination")
    for winner in ("kowalski", "zielinski"):
        [(_, _, game_id)] = [g for g in open_games(t) if g[0]["key"] == "W1-1"]
        win_game(game_id, winner)
    return t
