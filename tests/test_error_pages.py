"""The site's own 404, 403 and 500 pages (issue 26): the site's look, a line of what to do and
links on, with DEBUG on too (the embedded default, serve.sh, runs with it); API answers stay JSON."""
import pytest
from django.test import Client, RequestFactory

from config.error_pages import SiteErrorPagesMiddleware
from leagues.models import League
from tests.conftest import make_user
from tournament import services

PAGE = 'class="site-header"'


@pytest.fixture(params=[True, False], ids=["debug-on", "debug-off"])
def debug(request, settings):
    settings.DEBUG = request.param
    return request.param


@pytest.fixture
def cup(db):
    league = League.objects.create(name="Club", slug="club")
    olga = make_user("olga")
    league.organisers.add(olga)
    return services.create_tournament(league=league, name="Club cup", system="303", format="swiss", created_by=olga)


def test_a_mistyped_address_or_join_link_shows_the_sites_404_page(debug, cup):
    for path in ("/tournaments/no-such-page/", f"/tournaments/{cup.pk}/join/not-the-key/"):
        response = Client().get(path)
        html = response.content.decode()
        assert response.status_code == 404 and PAGE in html, path
        assert "This page does not exist" in html and "copy it again from the organiser" in html
        assert "URLconf" not in html and "Traceback" not in html


def test_a_refusal_says_why_on_the_sites_403_page(debug, cup):
    client = Client()
    client.force_login(make_user("mallory"))
    response = client.get(f"/tournaments/{cup.pk}/manage/")
    html = response.content.decode()
    assert response.status_code == 403 and PAGE in html
    assert "You may not use this page" in html and "Only the league&#x27;s organisers manage this tournament." in html


def test_api_answers_stay_json(debug, db):
    response = Client().get("/api/no-such-thing/")
    assert response.status_code == 404 and response.json() == {"code": "not_found", "message": "no such resource"}


def test_an_uncaught_exception_shows_the_sites_500_page_with_debug_on(settings, db):
    settings.DEBUG = True
    request = RequestFactory().get("/tournaments/")
    from django.contrib.auth.models import AnonymousUser
    request.user = AnonymousUser()
    response = SiteErrorPagesMiddleware(lambda r: None).process_exception(request, RuntimeError("boom"))
    html = response.content.decode()
    assert response.status_code == 500 and PAGE in html and "Something went wrong on our side" in html
    assert "boom" not in html
