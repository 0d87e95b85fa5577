"""API errors in the reader's language (issue 17): the machine ``code`` stays English and
stable whatever ``Accept-Language`` says; the ``message`` follows the language, and English
readers keep the exact sentences they had.

The rule modules (systems/<name>/rules/, systems/kit/, tournament/table.py, decisions.py, planner.py, formats/) may not import
Django, so game/error_messages.py translates their refusals by code; the catalogue must name
every code they use, and only those.
"""
import ast
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation
from django.utils.functional import lazy

from game import error_messages
from leagues.models import League
from tests.conftest import client_for, make_user
from tournament import services as tournaments, table

ROOT = Path(__file__).resolve().parents[2]
RULE_MODULES = sorted((ROOT / "systems").glob("*/rules/**/*.py")) + sorted((ROOT / "systems" / "kit").glob("*.py")) + [
    ROOT / "tournament" / name for name in ("table.py", "decisions.py", "planner.py")] + sorted(
    (ROOT / "tournament" / "formats").glob("*.py"))
# Refusal constructors of the rule modules, and the position of the code among their arguments.
CODE_ARGUMENT = {"reject": 0, "RuleViolation": 0, "RuleViolationError": 0, "CannotStartRound": 0,
                 "refuse": 1, "TableRefusal": 1, "DecisionRefused": 1}


def codes_of_rule_modules() -> set[str]:
    codes = set()
    for path in RULE_MODULES:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            position = CODE_ARGUMENT.get(name)
            if position is None or len(node.args) <= position:
                continue
            code = node.args[position]
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                codes.add(code.value)
    return codes


def test_the_catalogue_names_every_code_of_the_rule_modules_and_no_other():
    codes = codes_of_rule_modules()
    assert len(codes) > 150  # the walk found the engines' refusals
    assert codes - set(error_messages.MESSAGES) == set(), "codes without a catalogue sentence"
    assert set(error_messages.MESSAGES) - codes == set(), "catalogue sentences for codes nobody uses"


def test_every_catalogue_sentence_is_plain_text_without_placeholders():
    for code, sentence in error_messages.MESSAGES.items():
        assert str(sentence) and "%" not in str(sentence) and "{" not in str(sentence), code


def test_english_keeps_the_engines_own_sentence_and_an_unknown_code_keeps_it_everywhere():
    with translation.override("en-gb"):
        assert error_messages.localized("hex_occupied", "destination hex 0512 is occupied") == \
            "destination hex 0512 is occupied"
    with translation.override("pl"):
        assert error_messages.localized("no_such_code", "the engine's words") == "the engine's words"


@pytest.fixture
def translated_turn(monkeypatch):
    """``not_your_turn`` as if the Polish catalogue translated it (the catalogues come later)."""
    def words():
        return "nie twoja kolej" if translation.get_language() == "pl" else "it is not your turn to give this command"
    monkeypatch.setitem(error_messages.MESSAGES, "not_your_turn", lazy(words, str)())


def test_a_translated_catalogue_sentence_replaces_the_english_one_in_that_language(translated_turn):
    with translation.override("pl"):
        assert error_messages.localized("not_your_turn", "it is b's turn") == "nie twoja kolej"


# Through the API.


def command(user, game_id, version, language):
    return client_for(user).post(f"/api/games/{game_id}/commands/",
                                 {"expected_version": version, "command": {"type": "roll"}},
                                 format="json", HTTP_ACCEPT_LANGUAGE=language)


def in_both_languages(request):
    """``(english, polish)`` answers of the same refused request, each checked for its shape."""
    english, polish = request("en-GB"), request("pl")
    for response in (english, polish):
        body = response.json()
        assert isinstance(body["message"], str) and body["message"], body
    assert english.status_code == polish.status_code
    assert english.json()["code"] == polish.json()["code"]
    return english.json(), polish.json()


@pytest.mark.django_db
def test_a_stale_version_keeps_its_code_and_english_message_in_any_language(race, users):
    english, polish = in_both_languages(lambda language: command(users["alice"], race, 7, language))
    assert english == {"code": "stale_version", "message": "the game is at version 1", "version": 1}
    assert polish == {"code": "stale_version", "message": "partia jest w wersji 1", "version": 1}


@pytest.mark.django_db
def test_a_rule_violation_keeps_its_code_and_the_engines_english_message(race, users):
    english = in_both_languages(lambda language: command(users["bob"], race, 1, language))[0]
    assert english["code"] == "not_your_turn"
    assert english["message"] == "wait for your turn"  # the engine's own sentence (tests/doubles.py)


@pytest.mark.django_db
def test_a_rule_violation_reaches_a_polish_reader_in_the_catalogues_words(race, users, translated_turn):
    english, polish = in_both_languages(lambda language: command(users["bob"], race, 1, language))
    assert (english["message"], polish["message"]) == ("wait for your turn", "nie twoja kolej")


@pytest.fixture
def table_pairing(db):
    league = League.objects.create(name="Polish 303 League", slug="pl303")
    organiser, referee = make_user("olga"), make_user("rita")
    league.organisers.add(organiser)
    t = tournaments.create_tournament(league=league, name="Table cup", system="303", format="swiss",
                                      created_by=organiser, scoring_scheme="polish", referees=[referee],
                                      options={"play_mode": "at_table"})
    for i, player in enumerate([make_user("p01"), make_user("p02")]):
        tournaments.register(t.pk, player.username, organiser.username, rating=2000 - i)
    tournaments.seed(t.pk, organiser.username)
    tournaments.start_round(t.pk, organiser.username)
    state = tournaments.load_state(t)
    return t, next(p for p in state.pairings.values() if not p["bye"])


def post(username, url, data, language):
    user = get_user_model().objects.get(username=username)
    return client_for(user).post(url, data, format="json", HTTP_ACCEPT_LANGUAGE=language)


@pytest.mark.django_db
def test_a_table_refusal_keeps_its_code_and_english_message(table_pairing):
    _t, pairing = table_pairing
    legs = f"/api/pairings/{pairing['id']}/legs/1/"
    ended_by = table.ending_won_by("303", pairing, 1, pairing["a"])
    report = post(pairing["a"], legs + "report/", {"winner": pairing["a"], "ended_by": ended_by}, "en-GB")
    assert report.status_code == 201, report.content
    english = in_both_languages(lambda language: post(pairing["a"], legs + "confirm/", {}, language))[0]
    assert english == {"code": "own_report", "message": "your opponent confirms or disputes your report"}


@pytest.mark.django_db
def test_a_referee_decision_refusal_keeps_its_code_and_english_message(table_pairing):
    t, pairing = table_pairing
    english = in_both_languages(lambda language: post(
        "rita", f"/api/tournaments/{t.pk}/decisions/", {"pairing_id": pairing["id"], "kind": "tie"}, language))[0]
    assert english == {"code": "reason_required", "message": "a referee decision needs a written reason"}


@pytest.mark.django_db
def test_a_service_refusal_keeps_its_code_and_english_message(table_pairing):
    t, pairing = table_pairing
    english = in_both_languages(lambda language: post(
        "olga", f"/api/tournaments/{t.pk}/entrants/", {"username": pairing["a"]}, language))[0]
    assert english == {"code": "already_registered", "message": f"{pairing['a']} is already registered"}


@pytest.mark.django_db
@pytest.mark.parametrize("language, words", [("it", "la partita è alla versione 1"),
                                             ("fr", "la partie est à la version 1"),
                                             ("cs", "partie je ve verzi 1")])
def test_a_stale_version_is_worded_in_each_language_of_the_site(race, users, language, words):
    body = command(users["alice"], race, 7, language).json()
    assert body["code"] == "stale_version" and words in body["message"]
    assert body["message"] != "the game is at version 1"


@pytest.mark.django_db
def test_a_token_users_profile_language_words_his_answers_and_follows_a_change(race, users):
    """The language comes from the user's profile, else Accept-Language (issue 17): also for an
    API client signed in by token, whose profile change reaches the cached token at once."""
    from accounts.models import Profile

    Profile.objects.update_or_create(user=users["alice"], defaults={"language": "pl"})
    body = command(users["alice"], race, 7, "").json()
    assert body == {"code": "stale_version", "message": "partia jest w wersji 1", "version": 1}
    Profile.objects.filter(user=users["alice"]).update(language="it")  # past the ORM's signals: cached still
    assert command(users["alice"], race, 7, "").json()["message"] == "partia jest w wersji 1"
    profile = Profile.objects.get(user=users["alice"])
    profile.language = "it"
    profile.save()
    assert command(users["alice"], race, 7, "").json()["message"] == "la partita è alla versione 1"
    assert command(users["bob"], race, 7, "fr").json()["message"] == "la partie est à la version 1"
