"""The site's own 404 and 403 pages in Chromium, with DEBUG on as serve.sh runs (issue 26): the
site's header, what happened, what to do, links on; phone and desktop screenshots."""
import pytest
from playwright.sync_api import expect

from leagues.models import League
from tests.browser.conftest import PHONE, log_in
from tests.conftest import make_user
from tournament import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_mistyped_join_link_and_a_refused_page_show_the_sites_pages(live_server, new_context, shot, settings):
    settings.DEBUG = True
    league = League.objects.create(name="Club", slug="club")
    olga = make_user("olga")
    league.organisers.add(olga)
    make_user("mallory")
    t = services.create_tournament(league=league, name="Club cup", system="303", format="swiss", created_by=olga)
    for viewport, width in ((PHONE, "phone"), (None, "desktop")):
        page = new_context(viewport).new_page() if viewport else new_context().new_page()
        answer = page.goto(f"{live_server.url}/tournaments/{t.pk}/join/mistyped/")
        assert answer.status == 404
        expect(page.get_by_role("heading", name="This page does not exist")).to_be_visible()
        expect(page.locator("body")).not_to_contain_text("URLconf")
        shot(page, f"error-404-{width}")
        log_in(page, live_server.url, "mallory")
        answer = page.goto(f"{live_server.url}/tournaments/{t.pk}/manage/")
        assert answer.status == 403
        expect(page.get_by_text("Only the league's organisers manage this tournament.")).to_be_visible()
        shot(page, f"error-403-{width}")
        page.get_by_role("link", name="Tournaments").last.click()
        expect(page).to_have_url(f"{live_server.url}/tournaments/")
