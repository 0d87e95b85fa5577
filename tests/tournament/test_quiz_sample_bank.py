"""A starter question bank and the bank edited in the browser (issue 26): the organiser loads
twenty 303 questions in English or Polish with one click, edits the bank as CSV text on the page
(every wrong line named, nothing saved then), and a test too big for the bank says how many it
can have."""
import json

import pytest
from django.test import Client

from tests.tournament.test_quiz_api import cup  # noqa: F401  (fixture)
from tournament.quiz import bank as bank_rules, sample_banks
from tournament.quiz.attempts import current_bank


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("language", ["en", "pl"])
def test_each_sample_is_a_valid_bank_of_twenty_303_questions(language):
    filename, _label = sample_banks.SAMPLES[language]
    raw = (sample_banks.DIRECTORY / filename).read_bytes()
    questions = bank_rules.parse(raw, bank_rules.JSON)
    assert len(questions) == 20
    assert [q["question"] for q in questions] == [q["question"] for q in json.loads(raw)]
    assert bank_rules.parse(bank_rules.to_csv(questions), bank_rules.CSV) == questions  # the editor round-trips


def test_the_organiser_loads_a_sample_with_one_click_and_edits_it_on_the_page(cup, organiser):  # noqa: F811
    page = f"/tournaments/{cup.pk}/manage/quiz/"
    client = logged_in(organiser)
    html = client.get(page).content.decode()
    assert "303 rules, 20 questions in Polish" in html and "Edit the questions here" in html
    assert client.post(page, {"action": "sample", "language": "pl"}).status_code == 302
    bank = current_bank(cup.pk)
    assert len(bank.questions) == 20 and bank.questions[0]["question"] == "Która strona zaczyna każdą rundę?"
    text = client.get(page).context["text_form"].initial["text"]
    assert text.splitlines()[1] == "Która strona zaczyna każdą rundę?,Luftwaffe|RAF|Decyduje rzut kością,Luftwaffe"
    wrong = text + "Who flies Spitfires?,RAF|Luftwaffe,Regia Aeronautica\n"
    refused = client.post(page, {"action": "edit", "text": wrong})
    assert refused.status_code == 422 and "is not one of the choices" in refused.content.decode()
    assert current_bank(cup.pk).pk == bank.pk
    fixed = text + "Who flies Spitfires?,RAF|Luftwaffe,RAF\n"
    assert client.post(page, {"action": "edit", "text": fixed}).status_code == 302
    edited = current_bank(cup.pk)
    assert len(edited.questions) == 21 and edited.questions[-1] == {
        "question": "Who flies Spitfires?", "choices": ["RAF", "Luftwaffe"], "answer": 0}


def test_a_test_bigger_than_the_bank_says_how_many_it_can_have(cup, organiser):  # noqa: F811
    page = f"/tournaments/{cup.pk}/manage/quiz/"
    client = logged_in(organiser)
    client.post(page, {"action": "sample", "language": "en"})
    refused = client.post(page, {"action": "open", "round": "1", "questions": "25", "minutes": "5"})
    assert "You asked for 25 questions per player, but the bank has only 20 questions" in refused.content.decode()
    assert "ask for at most 20" in refused.content.decode()
