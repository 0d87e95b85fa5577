"""Importing an export: every event re-derived, nobody seated until he claims his seat (issue 24;
docs/rules/service.md "Replays"; game/imports.py).

Each export is of a game played here and then rolled back, so the stream is not stored when it is
imported (as on another server). A forged history has its chain recomputed, so only the
re-derivation can refuse it.
"""
import json
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from game import endings, services, timeouts
from kernel.chain import event_hash
from systems.kit.framework_events import GAME_ENDED, GAME_FORFEITED, REVEALED
from game.models import Game, GameSeat
from kernel.models import StoredEvent
from tests.conftest import client_for, make_user
from tests.doubles import RACE

pytestmark = pytest.mark.django_db


def roll(game_id, user):
    game = Game.objects.get(pk=game_id)
    services.submit_command(game_id=game_id, user=user, command={"type": "roll"}, expected_version=game.version)


def exported_elsewhere(users, target=30, moves=None, then=None, **create) -> tuple[str, list[dict]]:
    """The export (header, events) of a race between alice (a) and bob (b): ``moves`` rolls (else
    to the end), then ``then(game)``; played here, then rolled back."""
    with transaction.atomic():
        game = services.create_game(system_name=RACE, setup={"target": target},
                                    players={"a": users["alice"], "b": users["bob"]}, **create)
        seats = {"a": users["alice"], "b": users["bob"]}
        made = 0
        while Game.objects.get(pk=game.pk).status == Game.Status.RUNNING and (moves is None or made < moves):
            roll(game.pk, seats[Game.objects.get(pk=game.pk).to_move[0]])
            made += 1
        if then:
            then(game)
        lines = [json.loads(x) for x in client_for().get(f"/api/games/{game.pk}/export/").content.splitlines()]
        transaction.set_rollback(True)
    return lines[0], lines[1:]


def rechained(header: dict, events: list[dict]) -> str:
    """The export text with every hash recomputed, as a forger would."""
    previous = None
    for seq, e in enumerate(events, start=1):
        e["seq"] = seq
        e["hash"] = previous = event_hash(header["stream"], seq, e["type"], e["payload"], e.get("visibility", "public"),
                                          e.get("dice"), e.get("command"), previous)
    header["head_hash"] = previous
    return "\n".join(json.dumps(x) for x in [header, *events])


def post_import(user, text):
    return client_for(user).post("/api/games/import/", data=text, content_type="application/x-ndjson")


def stored_events(header) -> int:
    return StoredEvent.objects.filter(stream=header["stream"]).count()


def closing(outcome: dict, seed: str) -> list[dict]:
    return [{"type": GAME_ENDED, "payload": {"outcome": outcome}}, {"type": REVEALED, "payload": {"seed": seed}}]


# -- forged histories are refused, naming the seq -------------------------------------------------
def test_a_forfeit_appended_to_a_genuine_history_cut_after_8_moves_is_refused_with_its_seq(users):
    header, events = exported_elsewhere(users)
    seed = events[-1]["payload"]["seed"]
    outcome = {"winner": "a", "loser": "b", "reason": "forfeit"}
    forged = events[:9] + [{"type": GAME_FORFEITED, "payload": {"outcome": outcome, "reason": "no_show"}}]
    forged += closing(outcome, seed)
    response = post_import(users["carol"], rechained(header, forged))
    assert response.status_code == 422, response.content
    assert response.json()["code"] == "import_unprovable_ending" and response.json()["seq"] == 10
    assert stored_events(header) == 0 and not Game.objects.filter(pk=header["stream"][5:]).exists()


def test_a_result_appended_where_the_rules_did_not_end_the_game_is_refused_with_its_seq(users):
    header, events = exported_elsewhere(users)
    forged = events[:9] + closing({"winner": "a", "reason": "target_reached"}, events[-1]["payload"]["seed"])
    response = post_import(users["carol"], rechained(header, forged))
    assert response.status_code == 422
    assert response.json()["code"] == "import_not_derivable" and response.json()["seq"] == 10
    assert stored_events(header) == 0


def test_a_die_changed_and_rehashed_is_refused_with_its_seq(users):
    header, events = exported_elsewhere(users)
    rolled = events[4]
    rolled["payload"]["face"] = rolled["payload"]["face"] % 6 + 1
    response = post_import(users["carol"], rechained(header, events))
    assert response.status_code == 422
    assert response.json()["code"] == "import_not_derivable" and response.json()["seq"] == 5


def test_a_command_with_a_field_the_engine_does_not_accept_is_refused_with_its_seq(users):
    header, events = exported_elsewhere(users)
    events[3]["command"]["note"] = "smuggled"
    response = post_import(users["carol"], rechained(header, events))
    assert response.status_code == 422
    assert response.json()["code"] == "import_not_derivable" and response.json()["seq"] == 4


@pytest.mark.parametrize("side", ["c", ["a"], None])
def test_a_command_of_no_seated_side_is_refused_with_its_seq(users, side):
    header, events = exported_elsewhere(users)
    events[2]["command"]["side"] = side
    response = post_import(users["carol"], rechained(header, events))
    assert response.status_code == 422
    assert response.json()["code"] == "import_not_derivable" and response.json()["seq"] == 3


def test_a_resignation_without_the_resigning_sides_command_is_refused(users):
    header, events = exported_elsewhere(users, moves=4, then=lambda g: endings.resign(g.pk, users["bob"]))
    assert events[5]["type"] == "GameResigned" and events[5]["command"] == {"side": "b", "type": "resign"}
    events[5]["command"] = None
    response = post_import(users["carol"], rechained(header, events))
    assert response.status_code == 422
    assert response.json()["code"] == "import_not_derivable" and response.json()["seq"] == 6


def test_a_game_ended_by_a_timeout_cannot_be_imported(users):
    def time_out(game):
        assert timeouts.adjudicate(game.pk, timezone.now() + timedelta(days=2))

    header, events = exported_elsewhere(users, moves=3, then=time_out, time_control={"kind": "per-move",
                                                                                     "seconds": 3600})
    assert events[4]["type"] == "TimeoutAdjudicated"
    response = post_import(users["carol"], "\n".join(json.dumps(x) for x in [header, *events]))
    assert response.status_code == 422
    assert response.json()["code"] == "import_unprovable_ending" and response.json()["seq"] == 5
    assert stored_events(header) == 0


# -- genuine histories are stored, seating nobody --------------------------------------------------
@pytest.mark.parametrize("ending", ["played", "resigned", "aborted"])
def test_a_genuine_history_is_imported_whatever_the_players_ending(users, ending):
    then = {"played": None, "resigned": lambda g: endings.resign(g.pk, users["alice"]),
            "aborted": lambda g: (endings.propose_abort(g.pk, users["bob"]),
                                  endings.propose_abort(g.pk, users["alice"]))}[ending]
    header, events = exported_elsewhere(users, moves=None if ending == "played" else 1, then=then)
    response = post_import(users["carol"], "\n".join(json.dumps(x) for x in [header, *events]))
    assert response.status_code == 201, response.content
    game = Game.objects.get(pk=response.json()["id"])
    assert game.outcome == events[-2]["payload"]["outcome"] and stored_events(header) == len(events)
    if ending == "resigned":
        assert game.outcome["winner"] == "b"
    if ending == "aborted":
        assert game.status == Game.Status.ABORTED
    assert client_for().get(f"/api/games/{game.pk}/replay/").json()["verified"]


def test_an_import_seats_no_local_account_and_shows_the_names_it_records(users):
    admin = make_user("admin", is_staff=True, is_superuser=True)
    header, events = exported_elsewhere({**users, "bob": admin})
    response = post_import(users["carol"], "\n".join(json.dumps(x) for x in [header, *events]))
    assert response.status_code == 201
    game_id = response.json()["id"]
    assert not GameSeat.objects.filter(game_id=game_id).exists()
    assert client_for().get(f"/api/games/{game_id}/").json()["players"] == {"a": "alice", "b": "admin"}
    mine = client_for(users["alice"]).get("/api/games/?mine=1").json()
    assert game_id not in {g["id"] for g in mine}


# -- a player claims his own seat -------------------------------------------------------------------
def imported_game(users) -> str:
    header, events = exported_elsewhere(users)
    response = post_import(users["carol"], "\n".join(json.dumps(x) for x in [header, *events]))
    assert response.status_code == 201
    return response.json()["id"]


def test_only_the_user_the_history_names_claims_a_seat_and_only_once(users):
    game_id = imported_game(users)
    url = f"/api/games/{game_id}/claim-seat/"
    for stranger, side in ((users["carol"], None), (users["bob"], "a")):
        refused = client_for(stranger).post(url, {"side": side}, format="json")
        assert refused.status_code == 403 and refused.json()["code"] == "not_your_seat"
    assert not GameSeat.objects.filter(game_id=game_id).exists()
    claimed = client_for(users["alice"]).post(url, {}, format="json")
    assert claimed.status_code == 200, claimed.content
    assert claimed.json()["players"] == {"a": "alice", "b": "bob"}
    assert list(GameSeat.objects.filter(game_id=game_id).values_list("side", "user__username")) == [("a", "alice")]
    assert game_id in {g["id"] for g in client_for(users["alice"]).get("/api/games/?mine=1").json()}
    again = client_for(users["alice"]).post(url, {}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "seat_claimed"


def test_a_game_played_here_has_no_seat_to_claim(users, race):
    response = client_for(users["carol"]).post(f"/api/games/{race}/claim-seat/", {}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "not_imported"


def test_the_game_page_offers_the_named_player_his_seat_and_claims_it(users):
    game_id = imported_game(users)
    page = f"/games/{game_id}/"
    alice, carol = client_for(), client_for()
    alice.force_login(users["alice"])
    carol.force_login(users["carol"])
    assert b"claim-seat" not in carol.get(page).content
    assert b"claim-seat" in alice.get(page).content
    refused = carol.post(f"/games/{game_id}/claim-seat/", follow=True)
    assert not GameSeat.objects.filter(game_id=game_id).exists()
    assert "names another player" in refused.content.decode()
    done = alice.post(f"/games/{game_id}/claim-seat/", follow=True)
    assert done.status_code == 200
    assert list(GameSeat.objects.filter(game_id=game_id).values_list("side", "user__username")) == [("a", "alice")]
    assert b"claim-seat" not in alice.get(page).content


# -- malformed imports: a code, never a 500 --------------------------------------------------------
@pytest.mark.parametrize("spoil", ["dice_as_string", "command_as_list", "seq_1e400", "not_an_object", "bad_stream"])
def test_a_malformed_import_is_a_400_with_a_code_and_stores_nothing(users, spoil):
    header, events = exported_elsewhere(users, target=8)
    lines = [json.dumps(header)] + [json.dumps(e) for e in events]
    if spoil == "dice_as_string":
        events[1]["dice"] = "[[0, 6, 3]]"
    elif spoil == "command_as_list":
        events[1]["command"] = ["roll"]
    elif spoil == "not_an_object":
        events[1] = [1, 2, 3]
    elif spoil == "bad_stream":
        header["stream"] = "game-not-a-uuid"
    lines = [json.dumps(header)] + [json.dumps(e) for e in events]
    if spoil == "seq_1e400":
        lines[2] = lines[2].replace(f'"seq": {events[1]["seq"]}', '"seq": 1e400')
    response = post_import(users["carol"], "\n".join(lines))
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "malformed_import" and response.json()["message"]
    assert StoredEvent.objects.filter(stream__startswith="game-").count() == 0


def test_an_import_over_the_upload_limit_is_a_413(users):
    body = "x" * (5 * 1024 * 1024)  # 5 MB, over the 4 MiB an import may be
    response = post_import(users["carol"], body)
    assert response.status_code == 413 and response.json()["code"] == "payload_too_large"


def test_a_seated_players_vacation_is_kept_and_a_forged_one_refused(users):
    """A correspondence game with a vacation (game/vacations.py) imports; a vacation naming a
    player who is not seated on that side is not what the service would have recorded."""
    from game import clocks, vacations

    def with_vacation(game):
        roll(game.pk, users["alice"])
        vacations.take(users["bob"], 3)
        vacations.end(users["bob"])
        seats = {"a": users["alice"], "b": users["bob"]}
        while Game.objects.get(pk=game.pk).status == Game.Status.RUNNING:
            roll(game.pk, seats[Game.objects.get(pk=game.pk).to_move[0]])

    header, events = exported_elsewhere(users, time_control=clocks.preset("live")["time_control"],
                                        moves=0, then=with_vacation)
    assert [e["type"] for e in events if e["type"].startswith("Vacation")] == ["VacationScheduled", "VacationEnded"]
    forged = json.loads(json.dumps(events))
    pause = next(e for e in forged if e["type"] == "VacationScheduled")
    pause["payload"]["player"] = "carol"
    refused = post_import(make_user("dave"), rechained(dict(header), forged)).json()
    assert refused["code"] == "import_not_derivable" and refused["seq"] == pause["seq"]
    assert stored_events(header) == 0
    imported = post_import(make_user("erin"), rechained(dict(header), events))
    assert imported.status_code == 201, imported.content
    assert stored_events(header) == len(events)
