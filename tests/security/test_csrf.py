"""CSRF on session-authenticated writes (issue 9 "Security"): a browser session's POST without
the token is refused, by the play page and by the API alike, and nothing is appended."""
import pytest
from django.test import Client

from kernel.models import StoredEvent


@pytest.fixture
def browser(world):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.users["player"])
    return client


def csrf_token(browser, url: str) -> str:
    browser.get(url)
    return browser.cookies["csrftoken"].value


def events_of(world) -> int:
    return StoredEvent.objects.filter(stream=world.game.stream).count()


def test_the_play_page_refuses_a_post_without_the_csrf_token(world, browser):
    page = f"/games/{world.game.pk}/"
    form = {"action": "0", "expected_version": "1"}
    assert browser.post(page, form).status_code == 403
    assert events_of(world) == 1
    accepted = browser.post(page, {**form, "csrfmiddlewaretoken": csrf_token(browser, page)})
    assert accepted.status_code in (200, 302)
    assert events_of(world) == 2, "with the token the same form is played: the refusal was CSRF"


def test_the_api_refuses_a_session_post_without_the_csrf_token(world, browser):
    url = f"/api/games/{world.game.pk}/commands/"
    body = '{"expected_version": 1, "command": {"type": "roll"}}'
    refused = browser.post(url, body, content_type="application/json")
    assert refused.status_code == 403 and "CSRF" in refused.json()["message"]
    assert events_of(world) == 1
    token = csrf_token(browser, f"/games/{world.game.pk}/")
    assert browser.post(url, body, content_type="application/json", HTTP_X_CSRFTOKEN=token).status_code == 201
