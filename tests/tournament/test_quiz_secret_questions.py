"""A round's knowledge test asks only questions whose answers are still secret (issue 24): the
questions of a round are shown with their answers once it is over, so no later round draws them
again; when the bank cannot supply enough, the organiser is told before anything is opened, in
words beside the field, and nothing is stored."""
import re

import pytest
from django.test import Client

from tests.conftest import client_for
from tests.tournament.conftest import play_all, started
from tests.tournament.test_quiz_api import players_named, stream_length, take, upload, url
from tournament import services
from tournament.quiz import access
from tournament.quiz.models import Quiz

TWELVE = "question,choices,answer\n" + "".join(f"Question {n}?,yes|no,yes\n" for n in range(1, 13))


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def cup(league, organiser, referee):
    """A Swiss cup of four in its first round."""
    return started(league, organiser, referee, "swiss", 4)


def round_one_over(t, organiser) -> set[str]:
    """Round 1's test of 10 questions from the bank of 12, taken by two players; the round played,
    its questions and answers shown; round 2 started. The questions round 1 asked."""
    assert upload(t, organiser, TWELVE).status_code == 201
    opened = client_for(organiser).post(url(t, "rounds/1/"), {"questions": 10, "minutes": 5}, format="json")
    assert opened.status_code == 201, opened.json()
    key = {q["question"]: q["answer"] for q in client_for(organiser).get(url(t, "rounds/1/")).json()["questions"]}
    take(t, players_named("p01"), key, right=3)
    take(t, players_named("p04"), key, right=7)
    play_all(t, lambda pairing, leg: pairing["a"])
    state = services.load_state(t)
    assert access.quiz_status(Quiz.objects.get(tournament=t, round=1), state) == "revealed"
    published = client_for(None).get(url(t, "rounds/1/")).json()
    assert len(published["questions"]) == 10 and all("answer" in q for q in published["questions"])
    services.start_round(t.pk, "olga")
    return set(key)

def test_a_later_round_draws_only_questions_whose_answers_are_still_secret(cup, organiser):
    asked = round_one_over(cup, organiser)
    organiser_api = client_for(organiser)
    before = stream_length(cup)
    refused = organiser_api.post(url(cup, "rounds/2/"), {"questions": 10, "minutes": 5}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "bank_too_small"
    assert refused.json()["available"] == 2
    assert "2 questions that no earlier round asked, fewer than 10" in refused.json()["message"]
    assert not Quiz.objects.filter(round=2).exists() and stream_length(cup) == before

    opened = organiser_api.post(url(cup, "rounds/2/"), {"questions": 2, "minutes": 5}, format="json")
    assert opened.status_code == 201, opened.json()
    round_two = {q["question"] for q in Quiz.objects.get(round=2).questions}
    assert len(round_two) == 2 and not round_two & asked


def test_a_new_upload_repeating_asked_questions_does_not_bring_them_back(cup, organiser):
    round_one_over(cup, organiser)
    again = ("question,choices,answer\n" + "".join(f" QUESTION  {n}?,yes|no,yes\n" for n in range(1, 13))
             + "A new question?,yes|no,no\n")
    assert upload(cup, organiser, again, name="again.csv").status_code == 201
    refused = client_for(organiser).post(url(cup, "rounds/2/"), {"questions": 4}, format="json")
    assert refused.json()["available"] == 3, "the two not asked and the new one: spacing and case change nothing"


def test_the_bank_page_tells_the_organiser_before_opening_and_refuses_beside_the_field(cup, organiser):
    round_one_over(cup, organiser)
    page = f"/tournaments/{cup.pk}/manage/quiz/"
    html = logged_in(organiser).get(page).content.decode()
    assert "2 questions of the bank have not been asked in an earlier round" in html
    before = stream_length(cup)
    refused = logged_in(organiser).post(page, {"action": "open", "round": 2, "questions": 10, "minutes": 5})
    assert refused.status_code == 409
    error = re.search(r'id="id_questions_error">(.*?)</', refused.content.decode(), re.S)
    assert error and "only 2 questions that no earlier round asked" in error.group(1)
    assert not Quiz.objects.filter(round=2).exists() and stream_length(cup) == before
