"""The replay a page at a time and the event log in words (issue 15; docs/rules/service.md "Replays",
"Visibility"): steps equal the all-in-one replay's, the seed check stands on its own, and the
words per event keep the per-viewer filtering of ``events/``."""
import gzip
import json

import pytest
from django.test import Client

from game import services
from tests.conftest import client_for
from tests.doubles import RACE

pytestmark = pytest.mark.django_db


def finished_race(users):
    game = services.create_game(system_name=RACE, setup={"target": 6},
                                players={"a": users["alice"], "b": users["bob"]})
    services.submit_command(game_id=game.pk, user=users["alice"], command={"type": "hide", "secret": "via-emden"},
                            expected_version=1)
    version = 3
    while True:
        game.refresh_from_db()
        if game.status != "running":
            return game
        side = game.to_move[0]
        services.submit_command(game_id=game.pk, user=users["alice" if side == "a" else "bob"],
                                command={"type": "roll"}, expected_version=version)
        version = game.version + 1


def test_events_carry_words_and_keep_each_viewers_filtering(users):
    game = services.create_game(system_name=RACE, setup={"target": 50},
                                players={"a": users["alice"], "b": users["bob"]})
    services.submit_command(game_id=game.pk, user=users["alice"], command={"type": "hide", "secret": "via-emden"},
                            expected_version=1)
    own = client_for(users["alice"]).get(f"/api/games/{game.pk}/events/").json()["events"]
    other = client_for(users["bob"]).get(f"/api/games/{game.pk}/events/").json()["events"]
    anonymous = Client().get(f"/api/games/{game.pk}/events/?after=1").json()["events"]
    assert [e["type"] for e in own] == ["GameCreated", "SecretHidden", "TurnPassed"]
    assert [e["type"] for e in other] == ["GameCreated", "TurnPassed"]
    assert [e["type"] for e in anonymous] == ["TurnPassed"]
    hidden = own[1]
    assert "via-emden" in hidden["text"] and hidden["category"] == "other"
    assert all("via-emden" not in json.dumps(e) for e in other + anonymous)
    assert own[0]["text"] == "The game is set up (A: alice, B: bob)." and own[0]["category"] == "game"


def test_steps_are_the_full_replays_steps_with_words(users):
    game = finished_race(users)
    full = client_for(users["carol"]).get(f"/api/games/{game.pk}/replay/").json()
    page = client_for(users["carol"]).get(f"/api/games/{game.pk}/replay/steps/?start=2&count=3").json()
    assert page["version"] == game.version and page["start"] == 2
    assert [s["event"]["seq"] for s in page["steps"]] == [2, 3, 4]
    for step in page["steps"]:
        whole = full["steps"][step["event"]["seq"] - 1]
        assert step["state"] == whole["state"] and step["outcome"] == whole["outcome"]
        assert step["event"]["text"] and step["summary"]
    last = client_for().get(f"/api/games/{game.pk}/replay/steps/?start={game.version}&count=50").json()
    assert [s["event"]["seq"] for s in last["steps"]] == [game.version]


@pytest.mark.parametrize("query", ["start=0", "start=999", "count=0", "count=51", "start=x"])
def test_steps_refuse_a_page_out_of_range(users, query):
    game = finished_race(users)
    response = client_for().get(f"/api/games/{game.pk}/replay/steps/?{query}")
    assert response.status_code == 400 and response.json()["code"] == "malformed_query"


def test_a_running_game_has_no_replay_steps_yet(users):
    game = services.create_game(system_name=RACE, setup={}, players={"a": users["alice"], "b": users["bob"]})
    for url in ("replay/steps/", "replay/verification/"):
        response = client_for(users["alice"]).get(f"/api/games/{game.pk}/{url}")
        assert response.status_code == 409 and response.json()["code"] == "game_running"


def test_verification_stands_on_its_own(users):
    game = finished_race(users)
    body = client_for().get(f"/api/games/{game.pk}/replay/verification/").json()
    full = client_for().get(f"/api/games/{game.pk}/replay/").json()
    assert body["verified"] and body["seed_verified"] and body["seed"] == full["seed"]
    assert body["seed_commitment"] == full["steps"][0]["event"]["payload"]["seed_commitment"]
    assert {k: full[k] for k in body} == body


def test_steps_are_compressed_for_browsers_that_accept_it(users):
    game = finished_race(users)
    response = Client().get(f"/api/games/{game.pk}/replay/steps/", HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(response.content))["steps"]


def test_the_replay_page_renders_the_step_it_is_linked_to(users):
    game = finished_race(users)
    html = Client().get(f"/games/{game.pk}/replay/?step=2").content.decode()
    assert "Event 2 of" in html and "via-emden" in html  # the hidden secret is public once the game ended
    assert 'href="?step=3" rel="next"' in html and 'href="?step=1" rel="prev"' in html
    data = json.loads(html.split('<script id="step-data" type="application/json">')[1].split("</script>")[0])
    assert data["event"]["seq"] == 2
    clamped = Client().get(f"/games/{game.pk}/replay/?step=9999").content.decode()
    assert f"Event {game.version} of {game.version}" in clamped
