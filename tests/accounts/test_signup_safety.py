"""What a stranger can do to accounts without logging in (issue 24): weak passwords are refused
beside the field (Django's password validators, on sign-up, password change and reset); sign-up
answers the same whether or not an e-mail address has an account (its owner is told by e-mail);
sign-up and password-reset requests are limited per address."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.conftest import make_user

STRONG = "night-fighter-43"


def signup(client: Client, username: str, email: str, password: str = STRONG):
    return client.post("/accounts/signup/", {"username": username, "email": email, "password1": password,
                                             "password2": password})


def error_beside(html: str, field: str) -> str:
    found = re.search(rf'id="id_{field}_error">(.*?)</', html, re.S)
    return found.group(1) if found else ""


@pytest.mark.django_db
@pytest.mark.parametrize("password,why", [
    ("password", "too common"), ("12345678", "too common"), ("83920174", "entirely numeric"),
    ("short7!", "too short"), ("olga-olga", "too similar"),
])
def test_a_weak_password_is_refused_beside_the_field_and_creates_nothing(password, why):
    response = signup(Client(), "olga-olga", "olga@example.org", password)
    assert response.status_code == 400
    assert why in error_beside(response.content.decode(), "password2")
    assert not get_user_model().objects.exists()


@pytest.mark.django_db
def test_a_weak_new_password_is_refused_on_password_change():
    alice = make_user("alice")
    browser = Client()
    browser.force_login(alice)
    response = browser.post("/accounts/password_change/", {"old_password": "pw-alice", "new_password1": "12345678",
                                                           "new_password2": "12345678"})
    assert response.status_code == 200 and "too common" in response.content.decode()
    alice.refresh_from_db()
    assert alice.check_password("pw-alice")


@pytest.mark.django_db
def test_signing_up_answers_the_same_whether_or_not_the_e_mail_has_an_account():
    make_user("bob", email="bob@example.org")
    fresh = signup(Client(), "olga", "olga@example.org")
    taken = signup(Client(), "mallory", "BOB@example.org")
    assert (fresh.status_code, fresh["Location"]) == (taken.status_code, taken["Location"]) == (302, "/")
    assert get_user_model().objects.filter(email__iexact="bob@example.org").count() == 2
    told = [m for m in mail.outbox if m.to == ["bob@example.org"]]
    assert len(told) == 1 and "mallory" in told[0].body and "Your account is unchanged" in told[0].body
    assert not [m for m in mail.outbox if m.to == ["olga@example.org"]], "nobody else gives olga's address"


@pytest.mark.django_db
def test_the_profile_accepts_an_e_mail_another_account_gives_and_tells_its_owner():
    make_user("bob", email="bob@example.org")
    alice = make_user("alice", email="alice@example.org")
    browser = Client()
    browser.force_login(alice)
    saved = browser.post("/accounts/profile/", {"display_name": "", "email": "bob@example.org", "language": ""})
    assert saved.status_code == 302
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]


@pytest.mark.django_db
@pytest.mark.parametrize("path,scope,body", [
    ("/accounts/signup/", "signup", {"username": "x", "email": "x@example.org", "password1": "a", "password2": "b"}),
    ("/accounts/password_reset/", "password_reset", {"email": "nobody@example.org"}),
])
def test_sign_up_and_password_reset_are_limited_per_address(settings, path, scope, body):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], scope: "3/hour"}}
    stranger = Client(REMOTE_ADDR="203.0.113.7")
    answers = [stranger.post(path, body, HTTP_X_FORWARDED_FOR=f"10.0.0.{i}") for i in range(4)]
    assert [a.status_code == 429 for a in answers] == [False, False, False, True]
    assert "Too many attempts from your address" in answers[3].content.decode()
    assert Client(REMOTE_ADDR="198.51.100.20").post(path, body).status_code != 429, "another address is not held"
    assert stranger.get(path).status_code == 200, "the page itself still opens"
