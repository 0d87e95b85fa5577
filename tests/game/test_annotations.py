"""Annotations and their shared link (game/annotations.py; issue "Replays that teach"): a
player of a finished game (or anybody on his own sandbox) notes steps; his notes show in his
replay and, read-only, through his unguessable link to whoever may see the game; nothing is
stored on a refusal."""
import pytest

from game.models import Annotation, AnnotationShare
from tests.conftest import client_for
from tests.game.test_sandboxes import fork, play_to_the_end, race

pytestmark = pytest.mark.django_db


def note(user, game, **body):
    return client_for(user).post(f"/api/games/{game.pk}/annotations/", body, format="json")


def test_a_player_notes_steps_and_changes_and_removes_them(users):
    game = play_to_the_end(race(users), users)
    created = note(users["alice"], game, step=2, text="Too early to hide.")
    assert created.status_code == 201, created.content
    mark = note(users["alice"], game, step=3, kind="bookmark")
    assert mark.status_code == 201 and mark.json()["text"] == ""
    listed = client_for(users["alice"]).get(f"/api/games/{game.pk}/annotations/").json()
    assert [(a["step"], a["kind"]) for a in listed] == [(2, "comment"), (3, "bookmark")]
    assert client_for(users["bob"]).get(f"/api/games/{game.pk}/annotations/").json() == []  # his own only
    url = f"/api/games/{game.pk}/annotations/{created.json()['id']}/"
    changed = client_for(users["alice"]).patch(url, {"text": "Hide later."}, format="json")
    assert changed.status_code == 200 and changed.json()["text"] == "Hide later."
    assert client_for(users["bob"]).patch(url, {"text": "x"}, format="json").status_code == 404
    assert client_for(users["bob"]).delete(url).status_code == 404
    assert client_for(users["alice"]).delete(url).status_code == 204
    assert Annotation.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("body, status, code", [
    ({"step": 2, "text": "   "}, 422, "empty_comment"),
    ({"step": 999, "text": "x"}, 422, "step_out_of_range"),
    ({"step": 2, "text": "x" * 2001}, 422, "text_too_long"),
    ({"step": 2, "kind": "shout", "text": "x"}, 400, "invalid"),
    ({"text": "x"}, 400, "invalid"),
])
def test_bad_notes_are_refused_and_nothing_is_stored(users, body, status, code):
    game = play_to_the_end(race(users), users)
    response = note(users["alice"], game, **body)
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert response.json()["message"] and not Annotation.objects.exists()


def test_who_may_annotate(users):
    running = race(users)
    assert note(users["alice"], running, step=1, text="x").json()["code"] == "game_running"
    public = play_to_the_end(race(users), users)
    private = play_to_the_end(race(users, is_public=False), users)
    assert client_for().post(f"/api/games/{public.pk}/annotations/", {"step": 1, "text": "x"},
                             format="json").status_code == 401
    assert note(users["carol"], public, step=1, text="x").status_code == 403  # sees it, did not play it
    assert note(users["carol"], private, step=1, text="x").status_code == 404
    # ... but on her own sandbox she may, even while she plays it.
    sandbox_id = fork(users["carol"], public, 2).json()["id"]
    assert client_for(users["carol"]).post(f"/api/games/{sandbox_id}/annotations/", {"step": 1, "text": "mine"},
                                           format="json").status_code == 201
    assert not Annotation.objects.exclude(game_id=sandbox_id).exists()


def test_the_shared_link_shows_the_authors_notes_to_whoever_may_see_the_game(users, client):
    public = play_to_the_end(race(users), users)
    private = play_to_the_end(race(users, is_public=False), users)
    for game in (public, private):
        note(users["alice"], game, step=2, text=f"Alice on {game.pk}")
    assert client_for(users["alice"]).post(f"/api/games/{race(users).pk}/annotations/share/").status_code == 409
    links = {}
    for game in (public, private):
        shared = client_for(users["alice"]).post(f"/api/games/{game.pk}/annotations/share/")
        assert shared.status_code == 201
        again = client_for(users["alice"]).post(f"/api/games/{game.pk}/annotations/share/").json()
        assert again["token"] == shared.json()["token"] and len(again["token"]) >= 40
        links[game.pk] = shared.json()["url"]
    page = client.get(links[public.pk] + "?step=2")  # anonymous
    assert page.status_code == 200
    text = page.content.decode()
    assert f"Alice on {public.pk}" in text and 'id="annotation-form"' not in text and 'id="play-on"' not in text
    token = links[public.pk].rstrip("/").rsplit("/", 1)[-1]
    assert client_for().get(f"/api/shared-replays/{token}/").json()["annotations"][0]["text"] == f"Alice on {public.pk}"
    # A private game's link opens for its players only: a stranger gets what an unknown token gets.
    assert client.get(links[private.pk]).status_code == 404
    client.force_login(users["carol"])
    assert client.get(links[private.pk]).status_code == 404
    assert client.get("/replays/shared/not-a-token/").status_code == 404
    client.force_login(users["bob"])
    assert f"Alice on {private.pk}" in client.get(links[private.pk] + "?step=2").content.decode()
    assert AnnotationShare.objects.count() == 2


def test_the_replay_form_shows_its_refusal_beside_the_field(users, client):
    game = play_to_the_end(race(users), users)
    client.force_login(users["alice"])
    page = client.get(f"/games/{game.pk}/replay/?step=2").content.decode()
    assert 'id="annotation-form"' in page
    refused = client.post(f"/games/{game.pk}/annotations/", {"step": "2", "kind": "comment", "text": " "})
    assert refused.status_code == 400
    body = refused.content.decode()
    assert 'id="text-error"' in body and "Write the comment" in body and not Annotation.objects.exists()
    saved = client.post(f"/games/{game.pk}/annotations/", {"step": "3", "kind": "bookmark", "text": "Turning point"})
    assert saved.status_code == 302 and saved["Location"].endswith("?step=3")
    page = client.get(saved["Location"]).content.decode()
    assert 'id="bookmarks"' in page and "Turning point" in page
    client.force_login(users["carol"])  # may see it, did not play it: no form
    assert 'id="annotation-form"' not in client.get(f"/games/{game.pk}/replay/?step=2").content.decode()
