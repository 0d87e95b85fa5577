"""Studies (game/studies.py; issue "Replays that teach"): steps of several finished games under
a title, each with a note; private to the author, readable by its link once shared, and a step
of a game the reader may not see stays empty (not even which game)."""
import pytest

from game.models import Study, StudyStep
from tests.conftest import client_for
from tests.game.test_sandboxes import play_to_the_end, race

pytestmark = pytest.mark.django_db


def new_study(user, title="Openings for newcomers"):
    response = client_for(user).post("/api/studies/", {"title": title}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_collect_reorder_remove_and_share(users, client):
    first = play_to_the_end(race(users), users)
    second = play_to_the_end(race(users), users)
    carol = client_for(users["carol"])
    study = new_study(users["carol"])
    base = f"/api/studies/{study['id']}/"
    ids = []
    for game, step, note in ((first, 2, "Hide early"), (second, 4, "Roll on"), (first, 5, "")):
        added = carol.post(base + "steps/", {"game": str(game.pk), "step": step, "note": note}, format="json")
        assert added.status_code == 201, added.content
        ids.append(added.json()["id"])
    order = [ids[2], ids[0], ids[1]]
    assert [s["id"] for s in carol.put(base + "order/", {"order": order}, format="json").json()] == order
    assert carol.delete(base + f"steps/{ids[1]}/").status_code == 204
    detail = carol.get(base).json()
    assert [(s["step"], s["note"]) for s in detail["steps"]] == [(5, ""), (2, "Hide early")]
    # Private: nobody else reads it, by id or by its link.
    assert client_for(users["bob"]).get(base).status_code == 404
    token = Study.objects.get(pk=study["id"]).token
    assert client.get(f"/studies/shared/{token}/").status_code == 404
    shared = carol.patch(base, {"shared": True}, format="json").json()
    page = client.get(shared["url"])
    assert page.status_code == 200 and "Hide early" in page.content.decode()
    assert client_for().get(f"/api/studies/shared/{token}/").json()["steps"][1]["note"] == "Hide early"


def test_a_shared_study_keeps_a_private_game_private(users, client):
    private = play_to_the_end(race(users, is_public=False), users)
    study = new_study(users["alice"])
    alice = client_for(users["alice"])
    alice.post(f"/api/studies/{study['id']}/steps/", {"game": str(private.pk), "step": 2, "note": "Secret plan"},
               format="json")
    url = alice.patch(f"/api/studies/{study['id']}/", {"shared": True}, format="json").json()["url"]
    token = url.rstrip("/").rsplit("/", 1)[-1]
    body = client_for(users["carol"]).get(f"/api/studies/shared/{token}/").json()
    assert body["steps"] == [{"id": body["steps"][0]["id"], "position": 0, "visible": False}]
    page = client.get(url).content.decode()
    assert "Secret plan" not in page and str(private.pk) not in page
    assert "Secret plan" in client_for(users["bob"]).get(f"/api/studies/shared/{token}/").content.decode()


@pytest.mark.parametrize("body, status, code", [
    ({"step": 2, "note": "x"}, 400, "invalid"),
    ({"game": "00000000-0000-0000-0000-000000000000", "step": 2}, 404, "game_not_found"),
    ({"step": 999}, 422, "step_out_of_range"),
    ({"step": 2, "note": "x" * 2001}, 422, "text_too_long"),
])
def test_bad_steps_are_refused_and_nothing_is_stored(users, body, status, code):
    game = play_to_the_end(race(users), users)
    study = new_study(users["alice"])
    body = {"game": str(game.pk), **body} if "game" not in body and status != 400 else body
    response = client_for(users["alice"]).post(f"/api/studies/{study['id']}/steps/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert not StudyStep.objects.exists()


def test_who_may_add_what(users):
    running = race(users)
    private = play_to_the_end(race(users, is_public=False), users)
    study = new_study(users["carol"])
    carol = client_for(users["carol"])
    url = f"/api/studies/{study['id']}/steps/"
    assert carol.post(url, {"game": str(running.pk), "step": 1}, format="json").status_code == 409
    assert carol.post(url, {"game": str(private.pk), "step": 1}, format="json").status_code == 404
    assert client_for(users["bob"]).post(url, {"game": str(private.pk), "step": 1}, format="json").status_code == 404
    assert client_for().post("/api/studies/", {"title": "x"}, format="json").status_code == 401
    assert carol.post("/api/studies/", {"title": "   "}, format="json").status_code == 400
    bad = carol.put(f"/api/studies/{study['id']}/order/", {"order": [1, 1]}, format="json")
    assert (bad.status_code, bad.json()["code"]) == (422, "bad_order")
    assert not StudyStep.objects.exists()


def test_the_study_pages(users, client):
    game = play_to_the_end(race(users), users)
    assert client.get("/studies/").status_code == 302  # log in first
    client.force_login(users["carol"])
    assert client.post("/studies/", {"title": ""}).status_code == 400
    created = client.post("/studies/", {"title": "Dice races"})
    study = Study.objects.get(author=users["carol"])
    assert created["Location"] == f"/studies/{study.pk}/"
    refused = client.post(created["Location"], {"game": str(game.pk), "step": "999", "note": "x"})
    assert refused.status_code == 400 and "Step must be between 1 and" in refused.content.decode()
    client.post(created["Location"], {"game": str(game.pk), "step": "2", "note": "The secret is hidden here"})
    client.post(created["Location"], {"game": str(game.pk), "step": "4", "note": "First roll"})
    first = StudyStep.objects.get(step=4)
    client.post(f"/studies/{study.pk}/steps/{first.pk}/", {"what": "up"})
    page = client.get(created["Location"]).content.decode()
    assert page.index("First roll") < page.index("The secret is hidden here")
    assert f"/games/{game.pk}/replay/?step=4" in page


def test_from_the_replay_to_a_study_with_the_step_filled_in(users, client):
    game = play_to_the_end(race(users), users)
    client.force_login(users["carol"])
    replay = client.get(f"/games/{game.pk}/replay/?step=4").content.decode()
    assert f'href="/studies/?game={game.pk}&amp;step=4"' in replay
    created = client.post(f"/studies/?game={game.pk}&step=4", {"title": "Races"})
    study = Study.objects.get(author=users["carol"])
    assert created["Location"] == f"/studies/{study.pk}/?game={game.pk}&step=4"
    page = client.get(created["Location"]).content.decode()
    assert f'value="{game.pk}"' in page and 'value="4"' in page
    assert f"/studies/{study.pk}/?game={game.pk}&amp;step=4" in client.get(
        f"/studies/?game={game.pk}&step=4").content.decode()
