"""The pages in their players' languages (issue 17 "Done when"): in Chromium, with the browser
asking for Polish, Italian, French or Czech, the home, tournament, pairing, play and replay
pages show no English sentence of the templates where the language has its own words; a
player's profile language wins over the browser's; the switcher changes the language and keeps
the address. Screenshots per language."""
import re

import polib
import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from config import translations
from game.models import Game
from tests.browser.conftest import PHONE
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("pl", "it", "fr", "cs")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")


def template_sentences(code: str) -> list[str]:
    """English texts of the templates (two words or more, no placeholder) that the language
    translates differently: none of them may be left on its pages."""
    catalog = polib.pofile(str(translations.LOCALE / code / "LC_MESSAGES" / "django.po"))
    out = []
    for entry in catalog:
        if not any(path.startswith("templates/") for path, _line in entry.occurrences):
            continue
        text = entry.msgid
        if entry.msgid_plural or PLACEHOLDER.search(text) or "<" in text or len(text.split()) < 2:
            continue
        if entry.msgstr and entry.msgstr.strip() != text.strip():
            out.append(text)
    return out


@pytest.fixture
def demo(db):
    call_command("load_demo", verbosity=0)
    cup = Tournament.objects.get(name="Northolt Cup")
    from tournament import services

    pairing = next(p for p in services.load_state(cup).pairings.values() if not p["bye"])
    finished = Game.objects.filter(status="finished", system="303").first()
    running = Game.objects.filter(status="running", system="303").first()
    return {
        "home": "/", "tournament": f"/tournaments/{cup.pk}/",
        "pairing": f"/tournaments/{cup.pk}/pairings/{pairing['id']}/",
        "play": f"/games/{running.pk}/", "replay": f"/games/{finished.pk}/replay/",
    }


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_pages_speak_the_browsers_language(live_server, demo, chromium, shot, code):
    context = chromium.new_context(viewport=PHONE, locale=code, extra_http_headers={"Accept-Language": code})
    try:
        page = context.new_page()
        english = template_sentences(code)
        assert len(english) > 100
        for name, path in demo.items():
            page.goto(live_server.url + path)
            assert page.locator("html").get_attribute("lang") == code
            text = page.locator("body").inner_text()
            left = [sentence for sentence in english if sentence in text]
            assert left == [], f"{name} page in {code} shows English: {left[:5]}"
            shot(page, f"lang-{code}-{name}")
    finally:
        context.close()


def test_the_profile_language_wins_and_the_switcher_keeps_the_address(live_server, demo, chromium, shot):
    from accounts.models import Profile
    from django.contrib.auth import get_user_model

    alice = get_user_model().objects.get(username="alice")
    Profile.objects.update_or_create(user=alice, defaults={"language": "it"})
    context = chromium.new_context(viewport=PHONE, locale="fr", extra_http_headers={"Accept-Language": "fr"})
    try:
        page = context.new_page()
        page.goto(live_server.url + "/accounts/login/")
        assert page.locator("html").get_attribute("lang") == "fr"
        page.locator("input[name=username]").fill("alice")
        page.locator("input[name=password]").fill("alice")
        page.locator("main form button[type=submit]").first.click()
        page.wait_for_url(live_server.url + "/")
        page.goto(live_server.url + demo["tournament"])
        assert page.locator("html").get_attribute("lang") == "it"
        page.locator("#language-select").select_option("cs")
        expect(page.locator("html")).to_have_attribute("lang", "cs")
        assert page.url == live_server.url + demo["tournament"]
        assert Profile.objects.get(user=alice).language == "cs"
        shot(page, "lang-switcher-cs")
    finally:
        context.close()
