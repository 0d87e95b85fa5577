"""Duel in the Dark's score explanations in the reader's language (issue 26, item 10): the engine
(pure Python) names every VP term, occasion and medal reason by a code; game/presentation
words them with gettext, so a Polish, Italian, French or Czech reader sees no English
explanation. System names, not slugs, in notifications and the game list."""
import ast
from pathlib import Path

import pytest
from django.utils import translation

from game import services
from game.presentation import presentation_for
from systems.duel.score_words import MEDAL_REASONS, OCCASIONS, TERMS
from notifications import kinds
from tests.conftest import make_user
from tests.game.test_duel_presentation import played
from tests.rules.duel.test_multiplayer import EVERY_OPTION

DUEL_RULES = Path(__file__).resolve().parents[2] / "systems" / "duel" / "rules"
DUEL = presentation_for("duel-in-the-dark")
LANGUAGES = ("pl", "it", "fr", "cs")


def constant_arguments(function: str, position: int) -> set[str]:
    """The string constants the Duel engine passes as argument ``position`` of ``function``."""
    found = set()
    for path in DUEL_RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == function \
                    and len(node.args) > position and isinstance(node.args[position], ast.Constant):
                found.add(node.args[position].value)
    return found


def test_every_code_the_engine_scores_with_has_words():
    terms = constant_arguments("term", 0)
    assert len(terms) > 50 and all(":" in code for code in terms)
    assert terms - set(TERMS) == set(), "scoring codes without words"
    occasions = constant_arguments("score", 3)
    assert len(occasions) > 10 and occasions - set(OCCASIONS) == set(), "occasions without words"
    assert constant_arguments("award", 3) - set(MEDAL_REASONS) == set()


@pytest.fixture(scope="module")
def vp_events():
    _, events = played(EVERY_OPTION)
    chosen = [e for e in events if e["type"] in ("VictoryPoints", "MedalsAwarded")]
    assert len(chosen) > 5
    return chosen


def english_words(event) -> list[str]:
    with translation.override("en"):
        return [str(TERMS[r["code"]]) % r.get("params", {}) for r in event["payload"].get("reasons", [])]


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_english_score_explanation_leaks_into_another_language(vp_events, code):
    for event in vp_events:
        english = english_words(event)
        with translation.override(code):
            text = DUEL.describe_event(event)
        for words in english:
            assert words not in text, (code, words, text)
        assert "§5.1 fighter lower than the Bomber" not in text


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_fighter_fight_reads_in_the_language(code):
    event = {"type": "VictoryPoints", "payload": {
        "side": "german", "amount": 1, "occasion": "fighter combat", "score_after": -1,
        "reasons": [{"code": "5.1:base", "value": 2, "per": {"unit": "fighter", "id": "red"}},
                    {"code": "5.1:fighter_lower", "value": -1, "per": {"unit": "fighter", "id": "red"}}]}}
    with translation.override(code):
        text = DUEL.describe_event(event)
    assert "§5.1" in text and "-1" in text
    for english in ("fighter lower than the Bomber", "fighter combat", "scores", "§5.1 base +2"):
        assert english not in text, (code, text)


@pytest.mark.django_db
def test_notifications_and_the_game_list_name_the_system_not_its_slug(client):
    with translation.override("pl"):
        move = kinds.text(kinds.YOUR_MOVE, {"system": "duel-in-the-dark", "opponent": "bob"})
        clock = kinds.text(kinds.CLOCK_LOW, {"system": "nightfighter-solo", "opponent": "—", "deadline": "12:00"})
    assert "duel-in-the-dark" not in move and "Duel in the Dark" in move
    assert "nightfighter-solo" not in clock and "Nightfighter" in clock
    services.create_game(system_name="duel-in-the-dark", setup={},
                         players={"british": make_user("alice"), "german": make_user("bob")})
    page = client.get("/games/").content.decode()
    assert ">Duel in the Dark</option>" in page and ">duel-in-the-dark<" not in page


@pytest.mark.django_db
def test_the_organisers_form_names_the_tie_breaks_in_the_readers_language(client):
    from leagues.models import League

    olga = make_user("olga")
    League.objects.create(name="Liga", slug="liga").organisers.add(olga)
    client.force_login(olga)
    html = client.get("/tournaments/new/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert 'value="head_to_head">Bezpośrednie spotkania</option>' in html
    for english in (">Head-to-head<", ">Games won<", ">Knowledge test<", 'aria-label="1st"'):
        assert english not in html
