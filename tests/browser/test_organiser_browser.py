"""An organiser and a league admin do their whole job by clicking (issue 13 "Done when").

One flow, so CI runs it once: an organiser signs up; the league admin appoints them organiser
of the club's league; they create an 8-entrant 303 Swiss tournament, add seven entrants by
username and share the join link, through which an eighth player registers himself; they seed
by rating (two players' real Elo, 1538 and 1490, make them seeds 1 and 8 among six unrated at
1500), start every round and reach the final standings. The games' results in between are the
players' job, so the test produces them through the service layer. Then the league admin
creates a season with the tournament and sees its table. Screenshots of each step, at desktop
and phone width, go to artifacts/screenshots/.
"""
import pytest

from ratings.models import PlayerRating
from leagues.models import League
from tests.browser.conftest import PHONE, log_in
from tests.conftest import make_user
from tests.tournament.conftest import play_all
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ("ace", "bea", "cid", "dan", "eve", "fay", "gus")


@pytest.fixture
def snap(shot):
    """A screenshot once the field being typed in has let go of the focus: its change event
    fires now, not in the middle of the next click (a full-page screenshot resizes the page)."""
    def take(page, name):
        page.evaluate("document.activeElement && document.activeElement.blur()")
        shot(page, name)
    return take


def first_alphabetically(pairing, leg):
    """Each pairing is won 2:0 by the entrant first in the alphabet (no 1:1 to decide)."""
    return min(pairing["a"], pairing["b"])


def test_an_organiser_runs_a_swiss_tournament_and_the_league_admin_a_season(live_server, new_context, snap,
                                                                            admin_user_):
    url = live_server.url
    league = League.objects.create(name="Kent Club League", slug="kent")
    players = {name: make_user(name) for name in PLAYERS + ("hank",)}
    PlayerRating.objects.create(system="303", player=players["ace"], rating=1538.0, peak=1538, games=6, wins=4,
                                draws=0, losses=2)
    PlayerRating.objects.create(system="303", player=players["bea"], rating=1490.0, peak=1510, games=12, wins=5,
                                draws=0, losses=7)

    # The organiser signs up, and finds out who may let them run tournaments.
    olga = new_context().new_page()
    olga.goto(url)
    olga.get_by_role("link", name="Sign up").click()
    olga.get_by_label("Username", exact=True).fill("olga")
    olga.get_by_label("E-mail", exact=True).fill("olga@example.org")
    olga.get_by_label("Password", exact=True).fill("Searchlight-1940")
    olga.get_by_label("Password confirmation", exact=True).fill("Searchlight-1940")
    snap(olga, "org-01-sign-up")
    olga.get_by_role("button", name="Create account").click()
    olga.get_by_role("navigation").get_by_role("link", name="Tournaments").click()
    olga.get_by_role("link", name="New tournament").click()
    assert "the league admins appoint its organisers" in olga.content()
    snap(olga, "org-02-not-an-organiser-yet")

    # The league admin appoints her.
    admin = new_context().new_page()
    admin.goto(f"{url}/accounts/login/")
    admin.get_by_label("Username", exact=True).fill("admin")
    admin.get_by_label("Password", exact=True).fill("pw-admin")
    admin.get_by_role("button", name="Log in").click()
    admin.get_by_role("navigation").get_by_role("link", name="League", exact=True).click()
    admin.get_by_role("link", name="Kent Club League").click()
    admin.get_by_role("link", name="Edit the league and its organisers").click()
    admin.get_by_label("Appoint an organiser", exact=True).fill("olga")
    snap(admin, "org-03-admin-appoints-organiser")
    admin.get_by_role("button", name="Save").click()
    assert "Organisers: olga" in admin.content()

    # She creates the tournament (the form on her phone too).
    olga.reload()
    phone = new_context(PHONE)
    phone.add_cookies(olga.context.cookies())
    olga_phone = phone.new_page()
    olga_phone.goto(olga.url)
    snap(olga_phone, "org-04-new-tournament-phone")
    olga.get_by_label("Name", exact=True).fill("Kent Autumn Swiss")
    olga.get_by_label("Game", exact=True).select_option("303")
    olga.get_by_label("Swiss —", exact=False).check()
    assert olga.get_by_label("Number of rounds", exact=True).is_visible()
    assert not olga.get_by_label("Play a match for third place", exact=True).is_visible(), "other formats' options hidden"
    olga.get_by_label("Number of rounds", exact=True).fill("3")
    olga.get_by_label("Time control", exact=True).select_option("per-move")
    olga.get_by_label("Hours per move", exact=True).fill("48")
    snap(olga, "org-04-new-tournament-desktop")
    olga.get_by_role("button", name="Create the tournament").click()
    olga.wait_for_url("**/manage/")
    tournament = Tournament.objects.get(name="Kent Autumn Swiss")
    assert "Next: add entrants, or share the join link" in olga.content()

    # Entrants by username (the lookup suggests names as she types) …
    for name in PLAYERS:
        field = olga.get_by_label("Player", exact=True)
        field.fill(name[:2])
        olga.wait_for_function("document.querySelectorAll('#player-suggestions option').length > 0")
        field.fill(name)
        olga.get_by_role("button", name="Add", exact=True).click()
        olga.wait_for_load_state()
        if name == "bea":  # rated in 303 with 12 games: her rating, not provisional
            assert "bea is registered with rating 1490." in olga.content()
    assert "gus is registered with rating 1500 (provisional: fewer than 10 rated games" in olga.content()
    snap(olga, "org-05-entrants-added")
    # … and the join link, through which hank registers himself.
    join_link = olga.get_by_label("Join link", exact=True).input_value()
    hank = new_context(PHONE).new_page()
    log_in(hank, url, "hank")
    hank.goto(join_link)
    assert "your current rating in this game: 1500 (provisional" in hank.content()
    snap(hank, "org-06-join-link-phone")
    hank.get_by_role("button", name="Register me").click()
    assert "You are registered for Kent Autumn Swiss" in hank.content()

    # Seeding by rating: ace's real Elo (1538) puts him first, bea's (1490) last; the others are
    # unrated (1500, drawn by lot among themselves).
    olga.reload()
    assert olga.get_by_role("heading", name="Entrants (8)").count() == 1
    seeding = olga.locator("#seeding")
    assert "ace — 1538" in seeding.inner_text()
    snap(olga, "org-07-before-seeding")
    olga_phone.goto(olga.url)
    snap(olga_phone, "org-07-before-seeding-phone")
    seeding.get_by_role("button", name="Seed").click()
    assert "Seeded: 1. ace" in olga.content() and "8. bea." in olga.content()

    # Every round: the page says what will happen, she starts it, the players play.
    for number in (1, 2, 3):
        rounds = olga.locator("#rounds")
        assert "4 pairings will be created: 8 games" in rounds.inner_text()
        if number == 1:
            snap(olga, "org-08-start-round-1")
        olga.get_by_role("button", name=f"Start round {number}").click()
        assert f"Round {number} has started" in olga.content()
        play_all(tournament, first_alphabetically)
        olga.reload()
    assert "The tournament is over" in olga.content()
    snap(olga, "org-09-finished")
    olga.get_by_role("link", name="See the final standings").click()
    assert olga.get_by_role("table").count() >= 1
    snap(olga, "org-10-final-standings")

    # The league admin makes a season of it and sees the table.
    admin.get_by_role("navigation").get_by_role("link", name="League", exact=True).click()
    admin.get_by_role("link", name="Kent Club League").click()
    admin.get_by_role("link", name="New season").click()
    admin.get_by_label("Name", exact=True).fill("Autumn 1940")
    admin.get_by_label("Kent Autumn Swiss", exact=True).check()
    snap(admin, "org-11-new-season")
    admin.get_by_role("button", name="Create the season").click()
    assert admin.get_by_role("heading", name="Season table").count() == 1
    table = admin.get_by_role("table").inner_text()
    assert "ace" in table and "hank" in table
    snap(admin, "org-12-season-table")
    admin_phone = new_context(PHONE)
    admin_phone.add_cookies(admin.context.cookies())
    season_phone = admin_phone.new_page()
    season_phone.goto(admin.url)
    snap(season_phone, "org-13-season-table-phone")
