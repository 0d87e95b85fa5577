"""A new organiser finds who grants the right to organise and asks them; a league admin grants it
from his notification (issue 26 "Done when"), all by clicking, on a phone and on a desktop."""
import pytest
from playwright.sync_api import expect

from leagues.models import League
from tests.browser.conftest import PHONE, log_in
from tests.conftest import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_new_organiser_asks_for_the_right_and_a_league_admin_grants_it_from_his_notification(
        live_server, new_context, shot):
    base = live_server.url
    League.objects.create(name="Kraków Club League", slug="krakow")
    make_user("admin", is_staff=True, is_superuser=True)
    make_user("nina")

    nina = new_context(PHONE).new_page()
    log_in(nina, base, "nina")
    nina.get_by_role("navigation", name="Main").get_by_role("link", name="Tournaments").click()
    nina.get_by_role("link", name="New tournament").click()  # where a would-be organiser starts
    expect(nina.locator(".next-step")).to_contain_text("admin")
    shot(nina, "organise-01-new-tournament-names-the-admins-phone")
    nina.get_by_role("link", name="Ask to organise in Kraków Club League").click()
    nina.get_by_label("A word to the league admins (optional)").fill("I run the Kraków 303 club on Thursdays.")
    shot(nina, "organise-02-ask-phone")
    nina.get_by_role("button", name="Ask to organise").click()
    expect(nina.get_by_text("Your request went to admin.")).to_be_visible()
    shot(nina, "organise-03-asked-league-page-phone")

    admin = new_context().new_page()
    log_in(admin, base, "admin")
    admin.get_by_role("navigation", name="Main").get_by_role("link", name="Notifications").click()
    expect(admin.get_by_text("nina asks to organise tournaments in Kraków Club League")).to_be_visible()
    shot(admin, "organise-04-admin-notification-desktop")
    admin.get_by_role("button", name="Make nina an organiser of Kraków Club League").click()
    expect(admin.get_by_text("nina organises Kraków Club League now and has been told.")).to_be_visible()
    expect(admin.get_by_text("✓ granted by admin")).to_be_visible()
    shot(admin, "organise-05-admin-granted-desktop")

    nina.get_by_role("navigation", name="Main").get_by_role("link", name="Notifications").click()
    nina.get_by_role("link", name="You organise Kraków Club League now: create its tournaments").click()
    expect(nina.get_by_role("button", name="Create the tournament")).to_be_visible()
    shot(nina, "organise-06-new-tournament-form-phone")
