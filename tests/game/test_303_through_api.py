"""A whole game of 303 through the HTTP API as two users, to each of the three end
conditions (docs/rules/303.md "End of game"; issue 2 "Done when"), then its replay: every state
reproduced, every roll re-derived from the revealed seed."""
import pytest

from game import services
from tests.conftest import client_for
from tests.rules.battle303.policies import aggressive_raf_policy, bomber_rush_policy, pass_policy

pytestmark = pytest.mark.django_db

POLICIES = {
    "fuel_exhausted": (pass_policy, "raf"),
    "bomber_reached_london": (bomber_rush_policy, "luftwaffe"),
    "bomber_destroyed": (aggressive_raf_policy, "raf"),
}


def play_through_api(game_id, clients, policy):
    seen_states = {}
    detail = clients["raf"].get(f"/api/games/{game_id}/").json()
    while detail["status"] == "running":
        side = detail["to_move"][0]
        mine = clients[side].get(f"/api/games/{game_id}/").json()
        command = policy(mine["view"], mine["legal_actions"], side)
        assert command in mine["legal_actions"]
        response = clients[side].post(f"/api/games/{game_id}/commands/",
                                      {"expected_version": mine["version"], "command": command}, format="json")
        assert response.status_code == 201, response.content
        detail = clients["raf"].get(f"/api/games/{game_id}/").json()
        seen_states[detail["version"]] = detail["view"]
    return detail, seen_states


@pytest.mark.parametrize("reason", sorted(POLICIES))
def test_a_303_game_played_through_the_api_ends_and_replays(users, monkeypatch, reason):
    monkeypatch.setattr(services, "new_seed", lambda: f"fixed-seed-{reason}")
    policy, winner = POLICIES[reason]
    alice, bob = users["alice"], users["bob"]
    clients = {"luftwaffe": client_for(alice), "raf": client_for(bob)}
    created = clients["luftwaffe"].post("/api/games/", {"system": "303", "setup": {},
                                        "players": {"luftwaffe": "alice", "raf": "bob"}}, format="json")
    assert created.status_code == 201
    game_id = created.json()["id"]

    final, seen_states = play_through_api(game_id, clients, policy)
    assert final["status"] == "finished"
    assert final["outcome"]["winner"] == winner and final["outcome"]["reason"] == reason

    replay = client_for().get(f"/api/games/{game_id}/replay/").json()
    assert replay["seed"] == f"fixed-seed-{reason}"
    assert replay["seed_verified"] and replay["verified"], replay["problems"]
    by_seq = {step["event"]["seq"]: step for step in replay["steps"]}
    for version, view in seen_states.items():
        if version in by_seq and by_seq[version]["event"]["type"] not in {"ResultRecorded", "Revealed"}:
            # 303 hides nothing, so the replay's (referee) state is what the player saw
            assert {**by_seq[version]["state"], "viewer": None} == {**view, "viewer": None}
    if reason == "bomber_destroyed":
        assert replay["rolls_checked"] > 0
    events = client_for().get(f"/api/games/{game_id}/events/").json()["events"]
    assert [e["seq"] for e in events] == list(range(1, final["version"] + 1))


def test_a_tampered_die_roll_fails_verification(users, monkeypatch):
    from kernel.models import StoredEvent
    from game.replay import EventRecord, verify

    monkeypatch.setattr(services, "new_seed", lambda: "fixed-seed-tamper")
    clients = {"luftwaffe": client_for(users["alice"]), "raf": client_for(users["bob"])}
    game_id = clients["luftwaffe"].post("/api/games/", {"system": "303", "players": {
        "luftwaffe": "alice", "raf": "bob"}}, format="json").json()["id"]
    play_through_api(game_id, clients, aggressive_raf_policy)
    records = [EventRecord.from_row(r) for r in StoredEvent.objects.filter(stream=f"game-{game_id}").order_by("seq")]
    assert verify(f"game-{game_id}", records).ok
    rolled = next(r for r in records if r.dice)
    rolled.dice = [[i, n, (v + 1) % n] for i, n, v in rolled.dice]
    problems = verify(f"game-{game_id}", records).problems
    assert any("do not derive from the seed" in p for p in problems)
