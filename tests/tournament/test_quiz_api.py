"""The knowledge test run by the service, through the API (issue 14): the organiser uploads a
bank and opens a round's quiz; each player of the round takes one timed attempt; the score is
the ``KnowledgeTestScoreRecorded`` event the polish scheme reads; questions and answers stay
hidden from everyone else until the round ends; a referee corrects a score with a reason.
Every refusal appends nothing."""
import io
from datetime import timedelta

import pytest
from django.utils import timezone

from kernel.store import read_events
from tests.conftest import client_for, make_user
from tests.tournament.conftest import enter, new_tournament, play, players
from tournament import events as ev, services
from tournament.models import Tournament
from tournament.quiz.models import Attempt, QuestionBank, ScoreCorrection

BANK = ("question,choices,answer\n"
        "Which squadron flew from Northolt?,303|302|609,303\n"
        "Who moves first?,RAF|Luftwaffe,Luftwaffe\n"
        "How many legs has a pairing?,1|2|3,2\n"
        "What does a red card end?,the pairing|the tournament,the pairing\n"
        "Which score is a 1:1 worth to the better test?,1|2|3,2\n")


@pytest.fixture
def cup(league, organiser, referee):
    """A polish cup of four: p01 v p04 stands at 1:1 (waits for the knowledge tests), p02 beat p03 2:0."""
    t = new_tournament(league, organiser, referee)
    entrants = players(4)
    enter(t, entrants)
    services.start_round(t.pk, "olga")
    play(t, "W1-1", "p01", "p04")
    play(t, "W1-2", "p02", "p02")
    return t


def url(t, rest=""):
    return f"/api/tournaments/{t.pk}/quiz/{rest}"


def stream_length(t) -> int:
    return len(read_events(Tournament.objects.get(pk=t.pk).stream))


def upload(t, user, text=BANK, name="bank.csv"):
    f = io.BytesIO(text.encode())
    f.name = name
    return client_for(user).post(url(t, "bank/"), {"file": f}, format="multipart")


def open_round(t, organiser, questions=3, minutes=5):
    assert upload(t, organiser).status_code == 201
    response = client_for(organiser).post(url(t, "rounds/1/"), {"questions": questions, "minutes": minutes},
                                          format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def answer_key(t, organiser) -> dict:
    """question text → right choice index (the organiser sees the questions with their answers)."""
    view = client_for(organiser).get(url(t, "rounds/1/")).json()
    return {q["question"]: q["answer"] for q in view["questions"]}


def take(t, user, key, right: int):
    """Start, answer ``right`` questions right and the rest wrong, hand in."""
    client = client_for(user)
    attempt = client.post(url(t, "rounds/1/attempt/")).json()
    answers = {}
    for i, q in enumerate(attempt["questions"]):
        good = key[q["question"]]
        answers[str(q["position"])] = good if i < right else (good + 1) % len(q["choices"])
    response = client.post(url(t, "rounds/1/attempt/submit/"), {"answers": answers}, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def test_an_upload_with_mistakes_names_each_row_and_stores_nothing(cup, organiser):
    bad = "question,choices,answer\nWho?,A,A\nWhere?,London|Berlin,Paris\n"
    response = upload(cup, organiser, bad)
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "invalid_bank"
    assert body["errors"] == [{"row": 2, "message": "Give at least 2 choices (found 1)."},
                              {"row": 3, "message": "The answer “Paris” is not one of the choices (London, Berlin)."}]
    assert not QuestionBank.objects.exists()
    json_bank = '[{"question": "Who?", "choices": ["A", "B"], "answer": "B"}]'
    response = client_for(organiser).post(url(cup, "bank/"), {"content": json_bank, "format": "json"}, format="json")
    assert response.status_code == 201 and response.json()["count"] == 1


def test_only_the_organiser_uploads_and_sees_the_bank(cup, organiser, referee):
    p01 = players_named("p01")
    assert upload(cup, p01).status_code == 403
    assert upload(cup, organiser).status_code == 201
    bank = client_for(organiser).get(url(cup, "bank/")).json()
    assert bank["count"] == 5 and bank["questions"][1]["answer_text"] == "Luftwaffe"
    for who, code in ((p01, 403), (referee, 403), (None, 401)):
        assert client_for(who).get(url(cup, "bank/")).status_code == code


def players_named(name):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=name)


def test_questions_and_answers_are_hidden_from_everyone_else_until_the_round_ends(cup, organiser, referee):
    p01, p04, p02 = (players_named(n) for n in ("p01", "p04", "p02"))
    spectator = make_user("spectator")
    open_round(cup, organiser)
    key = answer_key(cup, organiser)
    mine = client_for(p01).post(url(cup, "rounds/1/attempt/"))
    assert mine.status_code == 201
    attempt = mine.json()
    assert attempt["status"] == "running" and attempt["seconds_left"] > 290 and len(attempt["questions"]) == 3
    assert all("answer" not in q for q in attempt["questions"]), "the player does not see the right answers"
    right = key[attempt["questions"][0]["question"]]  # one right answer: p01's score (1) beats p04's (0)
    client_for(p01).put(url(cup, "rounds/1/attempt/answers/"), {"position": 0, "choice": right}, format="json")

    # Opponent, another player, a spectator, anonymous, the referee: progress only.
    for who in (p04, p02, spectator, None, referee):
        view = client_for(who).get(url(cup, "rounds/1/")).json()
        assert view["status"] == "open" and view["questions"] is None
        assert [p["status"] for p in view["players"] if p["entrant"] == "p01"] == ["running"]
        assert all("answers" not in p for p in view["players"])
    # Nobody reaches another player's attempt: the attempt endpoint is always "your" attempt.
    assert client_for(p04).get(url(cup, "rounds/1/attempt/")).json()["code"] == "no_attempt"
    # The organiser sees the questions with the right answers (he wrote them), not the players' picks.
    organiser_view = client_for(organiser).get(url(cup, "rounds/1/")).json()
    assert all("answer" in q for q in organiser_view["questions"])
    assert all("answers" not in p for p in organiser_view["players"])

    # p01 hands in; his own view has his score, still no right answers (p04 is yet to take it).
    done = client_for(p01).post(url(cup, "rounds/1/attempt/submit/"), {}, format="json").json()
    assert done["status"] == "finished" and not done["revealed"]
    assert all("answer" not in q for q in done["questions"])
    take(cup, p04, key, right=0)

    # Both scores decide the 1:1 → round 1 is complete → everything is shown to everyone.
    view = client_for(None).get(url(cup, "rounds/1/")).json()
    assert view["status"] == "revealed"
    assert [q["answer_text"] for q in view["questions"]] and all("answer" in q for q in view["questions"])
    p01_row = next(p for p in view["players"] if p["entrant"] == "p01")
    assert p01_row["answers"][0]["choice"] == right and p01_row["answers"][0]["right"]
    assert len(p01_row["answers"]) == 3 and p01_row["score"] == 1
    assert "answer" in client_for(p01).get(url(cup, "rounds/1/attempt/")).json()["questions"][0]


def test_the_score_is_the_tournament_event_and_decides_the_1_1(cup, organiser):
    p01, p04 = players_named("p01"), players_named("p04")
    open_round(cup, organiser)
    key = answer_key(cup, organiser)
    assert take(cup, p01, key, right=1)["score"] == 1
    assert take(cup, p04, key, right=3)["score"] == 3
    events = [e for e in read_events(Tournament.objects.get(pk=cup.pk).stream)
              if e.type == ev.KNOWLEDGE_TEST_SCORE_RECORDED]
    assert [(e.payload, e.actor) for e in events] == [({"entrant": "p01", "score": 1, "round": 1}, "system:quiz"),
                                                     ({"entrant": "p04", "score": 3, "round": 1}, "system:quiz")]
    state = services.load_state(Tournament.objects.get(pk=cup.pk))
    pairing = state.pairing_for_key("W1-1")
    result = state.named_result(pairing)
    assert result["status"] == "decided" and result["winner"] == "p04"
    assert client_for(None).get(f"/api/tournaments/{cup.pk}/knowledge-tests/").json() == {"p01": 1, "p04": 3}


def test_answers_after_the_deadline_are_not_counted(cup, organiser):
    p01 = players_named("p01")
    open_round(cup, organiser)
    key = answer_key(cup, organiser)
    client = client_for(p01)
    attempt = client.post(url(cup, "rounds/1/attempt/")).json()
    first, second = attempt["questions"][:2]
    kept = client.put(url(cup, "rounds/1/attempt/answers/"),
                      {"position": first["position"], "choice": key[first["question"]]}, format="json")
    assert kept.status_code == 200
    Attempt.objects.filter(entrant="p01").update(deadline=timezone.now() - timedelta(seconds=1))
    before = stream_length(cup)
    late = client.put(url(cup, "rounds/1/attempt/answers/"),
                      {"position": second["position"], "choice": key[second["question"]]}, format="json")
    assert late.status_code == 409 and late.json()["code"] == "deadline_passed"
    # The late request scored the attempt on what was kept in time: one right answer.
    assert late.json()["score"] == 1
    assert stream_length(cup) == before + 1
    submit = client.post(url(cup, "rounds/1/attempt/submit/"),
                         {"answers": {str(second["position"]): key[second["question"]]}}, format="json")
    assert submit.status_code == 409 and submit.json()["code"] == "deadline_passed"
    assert stream_length(cup) == before + 1
    assert services.load_state(Tournament.objects.get(pk=cup.pk)).tests == {"p01": 1}


def test_an_attempt_nobody_hands_in_is_scored_at_its_deadline_on_the_next_read(cup, organiser):
    p01 = players_named("p01")
    open_round(cup, organiser)
    client_for(p01).post(url(cup, "rounds/1/attempt/"))
    Attempt.objects.filter(entrant="p01").update(deadline=timezone.now() - timedelta(seconds=1))
    view = client_for(None).get(url(cup, "rounds/1/")).json()
    assert [(p["status"], p["score"]) for p in view["players"] if p["entrant"] == "p01"] == [("finished", 0)]
    assert services.load_state(Tournament.objects.get(pk=cup.pk)).tests == {"p01": 0}


def test_one_attempt_per_player_per_round_and_only_the_rounds_players(cup, organiser):
    p01 = players_named("p01")
    outsider = make_user("outsider")
    open_round(cup, organiser)
    client = client_for(p01)
    started = client.post(url(cup, "rounds/1/attempt/")).json()
    resumed = client.post(url(cup, "rounds/1/attempt/"))
    assert resumed.status_code == 200 and resumed.json()["deadline"] == started["deadline"], "a reload resumes it"
    client.post(url(cup, "rounds/1/attempt/submit/"), {}, format="json")
    before = stream_length(cup)
    again = client.post(url(cup, "rounds/1/attempt/"))
    assert again.status_code == 409 and again.json()["code"] == "attempt_used"
    assert client.post(url(cup, "rounds/1/attempt/submit/"), {}, format="json").json()["code"] == "attempt_finished"
    refused = client_for(outsider).post(url(cup, "rounds/1/attempt/"))
    assert refused.status_code == 403 and refused.json()["code"] == "not_a_player_of_round"
    assert stream_length(cup) == before and Attempt.objects.count() == 1


@pytest.mark.parametrize("body, status, code", [
    ({"questions": 6}, 409, "bank_too_small"),
    ({"questions": 0}, 400, "invalid"),
    ({"minutes": 61}, 400, "invalid"),
])
def test_opening_is_refused_in_words(cup, organiser, body, status, code):
    assert upload(cup, organiser).status_code == 201
    response = client_for(organiser).post(url(cup, "rounds/1/"), body, format="json")
    assert (response.status_code, response.json()["code"]) == (status, code)


def test_opening_needs_a_bank_a_started_open_round_and_the_organiser(cup, organiser):
    client = client_for(organiser)
    assert client.post(url(cup, "rounds/1/"), {}, format="json").json()["code"] == "no_bank"
    upload(cup, organiser)
    assert client.post(url(cup, "rounds/3/"), {}, format="json").json()["code"] == "round_not_started"
    assert client_for(players_named("p01")).post(url(cup, "rounds/1/"), {}, format="json").status_code == 403
    assert client.post(url(cup, "rounds/1/"), {"questions": 2}, format="json").status_code == 201
    assert client.post(url(cup, "rounds/1/"), {}, format="json").json()["code"] == "quiz_already_open"


def test_a_referee_corrects_a_score_with_a_reason(cup, organiser, referee):
    p01 = players_named("p01")
    open_round(cup, organiser)
    key = answer_key(cup, organiser)
    take(cup, p01, key, right=2)
    before = stream_length(cup)
    for who, body, status, code in (
            (referee, {"entrant": "p01", "score": 3}, 400, "invalid"),
            (referee, {"entrant": "p01", "score": 3, "reason": "  "}, 400, "invalid"),
            (referee, {"entrant": "nobody", "score": 3, "reason": "typo"}, 404, "not_an_entrant"),
            (p01, {"entrant": "p01", "score": 3, "reason": "mine"}, 403, "permission_denied")):
        response = client_for(who).post(url(cup, "corrections/"), body, format="json")
        assert (response.status_code, response.json()["code"]) == (status, code), body
    assert stream_length(cup) == before and not ScoreCorrection.objects.exists()

    reason = "Question 2 of the bank had two right answers; both count."
    response = client_for(referee).post(url(cup, "corrections/"),
                                        {"entrant": "p01", "score": 3, "reason": reason}, format="json")
    assert response.status_code == 201
    assert response.json()["previous"] == 2 and response.json()["reason"] == reason
    [event] = read_events(Tournament.objects.get(pk=cup.pk).stream)[before:]
    assert (event.type, event.payload, event.actor) == (ev.KNOWLEDGE_TEST_SCORE_RECORDED,
                                                        {"entrant": "p01", "score": 3, "reason": reason}, "rita")
    assert response.json()["seq"] == event.seq
    listed = client_for(None).get(url(cup, "corrections/")).json()
    assert [(c["entrant"], c["score"], c["reason"], c["referee"]) for c in listed] == [("p01", 3, reason, "rita")]
    # Typing a score in without a reason stays possible (the referee panel's endpoint).
    typed = client_for(referee).post(f"/api/tournaments/{cup.pk}/knowledge-tests/", {"entrant": "p04", "score": 4},
                                     format="json")
    assert typed.status_code == 201
