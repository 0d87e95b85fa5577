"""Duel in the Dark through the HTTP API: a full night between two users, a solo night,
and the hidden route (docs/rules/duel-in-the-dark.md §3.4, §10.5; docs/rules/service.md "Visibility"): the German
player, a spectator and the event feed never see the route or the target before they are
revealed; the referee can."""
import json

import pytest

from game.models import Game
from tests.conftest import client_for, make_user
from tests.rules.duel.policies import POLICIES

pytestmark = pytest.mark.django_db


def create(client, players, setup=None):
    response = client.post("/api/games/", {"system": "duel-in-the-dark", "setup": setup or {},
                                           "players": players}, format="json")
    assert response.status_code == 201, response.content
    return response.json()["id"]


def step(clients, game_id):
    """One command by the side to move, chosen by the policy from the API's legal actions."""
    detail = next(iter(clients.values())).get(f"/api/games/{game_id}/").json()
    if detail["status"] != "running":
        return None
    side = detail["to_move"][0]
    mine = clients[side].get(f"/api/games/{game_id}/").json()
    command = POLICIES[side](mine["view"], mine["legal_actions"], side)
    response = clients[side].post(f"/api/games/{game_id}/commands/",
                                  {"expected_version": mine["version"], "command": command}, format="json")
    assert response.status_code == 201, response.content
    return side, command


def secret_markers(plan_command: dict, referee_events: list) -> list[str]:
    """Strings that only someone who knows the plan could show: the route cards and the nonce."""
    committed = next(e for e in referee_events if e["type"] == "PlanCommitted")
    nonce = committed["payload"]["nonce"]
    assert len(nonce) == 32
    return [json.dumps(plan_command["route"]), json.dumps(plan_command["route"], separators=(",", ":")), nonce]


def test_a_full_night_between_two_users_hides_the_route_until_it_is_revealed(users):
    referee, spectator = make_user("referee"), make_user("spectator")
    clients = {"british": client_for(users["alice"]), "german": client_for(users["bob"])}
    game_id = create(clients["british"], {"british": "alice", "german": "bob"})
    Game.objects.get(pk=game_id).referees.add(referee)
    onlookers = {"german": clients["german"], "spectator": client_for(spectator), "anonymous": client_for()}

    plan, markers, checked = None, [], 0
    while True:
        played = step(clients, game_id)
        if played is None:
            break
        side, command = played
        if command["type"] == "CommitRoute":
            plan = command
            referee_feed = client_for(referee).get(f"/api/games/{game_id}/events/").json()["events"]
            markers = secret_markers(plan, referee_feed)
            referee_view = client_for(referee).get(f"/api/games/{game_id}/").json()["view"]
            assert referee_view["plan"]["route"] == plan["route"]
            assert referee_view["plan"]["target"] == plan["target"]
            public_commit = [e for e in referee_feed if e["type"] == "RouteCommitted"]
            assert len(public_commit[0]["payload"]["hash"]) == 64
        if plan is None:
            continue
        detail = client_for(referee).get(f"/api/games/{game_id}/").json()
        if detail["view"].get("plan_revealed") or detail["status"] != "running":
            break
        for name, client in onlookers.items():
            for url in (f"/api/games/{game_id}/", f"/api/games/{game_id}/events/"):
                body = client.get(url).content.decode()
                for marker in markers:
                    assert marker not in body, f"{name} saw the plan at {url}"
            view = client.get(f"/api/games/{game_id}/").json()["view"]
            assert view["plan"] is None or "route" not in view["plan"], name
            feed = client.get(f"/api/games/{game_id}/events/").json()["events"]
            assert all(e["type"] != "PlanCommitted" for e in feed), name
            checked += 1
    assert plan is not None and checked > 10

    while step(clients, game_id) is not None:
        pass
    final = client_for().get(f"/api/games/{game_id}/").json()
    assert final["status"] == "finished" and final["outcome"] is not None
    replay = client_for().get(f"/api/games/{game_id}/replay/").json()
    assert replay["verified"], replay["problems"]
    revealed = [s["event"] for s in replay["steps"] if s["event"]["type"] == "PlanRevealed"]
    assert revealed and revealed[0]["payload"]["plan"]["route"] == plan["route"]
    verified = [s["event"] for s in replay["steps"] if s["event"]["type"] == "CommitmentVerified"]
    assert verified and all(e["payload"]["ok"] for e in verified)


def test_the_target_is_hidden_from_the_german_before_the_bombing(users):
    clients = {"british": client_for(users["alice"]), "german": client_for(users["bob"])}
    game_id = create(clients["british"], {"british": "alice", "german": "bob"})
    while True:
        side, command = step(clients, game_id)
        if command["type"] == "CommitRoute":
            break
    german = clients["german"].get(f"/api/games/{game_id}/").json()["view"]
    assert "target" not in german["known_plan"]
    assert german["plan"] is None or "target" not in german["plan"]
    british = clients["british"].get(f"/api/games/{game_id}/").json()["view"]
    assert british["plan"]["target"] == command["target"]


def test_a_solo_night_runs_through_the_api(users):
    client = client_for(users["alice"])
    game_id = create(client, {"german": "alice"}, {"mode": "solo"})
    while step({"german": client}, game_id) is not None:
        pass
    final = client.get(f"/api/games/{game_id}/").json()
    assert final["status"] == "finished" and final["outcome"] is not None
    replay = client_for().get(f"/api/games/{game_id}/replay/").json()
    assert replay["verified"], replay["problems"]


def test_a_solo_game_seats_only_the_german_player(users):
    response = client_for(users["alice"]).post("/api/games/", {
        "system": "duel-in-the-dark", "setup": {"mode": "solo"},
        "players": {"german": "alice", "british": "bob"}}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "players_do_not_match_sides"


def test_conflicting_or_unknown_options_are_rejected_at_setup(users):
    response = client_for(users["alice"]).post("/api/games/", {
        "system": "duel-in-the-dark", "setup": {"warp_drive": True},
        "players": {"german": "alice", "british": "bob"}}, format="json")
    assert response.status_code == 422 and response.json()["code"] == "unknown_option"
