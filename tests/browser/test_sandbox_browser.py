"""Replays that teach in Chromium (game/sandboxes.py, game/annotations.py): "Play on from here"
on a finished Duel night's replay opens a sandbox at that step, which accepts a move by clicking
and takes it back with Undo; a comment added at a step shows through its shared link, opened in
a new anonymous browser. Screenshots at desktop and 390 px phone width:
artifacts/screenshots/sandbox-*.png."""
import pytest

from game import sandboxes
from game.folding import game_aggregate, load_aggregate
from game.models import Game
from tests.browser.conftest import DESKTOP, PHONE, log_in, page_version, wait_version_above
from tests.game.test_replay_fog_api import duel, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_play_on_from_a_step_move_and_undo(live_server, users, new_context, shot):
    game, players = duel(users)
    game = play(game, players)
    step = 12
    page = new_context().new_page()
    log_in(page, live_server.url, "carol")
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?step={step - 1}")
    page.locator("#step-next").click()  # the form follows the step the script shows
    page.wait_for_url(f"**/replay/?step={step}")
    shot(page, "sandbox-replay-play-on")
    page.get_by_role("button", name="Play on from here").click()
    page.wait_for_selector("#sandbox-banner")
    sandbox = Game.objects.get(sandbox=True, created_by=users["carol"])
    at = sandboxes.command_boundary(game.stream, step)  # after the last event of step 12's command
    assert page.url.endswith(f"/games/{sandbox.pk}/") and sandbox.forked_at_step == at
    forked = load_aggregate(game.system, game.stream, at)["engine"]
    assert game_aggregate(sandbox)["engine"] == forked
    assert page.get_attribute("#sandbox-source", "href") == f"/games/{game.pk}/replay/?step={at}"
    shot(page, "sandbox-play")
    page.set_viewport_size(PHONE)
    shot(page, "sandbox-play-phone")
    page.set_viewport_size(DESKTOP)

    version = page_version(page)
    page.get_by_role("button", name="Stay on the ground this turn").click()  # the Mosquito's turn
    wait_version_above(page, version)
    sandbox.refresh_from_db()
    assert sandbox.version > version and game_aggregate(sandbox)["engine"] != forked
    page.get_by_role("button", name="Undo").click()
    page.wait_for_selector("text=The last move is taken back.")
    sandbox.refresh_from_db()
    assert game_aggregate(sandbox)["engine"] == forked
    shot(page, "sandbox-undone")


def test_a_comment_shows_through_its_shared_link(live_server, users, new_context, shot):
    game, players = duel(users)
    game = play(game, players)
    page = new_context().new_page()
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?step=9")
    page.get_by_role("button", name="Save the note").click()  # empty: refused beside the field
    assert page.locator("#text-error").is_visible()
    page.get_by_label("Your note on this step").fill("Here the Bomber turns north: watch the searchlights.")
    page.get_by_role("button", name="Save the note").click()
    page.wait_for_url("**/replay/?step=9")
    page.get_by_label("Bookmark").check()
    page.get_by_label("Your note on this step").fill("The turn")
    page.get_by_role("button", name="Save the note").click()
    page.wait_for_selector("#bookmarks")
    page.get_by_role("button", name="Share my notes by a link").click()
    link = page.get_attribute("#share-link", "href")
    shot(page, "sandbox-annotations")
    page.set_viewport_size(PHONE)
    shot(page, "sandbox-annotations-phone")

    anonymous = new_context().new_page()
    anonymous.goto(f"{live_server.url}{link}?step=9")
    assert "Here the Bomber turns north" in anonymous.locator("#notes-at-step").text_content()
    assert anonymous.locator("#annotation-form").count() == 0 and anonymous.locator("#play-on").count() == 0
    anonymous.locator("#bookmarks a").first.click()
    anonymous.wait_for_url("**?step=9")
    shot(anonymous, "sandbox-shared-link")


def test_a_study_page_at_phone_width(live_server, users, new_context, shot):
    from game import studies

    game, players = duel(users)
    game = play(game, players)
    study = studies.create(user=users["alice"], title="The first night, step by step")
    studies.add_step(user=users["alice"], study_id=study.pk, game_id=game.pk, step=9, note="Where the defences go.")
    studies.add_step(user=users["alice"], study_id=study.pk, game_id=game.pk, step=14, note="The Mosquito waits.")
    page = new_context(PHONE).new_page()
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/studies/{study.pk}/")
    page.get_by_role("button", name="Move down").first.click()
    page.wait_for_load_state()
    notes = page.locator(".study-note").all_text_contents()
    assert notes == ["The Mosquito waits.", "Where the defences go."]
    page.get_by_role("button", name="Share by a link").click()
    link = page.get_attribute("#study-link", "href")
    shot(page, "sandbox-study-phone")
    reader = new_context().new_page()
    reader.goto(f"{live_server.url}{link}")
    assert reader.locator(".study-note").all_text_contents() == notes
    assert reader.locator(".study-step-actions").count() == 0
    shot(reader, "sandbox-study-shared")
