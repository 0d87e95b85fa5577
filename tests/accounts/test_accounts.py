"""Accounts (issue 13): sign up with username, password and e-mail; log in, log out and reset a
forgotten password through Django's auth views and e-mail; a profile with the display name and
e-mail; the player lookup the organiser's entrant field uses."""
import re

from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from accounts.models import Profile
from tests.conftest import client_for, make_user

SIGNUP = {"username": "olga", "email": "olga@example.org", "password1": "night-fighter-43",
          "password2": "night-fighter-43"}


def test_signing_up_creates_the_account_and_signs_in(db):
    browser = Client(enforce_csrf_checks=True)
    assert browser.post("/accounts/signup/", SIGNUP).status_code == 403, "no CSRF token, no account"
    assert not get_user_model().objects.exists()
    browser = Client()
    response = browser.post("/accounts/signup/?next=/tournaments/new/", SIGNUP)
    assert response.status_code == 302 and response["Location"] == "/tournaments/new/"
    user = get_user_model().objects.get()
    assert (user.username, user.email) == ("olga", "olga@example.org") and Profile.objects.filter(user=user).exists()
    assert "olga" in browser.get("/").content.decode() and "Log out" in browser.get("/").content.decode()


def test_a_wrong_signup_says_why_beside_the_field_and_creates_nothing(db):
    make_user("bob", email="bob@example.org")
    response = Client().post("/accounts/signup/", {**SIGNUP, "username": "bob", "email": "not-an-address",
                                                   "password2": "other"})
    assert response.status_code == 400
    html = response.content.decode()
    assert re.search(r'id="id_username_error">.*?already exists', html, re.S)
    assert re.search(r'id="id_email_error">.*?valid email', html, re.S)
    assert re.search(r'id="id_password2_error">.*?didn.t match', html, re.S)
    assert get_user_model().objects.count() == 1


def test_every_page_links_to_sign_up_and_log_in_or_to_the_account(db):
    html = Client().get("/tournaments/").content.decode()
    assert 'href="/accounts/signup/' in html and 'href="/accounts/login/' in html
    browser = Client()
    browser.force_login(make_user("alice"))
    html = browser.get("/tournaments/").content.decode()
    assert 'href="/accounts/profile/"' in html and "Log out" in html


def test_the_profile_keeps_a_display_name_and_the_e_mail(db):
    alice = make_user("alice", email="alice@example.org")
    assert Client().get("/accounts/profile/")["Location"].startswith("/accounts/login/")
    browser = Client()
    browser.force_login(alice)
    saved = browser.post("/accounts/profile/", {"display_name": "Alice of 303", "email": "a@example.org",
                                                "language": ""})
    assert saved.status_code == 302
    alice.refresh_from_db()
    assert alice.email == "a@example.org" and alice.profile.display_name == "Alice of 303"
    assert "Alice of 303" in Client().get("/players/alice/").content.decode(), "shown on the player page"
    wrong = browser.post("/accounts/profile/", {"display_name": "x", "email": "not-an-address", "language": ""})
    assert wrong.status_code == 400 and 'id="id_email_error"' in wrong.content.decode()
    alice.refresh_from_db()
    assert alice.profile.display_name == "Alice of 303"


def test_a_forgotten_password_is_reset_through_an_e_mailed_link(db):
    make_user("alice", email="alice@example.org")
    browser = Client()
    assert browser.post("/accounts/password_reset/", {"email": "alice@example.org"}).status_code == 302
    assert len(mail.outbox) == 1 and "alice" in mail.outbox[0].body
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form_page = browser.get(link, follow=True)
    assert "Choose a new password" in form_page.content.decode()
    done = browser.post(form_page.redirect_chain[-1][0], {"new_password1": "searchlight-99",
                                                          "new_password2": "searchlight-99"})
    assert done.status_code == 302
    assert Client().post("/accounts/login/", {"username": "alice", "password": "searchlight-99"}).status_code == 302


def test_the_player_lookup_finds_usernames_and_display_names_for_signed_in_users(db):
    alice = make_user("alice")
    make_user("albert")
    bob = make_user("bob")
    Profile.objects.create(user=bob, display_name="Ace Bob")
    assert client_for().get("/api/players/?q=al").status_code == 401
    found = client_for(alice).get("/api/players/?q=al").json()
    assert [p["username"] for p in found] == ["albert", "alice"]
    assert client_for(alice).get("/api/players/?q=ace").json() == [{"username": "bob", "display_name": "Ace Bob"}]
