"""Refusals of issue 24 as a person meets them in Chromium on a phone (390 px): the log-in page
locked after wrong passwords, a weak password refused beside its field on sign-up, and the
organiser told that the bank cannot give round 2 questions whose answers are still secret.
Screenshots in artifacts/screenshots/safety-*.png."""
import pytest
from django.conf import settings

from tests.browser.conftest import PHONE, log_in
from tests.conftest import make_user
from tests.tournament.conftest import league, organiser, play_all, referee, started  # noqa: F401  (fixtures)
from tournament import services
from tournament.quiz.attempts import open_quiz, upload_bank

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_wrong_passwords_lock_the_log_in_page_and_say_so(live_server, new_context, shot):
    make_user("alice")
    page = new_context(PHONE).new_page()
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        page.goto(f"{live_server.url}/accounts/login/")
        page.get_by_label("Username").fill("alice")
        page.get_by_label("Password").fill(f"guess-{attempt}")
        page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("pw-alice")
    page.get_by_role("button", name="Log in").click()
    alert = page.get_by_role("alert")
    assert "Too many wrong passwords for this account from your address" in alert.inner_text()
    assert page.get_by_role("link", name="Forgot your password?").is_visible()
    shot(page, "safety-login-locked-phone")
    page.goto(f"{live_server.url}/")
    assert "Log out" not in page.content()


def test_a_weak_password_is_refused_beside_its_field_on_sign_up(live_server, new_context, shot):
    page = new_context(PHONE).new_page()
    page.goto(f"{live_server.url}/accounts/signup/")
    page.get_by_label("Username").fill("olga")
    page.get_by_label("E-mail").fill("olga@example.org")
    page.get_by_label("Password", exact=True).fill("12345678")
    page.get_by_label("Password confirmation").fill("12345678")
    page.get_by_role("button", name="Create account").click()
    error = page.locator("#id_password2_error")
    assert "too common" in error.inner_text() and "entirely numeric" in error.inner_text()
    error.scroll_into_view_if_needed()
    shot(page, "safety-signup-weak-password-phone")


def test_the_organiser_is_told_the_bank_cannot_keep_round_2_secret(live_server, new_context, shot,
                                                                   league, organiser, referee):
    t = started(league, organiser, referee, "swiss", 4)
    upload_bank(t.pk, "question,choices,answer\n" + "".join(f"Question {n}?,yes|no,yes\n" for n in range(1, 13)),
                "bank.csv", None, organiser)
    open_quiz(t.pk, 1, "olga", questions=10)
    play_all(t, lambda pairing, leg: pairing["a"])
    services.start_round(t.pk, "olga")
    page = new_context(PHONE).new_page()
    log_in(page, live_server.url, "olga")
    page.goto(f"{live_server.url}/tournaments/{t.pk}/manage/quiz/")
    assert "2 questions of the bank have not been asked in an earlier round" in page.locator("#unasked").inner_text()
    page.get_by_label("Questions per player").fill("10")
    page.get_by_role("button", name="Open the test for round 2").click()
    error = page.locator("#id_questions_error")
    assert "only 2 questions that no earlier round asked" in error.inner_text()
    error.scroll_into_view_if_needed()
    shot(page, "safety-quiz-bank-too-small-phone")
