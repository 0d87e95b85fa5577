"""The knowledge test's pages (issue 14): only the organiser reaches the bank page; a round's
quiz page hides the questions from the others while the round runs; the referee corrects a score
with a reason on it (a missing reason is refused in words, nothing appended)."""
from django.test import Client

from kernel.store import read_events
from tests.tournament.test_quiz_api import answer_key, cup, open_round, players_named, take  # noqa: F401
from tournament.models import Tournament
from tournament.quiz.models import ScoreCorrection


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_only_the_organiser_reaches_the_bank_page(cup, organiser, referee):  # noqa: F811
    page = f"/tournaments/{cup.pk}/manage/quiz/"
    assert logged_in(organiser).get(page).status_code == 200
    assert logged_in(referee).get(page).status_code == 403
    assert logged_in(players_named("p01")).get(page).status_code == 403
    assert Client().get(page).status_code == 302
    manage = logged_in(organiser).get(f"/tournaments/{cup.pk}/manage/").content.decode()
    assert f'href="/tournaments/{cup.pk}/manage/quiz/"' in manage


def test_the_quiz_page_hides_the_questions_from_everyone_else_while_the_round_runs(cup, organiser):  # noqa: F811
    open_round(cup, organiser)
    questions = list(answer_key(cup, organiser))
    logged_in(players_named("p01")).post(f"/tournaments/{cup.pk}/quiz/1/", {"action": "start"})
    mine = logged_in(players_named("p01")).get(f"/tournaments/{cup.pk}/quiz/1/").content.decode()
    assert sum(q in mine for q in questions) == 3 and "Hand in" in mine
    for client in (logged_in(players_named("p04")), Client()):
        html = client.get(f"/tournaments/{cup.pk}/quiz/1/").content.decode()
        assert not any(q in html for q in questions)
        assert "The questions and answers stay hidden until the round is over." in html
    pairing = Tournament.objects.get(pk=cup.pk).pairings.get(key="W1-1")
    html = logged_in(players_named("p04")).get(f"/tournaments/{cup.pk}/pairings/{pairing.pk}/").content.decode()
    assert "Take the knowledge test of round 1" in html


def test_the_referee_corrects_a_score_with_a_reason_on_the_quiz_page(cup, organiser, referee):  # noqa: F811
    open_round(cup, organiser)
    take(cup, players_named("p01"), answer_key(cup, organiser), right=1)
    stream = Tournament.objects.get(pk=cup.pk).stream
    before = len(read_events(stream))
    page = f"/tournaments/{cup.pk}/quiz/1/"
    refused = logged_in(referee).post(page, {"action": "correct", "entrant": "p01", "score": "2", "reason": ""})
    assert refused.status_code == 400 and "Write the reason: it is part of the record." in refused.content.decode()
    assert len(read_events(stream)) == before
    assert logged_in(players_named("p01")).post(
        page, {"action": "correct", "entrant": "p01", "score": "3", "reason": "x"}).status_code == 403
    done = logged_in(referee).post(page, {"action": "correct", "entrant": "p01", "score": "2",
                                          "reason": "Two answers were right in question 3."}, follow=True)
    html = done.content.decode()
    assert "The score of p01 is corrected." in html and "Two answers were right in question 3." in html
    assert len(read_events(stream)) == before + 1
    assert ScoreCorrection.objects.get().previous == 1
