"""Game API contract (issue 2 §6; docs/rules/service.md "Event sourcing", "Visibility")."""
import json

import pytest

from game.models import Game
from kernel.models import StoredEvent
from tests.conftest import client_for
from tests.doubles import RACE

pytestmark = pytest.mark.django_db


def stream_rows(game_id):
    return list(StoredEvent.objects.filter(stream=f"game-{game_id}").order_by("seq")
                .values_list("seq", "type", "payload", "visibility"))


def command(client, game_id, version, cmd, **extra):
    return client.post(f"/api/games/{game_id}/commands/", {"expected_version": version, "command": cmd},
                       format="json", **extra)


def test_create_returns_id_and_version_and_publishes_only_the_seed_commitment(race, users):
    created = StoredEvent.objects.get(stream=f"game-{race}", seq=1)
    assert created.type == "GameCreated"
    assert len(created.payload["seed_commitment"]) == 64
    assert "seed" not in created.payload
    body = client_for(users["alice"]).get(f"/api/games/{race}/").json()
    assert body["version"] == 1 and body["to_move"] == ["a"] and body["your_sides"] == ["a"]


def test_a_command_appends_events_and_bumps_the_version(race, users):
    response = command(client_for(users["alice"]), race, 1, {"type": "roll"})
    assert response.status_code == 201
    assert response.json()["version"] == 2
    assert [e["type"] for e in response.json()["events"]] == ["Rolled"]
    assert Game.objects.get(pk=race).version == 2


@pytest.mark.parametrize("case, status, code", [
    ("malformed_json", 400, "malformed_json"),
    ("unknown_command", 400, "unknown_command"),
    ("missing_type", 400, "malformed_command"),
    ("bad_version", 400, "malformed_command"),
    ("wrong_side", 403, "not_your_side"),
    ("wrong_user", 403, "not_a_player"),
    ("anonymous", 401, "not_authenticated"),
    ("stale_version", 409, "stale_version"),
    ("illegal_move", 422, "not_your_turn"),
    ("oversize", 413, "payload_too_large"),
])
def test_every_rejected_request_has_its_status_and_code_and_appends_nothing(race, users, case, status, code):
    alice, bob, carol = (client_for(users[n]) for n in ("alice", "bob", "carol"))
    url = f"/api/games/{race}/commands/"
    before = stream_rows(race)
    if case == "malformed_json":
        response = alice.post(url, data="{not json", content_type="application/json")
    elif case == "unknown_command":
        response = command(alice, race, 1, {"type": "teleport"})
    elif case == "missing_type":
        response = command(alice, race, 1, {"kind": "roll"})
    elif case == "bad_version":
        response = command(alice, race, "one", {"type": "roll"})
    elif case == "wrong_side":
        response = alice.post(url, {"expected_version": 1, "command": {"type": "roll"}, "side": "b"}, format="json")
    elif case == "wrong_user":
        response = command(carol, race, 1, {"type": "roll"})
    elif case == "anonymous":
        response = command(client_for(), race, 1, {"type": "roll"})
    elif case == "stale_version":
        response = command(alice, race, 0, {"type": "roll"})
    elif case == "illegal_move":
        response = command(bob, race, 1, {"type": "roll"})
    else:
        response = alice.post(url, data=json.dumps({"expected_version": 1, "command": {"type": "roll",
                              "pad": "x" * (64 * 1024)}}), content_type="application/json")
    assert response.status_code == status, response.content
    assert response.json()["code"] == code
    assert response.json()["message"]
    assert stream_rows(race) == before


def test_stale_version_reports_the_current_version(race, users):
    alice = client_for(users["alice"])
    command(alice, race, 1, {"type": "roll"})
    response = command(client_for(users["bob"]), race, 1, {"type": "roll"})
    assert response.status_code == 409 and response.json()["version"] == 2


def test_idempotency_key_returns_the_first_response_and_appends_nothing(race, users):
    alice = client_for(users["alice"])
    first = command(alice, race, 1, {"type": "roll"}, HTTP_IDEMPOTENCY_KEY="k-1")
    rows = stream_rows(race)
    again = command(alice, race, 1, {"type": "roll"}, HTTP_IDEMPOTENCY_KEY="k-1")
    assert again.status_code == 201 and again.json() == first.json()
    assert stream_rows(race) == rows


def test_a_used_idempotency_key_with_another_command_is_refused_and_appends_nothing(race, users):
    alice = client_for(users["alice"])
    assert command(alice, race, 1, {"type": "roll"}, HTTP_IDEMPOTENCY_KEY="k-1").status_code == 201
    rows = stream_rows(race)
    bob_turn_hide = command(alice, race, 2, {"type": "hide", "secret": "x"}, HTTP_IDEMPOTENCY_KEY="k-1")
    assert bob_turn_hide.status_code == 422 and bob_turn_hide.json()["code"] == "idempotency_key_reused"
    same_command_other_version = command(alice, race, 2, {"type": "roll"}, HTTP_IDEMPOTENCY_KEY="k-1")
    assert same_command_other_version.status_code == 422
    assert stream_rows(race) == rows


def test_an_idempotency_key_belongs_to_one_game(race, users):
    alice, bob = client_for(users["alice"]), client_for(users["bob"])
    other = client_for(users["bob"]).post(
        "/api/games/", {"system": RACE, "players": {"a": "bob", "b": "alice"}}, format="json").json()["id"]
    first = command(alice, race, 1, {"type": "roll"}, HTTP_IDEMPOTENCY_KEY="k-1")
    command(bob, other, 1, {"type": "roll"})
    elsewhere = command(alice, other, 2, {"type": "roll"}, HTTP_IDEMPOTENCY_KEY="k-1")
    assert elsewhere.status_code == 201 and elsewhere.json() != first.json()
    assert elsewhere.json()["version"] == 3 and len(stream_rows(other)) == 3


@pytest.mark.parametrize("length, status", [(200, 201), (201, 400)])
def test_an_idempotency_key_over_200_characters_is_refused_with_400(race, users, length, status):
    response = command(client_for(users["alice"]), race, 1, {"type": "roll"}, HTTP_IDEMPOTENCY_KEY="k" * length)
    assert response.status_code == status, response.content
    if status == 400:
        assert response.json()["code"] == "invalid_idempotency_key"
        assert len(stream_rows(race)) == 1
    again = command(client_for(users["alice"]), race, 1, {"type": "roll"}, HTTP_IDEMPOTENCY_KEY="k" * length)
    assert again.status_code == status, "the next command is answered the same way, not with a 409"


def test_a_command_field_the_engine_does_not_accept_is_refused_by_name(race, users):
    response = command(client_for(users["alice"]), race, 1, {"type": "roll", "side": "b"})
    assert response.status_code == 422 and response.json()["code"] == "unknown_field"
    assert response.json()["field"] == "side" and "side" in response.json()["message"]
    assert len(stream_rows(race)) == 1


def test_every_engine_declares_the_fields_of_each_command_it_accepts():
    from systems.duel import rules as duel
    from systems.battle303.rules import commands as battle303
    from systems.nightfighter.rules import phases as nightfighter
    from systems.registry import get_system

    commands = {"duel-in-the-dark": set(duel.COMMANDS), "303": set(battle303.COMMAND_TYPES),
                "nightfighter-solo": set(nightfighter.HANDLERS)}
    for name, types in commands.items():
        assert set(get_system(name).command_fields) == types, name


def test_resigning_and_aborting_record_the_players_command(race, users):
    from game import endings

    endings.propose_abort(race, users["bob"])
    endings.resign(race, users["alice"])
    assert [r.command for r in StoredEvent.objects.filter(stream=f"game-{race}", seq__gt=1).order_by("seq")][:2] == [
        {"side": "b", "type": "abort"}, {"side": "a", "type": "resign"}]


def test_private_events_are_hidden_from_the_opponent_and_spectators_until_the_end(race, users):
    command(client_for(users["alice"]), race, 1, {"type": "hide", "secret": "route-7-8-9"})
    for viewer in (client_for(users["bob"]), client_for(users["carol"]), client_for()):
        assert "route-7-8-9" not in viewer.get(f"/api/games/{race}/events/").content.decode()
        assert "route-7-8-9" not in viewer.get(f"/api/games/{race}/").content.decode()
    assert "route-7-8-9" in client_for(users["alice"]).get(f"/api/games/{race}/events/").content.decode()


def test_events_after_n(race, users):
    alice, bob = client_for(users["alice"]), client_for(users["bob"])
    command(alice, race, 1, {"type": "roll"})
    command(bob, race, 2, {"type": "roll"})
    events = alice.get(f"/api/games/{race}/events/?after=2").json()["events"]
    assert [e["seq"] for e in events] == [3]


def play_to_end(game_id, users):
    clients = {"a": client_for(users["alice"]), "b": client_for(users["bob"])}
    version, to_move = 1, ["a"]
    while to_move:
        response = command(clients[to_move[0]], game_id, version, {"type": "roll"})
        assert response.status_code == 201
        state = clients["a"].get(f"/api/games/{game_id}/").json()
        version, to_move = state["version"], state["to_move"]
    return state


def test_a_finished_game_reveals_the_seed_and_its_replay_verifies_every_roll(race, users):
    final = play_to_end(race, users)
    assert final["status"] == "finished" and final["outcome"]["winner"] in {"a", "b"}
    replay = client_for().get(f"/api/games/{race}/replay/").json()
    assert replay["seed_verified"] and replay["verified"], replay["problems"]
    assert replay["rolls_checked"] == sum(1 for s in replay["steps"] if s["event"]["type"] == "Rolled")
    totals = {"a": 0, "b": 0}
    for step in replay["steps"]:
        if step["event"]["type"] == "Rolled":
            totals[step["event"]["payload"]["side"]] += step["event"]["payload"]["face"]
            assert step["state"]["totals"] == totals
    assert [s["event"]["type"] for s in replay["steps"]][-2:] == ["ResultRecorded", "Revealed"]


def test_export_and_import_round_trip_and_tampering_is_rejected(race, users):
    from game.models import Game as GameModel

    play_to_end(race, users)
    alice = client_for(users["alice"])
    exported = alice.get(f"/api/games/{race}/export/").content.decode()
    lines = exported.splitlines()
    tampered_lines = [json.loads(x) for x in lines]
    rolled = next(x for x in tampered_lines if x.get("type") == "Rolled")
    rolled["payload"]["face"] = rolled["payload"]["face"] % 6 + 1
    tampered = "\n".join(json.dumps(x) for x in tampered_lines)
    GameModel.objects.filter(pk=race).delete()  # the read model only; events stay
    response = alice.post("/api/games/import/", data=tampered, content_type="application/x-ndjson")
    assert response.status_code == 422 and response.json()["code"] == "import_rejected"


def test_replay_of_a_running_game_is_refused(race, users):
    response = client_for().get(f"/api/games/{race}/replay/")
    assert response.status_code == 409 and response.json()["code"] == "game_running"


def test_openapi_schema_is_served(db):
    response = client_for().get("/api/schema/")
    assert response.status_code == 200 and b"/api/games/" in response.content


def test_an_untampered_export_is_imported_where_the_game_is_not_stored(users):
    from django.db import transaction

    from kernel.models import StoredEvent as Row

    class Rollback(Exception):
        pass

    try:
        with transaction.atomic():
            response = client_for(users["alice"]).post(
                "/api/games/", {"system": RACE, "players": {"a": "alice", "b": "bob"}}, format="json")
            game_id = response.json()["id"]
            play_to_end(game_id, users)
            exported = client_for().get(f"/api/games/{game_id}/export/").content
            original = stream_rows(game_id)
            raise Rollback
    except Rollback:
        pass
    assert not Row.objects.filter(stream=f"game-{game_id}").exists()
    response = client_for(users["carol"]).post("/api/games/import/", data=exported,
                                               content_type="application/x-ndjson")
    assert response.status_code == 201, response.content
    assert stream_rows(game_id) == original
    again = client_for(users["carol"]).post("/api/games/import/", data=exported,
                                            content_type="application/x-ndjson")
    assert again.status_code == 409 and again.json()["code"] == "already_stored"


@pytest.mark.parametrize("debug", [False, True])
def test_unknown_api_urls_answer_json_404_that_no_site_may_frame(db, settings, debug):
    settings.DEBUG = debug  # with DEBUG Django's own 404 page is replaced by the JSON answer
    response = client_for().get("/api/games/null,null/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    assert response["X-Frame-Options"] == "DENY" and response["Content-Security-Policy"] == "frame-ancestors 'none'"
