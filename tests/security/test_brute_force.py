"""Password guessing (issue 24): after ``LOGIN_FAILURE_LIMIT`` wrong passwords for one username
from one address, log-in is locked — the right password too — on the log-in page and the token
endpoint (django-axes); every limit counts the real client address, never one a client writes
into ``X-Forwarded-For`` (kernel/client_address.py)."""
import pytest
from django.test import Client, RequestFactory
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from kernel.client_address import client_address
from tests.conftest import make_user

GUESSER = "203.0.113.7"
TOKEN = "/api/auth/token/"


def login_page(address=GUESSER) -> Client:
    return Client(REMOTE_ADDR=address)


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


@pytest.mark.django_db
def test_wrong_passwords_lock_the_log_in_page_even_for_the_right_one(settings):
    make_user("alice")
    guesser = login_page()
    answers = [guesser.post("/accounts/login/", {"username": "alice", "password": f"guess-{attempt}"},
                            HTTP_X_FORWARDED_FOR=f"10.9.{attempt}.1")  # each from a made-up forwarded address
               for attempt in range(settings.AXES_FAILURE_LIMIT)]
    assert [a.status_code for a in answers] == [200] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    assert "didn't match" in answers[0].content.decode()
    locked = guesser.post("/accounts/login/", {"username": "alice", "password": "pw-alice"})
    assert locked.status_code == 429 and not logged_in(guesser)
    page = locked.content.decode()
    assert "Too many wrong passwords for this account from your address" in page
    assert "locked for 15 minutes" in page and 'href="/accounts/password_reset/"' in page
    assert 'value="alice"' in page, "the form is there again, the username kept"

    elsewhere = login_page("198.51.100.20")  # alice at home: a guesser elsewhere does not lock her out
    assert elsewhere.post("/accounts/login/", {"username": "alice", "password": "pw-alice"}).status_code == 302
    assert logged_in(elsewhere)


@pytest.mark.django_db
def test_a_right_password_in_time_starts_the_count_again(settings):
    make_user("alice")
    player = login_page()
    for _ in range(2):
        for attempt in range(settings.AXES_FAILURE_LIMIT - 1):
            player.post("/accounts/login/", {"username": "alice", "password": f"typo-{attempt}"})
        assert player.post("/accounts/login/", {"username": "alice", "password": "pw-alice"}).status_code == 302
        player.logout()


@pytest.mark.django_db
def test_wrong_passwords_lock_the_token_endpoint_with_a_code_and_words(settings):
    make_user("alice")
    guesser = APIClient(REMOTE_ADDR=GUESSER)
    answers = [guesser.post(TOKEN, {"username": "alice", "password": f"guess-{attempt}"}, format="json")
               for attempt in range(settings.AXES_FAILURE_LIMIT)]
    assert [a.status_code for a in answers] == [400] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    locked = guesser.post(TOKEN, {"username": "alice", "password": "pw-alice"}, format="json")
    assert locked.status_code == 429 and "token" not in locked.json()
    assert locked.json()["code"] == "locked_out"
    assert "Too many wrong passwords for this account" in locked.json()["message"]
    # the log-in page shares the count: the same guesser is locked out there too
    assert login_page().post("/accounts/login/", {"username": "alice", "password": "pw-alice"}).status_code == 429


@pytest.mark.django_db
def test_rotating_x_forwarded_for_does_not_escape_the_token_limit(monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"auth": "5/min", "commands": "600/min"})
    make_user("alice")
    guesser = APIClient(REMOTE_ADDR=GUESSER)
    answers = [guesser.post(TOKEN, {"username": f"user{i}", "password": "guess"}, format="json",
                            HTTP_X_FORWARDED_FOR=f"10.9.{i}.{i}") for i in range(8)]
    assert [a.status_code for a in answers] == [400] * 5 + [429] * 3
    assert answers[-1].json()["code"] == "rate_limited"
    # the connecting address is what counts: another one is not held back
    other = APIClient(REMOTE_ADDR="198.51.100.20")
    assert other.post(TOKEN, {"username": "alice", "password": "pw-alice"}, format="json").status_code == 200


def test_the_client_address_believes_only_the_trusted_proxies(settings):
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="6.6.6.6, 192.0.2.44")
    settings.TRUSTED_PROXIES = 0
    assert client_address(request) == "10.0.0.2", "no proxy configured: the header is the client's invention"
    settings.TRUSTED_PROXIES = 1
    assert client_address(request) == "192.0.2.44", "what our proxy saw connect, not what the client wrote"
    settings.TRUSTED_PROXIES = 2
    assert client_address(request) == "6.6.6.6"
    settings.TRUSTED_PROXIES = 1
    assert client_address(RequestFactory().get("/", REMOTE_ADDR="10.0.0.2")) == "10.0.0.2"

