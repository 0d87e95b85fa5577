"""Challenges and seeks through the API: the service's codes as HTTP answers, nothing stored on
a refusal, each challenge seen by its players only, the resources in the OpenAPI schema."""
import pytest
from drf_spectacular.generators import SchemaGenerator

from game import clocks
from game.models import Game
from matchmaking.models import Challenge
from tests.conftest import client_for

from .conftest import DUEL, TWO_RULES_ONE_EXPANSION

pytestmark = pytest.mark.django_db
FAST = clocks.preset("fast")["time_control"]


def post_challenge(user, **body):
    return client_for(user).post("/api/challenges/", {
        "system": DUEL, "setup": TWO_RULES_ONE_EXPANSION, "players": {"british": "alice", "german": "bob"},
        "time_control": FAST, **body}, format="json")


def test_challenge_accept_over_the_api_starts_a_game_seen_by_its_players_only(players):
    made = post_challenge(players["alice"])
    assert made.status_code == 201, made.json()
    body = made.json()
    assert body["pace"] == "fast" and body["seats"] == [
        {"side": "british", "player": "alice", "accepted": True}, {"side": "german", "player": "bob", "accepted": False}]
    url = f"/api/challenges/{body['id']}/"
    assert client_for(players["carol"]).get(url).status_code == 404
    assert client_for(players["carol"]).post(url + "accept/").json()["code"] == "challenge_not_found"
    assert [c["id"] for c in client_for(players["bob"]).get("/api/challenges/").json()] == [body["id"]]
    assert client_for(players["carol"]).get("/api/challenges/").json() == []
    accepted = client_for(players["bob"]).post(url + "accept/")
    assert accepted.status_code == 200 and accepted.json()["status"] == "started"
    assert accepted.json()["game_url"] == f"/games/{accepted.json()['game']}/"
    assert client_for(players["bob"]).post(url + "cancel/").json()["code"] == "not_challenger"


@pytest.mark.parametrize("body, status, code, field", [
    ({"players": {"british": "alice", "german": "alice"}}, 422, "challenge_yourself", "players.german"),
    ({"players": {"british": "alice", "german": "ghost"}}, 422, "inactive_player", "players.german"),
    ({"setup": {"mode": "solo", "medals": True}}, 422, "option_not_allowed_in_solo", "setup.mode"),
    ({"setup": {"acoustic_mirror": True}}, 422, "acoustic_mirror_requires_advanced_rules", "setup.acoustic_mirror"),
    ({"setup": {"players": 3}, "players": {"british": "alice", "german1": "bob", "german2": "bob"}}, 422,
     "seat_twice", "players.german2"),
    ({"time_control": {"kind": "per-move"}}, 400, "invalid_time_control", "time_control"),
])
def test_refusals_name_the_input_and_store_nothing(players, body, status, code, field):
    answer = post_challenge(players["alice"], **body)
    assert (answer.status_code, answer.json()["code"], list(answer.json()["errors"])) == (status, code, [field])
    assert not Challenge.objects.exists()


@pytest.mark.parametrize("close, code", [("cancel", "challenge_cancelled"), ("decline", "challenge_declined")])
def test_closed_challenges_answer_409(players, close, code):
    challenge_id = post_challenge(players["alice"]).json()["id"]
    closer = players["alice"] if close == "cancel" else players["bob"]
    assert client_for(closer).post(f"/api/challenges/{challenge_id}/{close}/").status_code == 200
    answer = client_for(players["bob"]).post(f"/api/challenges/{challenge_id}/accept/")
    assert (answer.status_code, answer.json()["code"]) == (409, code)
    assert not Game.objects.exists()


def test_a_seek_in_the_lobby_joined_by_another_starts_the_game_not_by_its_owner(players):
    made = client_for(players["carol"]).post("/api/seeks/", {"system": "303", "side": "raf", "time_control": FAST},
                                             format="json")
    assert made.status_code == 201, made.json()
    seek_id = made.json()["id"]
    lobby = client_for(players["dave"]).get("/api/seeks/?system=303&pace=fast").json()
    assert [s["id"] for s in lobby] == [seek_id]
    assert client_for(players["dave"]).get("/api/seeks/?pace=slow").json() == []
    own = client_for(players["carol"]).post(f"/api/seeks/{seek_id}/join/", {}, format="json")
    assert (own.status_code, own.json()["code"]) == (422, "own_seek")
    joined = client_for(players["dave"]).post(f"/api/seeks/{seek_id}/join/", {}, format="json")
    assert joined.status_code == 200 and joined.json()["game"]
    late = client_for(players["bob"]).post(f"/api/seeks/{seek_id}/join/", {}, format="json")
    assert (late.status_code, late.json()["code"]) == (409, "seek_taken")
    assert client_for(players["dave"]).get("/api/seeks/").json() == []


def test_a_seek_for_a_side_the_game_has_not_is_refused(players):
    answer = client_for(players["carol"]).post("/api/seeks/", {"system": "303", "side": "british"}, format="json")
    assert (answer.status_code, answer.json()["code"], list(answer.json()["errors"])) == (400, "unknown_side", ["side"])


def test_a_seek_rating_beyond_the_column_is_refused_with_a_400_and_nothing_is_stored(players):
    """Schema fuzz found it: a rating larger than the column was a database error (500) on PostgreSQL."""
    answer = client_for(players["carol"]).post("/api/seeks/", {"system": "303", "rating_max": 2**31}, format="json")
    assert (answer.status_code, answer.json()["code"], list(answer.json()["errors"])) == (400, "invalid", ["rating_max"])
    assert not Challenge.objects.exists()


def test_challenges_and_seeks_are_resources_of_the_schema():
    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    for path in ("/api/challenges/", "/api/challenges/{challenge_id}/", "/api/challenges/{challenge_id}/accept/",
                 "/api/challenges/{challenge_id}/decline/", "/api/challenges/{challenge_id}/cancel/",
                 "/api/seeks/", "/api/seeks/{challenge_id}/join/"):
        assert path in paths
    assert {"201", "422"} <= set(paths["/api/challenges/"]["post"]["responses"])
    assert "409" in paths["/api/challenges/{challenge_id}/accept/"]["post"]["responses"]
