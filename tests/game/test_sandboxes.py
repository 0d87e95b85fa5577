"""Play on from here and taking back (game/sandboxes.py; issue "Replays that teach"): a fork of
a finished game starts at the source's state after the chosen step, is private, unrated, and
tells nobody; a running game cannot be forked; only a sandbox takes a command back, and the
state returns to what it was before that command while the stored events stay."""
import pytest

from game import sandboxes, services
from game.folding import game_aggregate, load_aggregate
from game.models import Game
from kernel.models import OutboxMessage, StoredEvent
from kernel.outbox import GAME_FINISHED, TURN_PASSED
from tests.conftest import client_for
from tests.doubles import RACE

pytestmark = pytest.mark.django_db


def race(users, is_public=True, target=12):
    return services.create_game(system_name=RACE, setup={"target": target},
                                players={"a": users["alice"], "b": users["bob"]}, is_public=is_public)


def play_to_the_end(game, users):
    by_side = {"a": users["alice"], "b": users["bob"]}
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            return game
        side = game.to_move[0]
        command = {"type": "hide", "secret": f"s{game.version}"} if game.version == 1 else {"type": "roll"}
        services.submit_command(game_id=game.pk, user=by_side[side], command=command, expected_version=game.version)


def fork(user, game, step):
    return client_for(user).post(f"/api/games/{game.pk}/forks/", {"step": step}, format="json")


def test_a_fork_starts_at_the_sources_state_after_the_step_and_counts_nowhere(users):
    source = play_to_the_end(race(users), users)
    step = 4
    messages = OutboxMessage.objects.count()
    response = fork(users["carol"], source, step)
    assert response.status_code == 201, response.content
    body = response.json()
    sandbox = Game.objects.get(pk=body["id"])
    assert body["sandbox"] and body["forked_from"] == str(source.pk) and body["forked_at_step"] == step
    assert not sandbox.rated and not sandbox.is_public and sandbox.time_control is None and sandbox.deadline_at is None
    assert {s.side: s.user.username for s in sandbox.seats.all()} == {"a": "carol", "b": "carol"}
    assert game_aggregate(sandbox)["engine"] == load_aggregate(RACE, source.stream, step)["engine"]
    assert sandbox.secret.seed != source.secret.seed  # fresh dice from here on
    # Carol plays both sides to the end: nobody is told, nothing is rated.
    carol = {"alice": users["carol"], "bob": users["carol"]}
    while sandbox.status == Game.Status.RUNNING:
        services.submit_command(game_id=sandbox.pk, user=carol["alice"], command={"type": "roll"},
                                expected_version=sandbox.version, side=sandbox.to_move[0])
        sandbox.refresh_from_db()
    assert sandbox.status == Game.Status.FINISHED
    assert not OutboxMessage.objects.filter(topic__in=[GAME_FINISHED, TURN_PASSED],
                                            payload__game_id=str(sandbox.pk)).exists()
    assert OutboxMessage.objects.count() == messages


def test_a_running_game_is_not_forked_and_nothing_is_stored(users):
    game = race(users)
    games, events = Game.objects.count(), StoredEvent.objects.count()
    response = fork(users["alice"], game, 1)
    assert response.status_code == 409 and response.json()["code"] == "game_running"
    assert (Game.objects.count(), StoredEvent.objects.count()) == (games, events)


def test_who_may_fork(users):
    public = play_to_the_end(race(users), users)
    private = play_to_the_end(race(users, is_public=False), users)  # as a private tournament's game is
    anonymous = client_for().post(f"/api/games/{public.pk}/forks/", {"step": 2}, format="json")
    assert anonymous.status_code == 401
    stranger = fork(users["carol"], private, 2)
    assert stranger.status_code == 404 and stranger.json()["code"] == "game_not_found"
    assert fork(users["bob"], private, 2).status_code == 201  # a player
    assert fork(users["carol"], public, 2).status_code == 201  # anyone who may see it


def test_a_sandbox_is_seen_by_its_owner_only(users):
    private = play_to_the_end(race(users, is_public=False), users)
    sandbox_id = fork(users["alice"], private, 2).json()["id"]
    assert client_for(users["alice"]).get(f"/api/games/{sandbox_id}/").status_code == 200
    assert client_for(users["carol"]).get(f"/api/games/{sandbox_id}/").status_code == 404
    assert client_for(users["bob"]).get(f"/api/games/{sandbox_id}/").status_code == 404


@pytest.mark.parametrize("body, status, code", [
    ({"step": 0}, 400, "invalid"),
    ({"step": "two"}, 400, "invalid"),
    ({}, 400, "invalid"),
    ({"step": 999}, 422, "step_out_of_range"),
    ({"step": 2, "bot_side": "b"}, 422, "no_practice_bot"),
])
def test_bad_fork_requests_are_refused(users, body, status, code):
    source = play_to_the_end(race(users), users)
    games = Game.objects.count()
    response = client_for(users["alice"]).post(f"/api/games/{source.pk}/forks/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (status, code)
    assert response.json()["message"]
    assert Game.objects.count() == games


def test_the_decided_step_cannot_be_forked(users):
    source = play_to_the_end(race(users), users)
    response = fork(users["alice"], source, source.version)
    assert (response.status_code, response.json()["code"]) == (422, "step_is_final")


def undo(user, game_id, **body):
    return client_for(user).post(f"/api/games/{game_id}/undo/", body, format="json")


def test_undo_takes_back_the_last_commands_one_by_one(users):
    source = play_to_the_end(race(users, target=40), users)
    sandbox = Game.objects.get(pk=fork(users["alice"], source, 3).json()["id"])
    states = [game_aggregate(sandbox)["engine"]]
    for _ in range(3):
        services.submit_command(game_id=sandbox.pk, user=users["alice"], command={"type": "roll"},
                                expected_version=sandbox.version, side=sandbox.to_move[0])
        sandbox.refresh_from_db()
        states.append(game_aggregate(sandbox)["engine"])
    stored = list(StoredEvent.objects.filter(stream=sandbox.stream).values_list("seq", "payload"))
    for expected in reversed(states[:-1]):
        response = undo(users["alice"], sandbox.pk)
        assert response.status_code == 201, response.content
        sandbox.refresh_from_db()
        assert game_aggregate(sandbox)["engine"] == expected
        assert load_aggregate(RACE, sandbox.stream, sandbox.version)["engine"] == expected  # the fold agrees
    # Stored events are never changed: take-backs are new events after them.
    assert list(StoredEvent.objects.filter(stream=sandbox.stream, seq__lte=len(stored))
                .values_list("seq", "payload")) == stored
    version = sandbox.version
    response = undo(users["alice"], sandbox.pk)
    assert (response.status_code, response.json()["code"]) == (422, "nothing_to_undo")
    sandbox.refresh_from_db()
    assert sandbox.version == version


def test_undo_reopens_a_finished_sandbox_and_play_goes_on(users):
    source = play_to_the_end(race(users), users)
    sandbox = Game.objects.get(pk=fork(users["alice"], source, 2).json()["id"])
    while sandbox.status == Game.Status.RUNNING:
        services.submit_command(game_id=sandbox.pk, user=users["alice"], command={"type": "roll"},
                                expected_version=sandbox.version, side=sandbox.to_move[0])
        sandbox.refresh_from_db()
    assert undo(users["alice"], sandbox.pk).status_code == 201
    sandbox.refresh_from_db()
    assert sandbox.status == Game.Status.RUNNING and sandbox.outcome is None and sandbox.to_move
    status, _ = services.submit_command(game_id=sandbox.pk, user=users["alice"], command={"type": "roll"},
                                        expected_version=sandbox.version, side=sandbox.to_move[0])
    assert status == 201


def test_undo_is_for_sandboxes_and_their_owner(users):
    running = race(users)
    services.submit_command(game_id=running.pk, user=users["alice"], command={"type": "roll"}, expected_version=1)
    events = StoredEvent.objects.count()
    response = undo(users["alice"], running.pk)
    assert (response.status_code, response.json()["code"]) == (409, "not_a_sandbox")
    source = play_to_the_end(race(users), users)
    sandbox_id = fork(users["alice"], source, 2).json()["id"]
    events = StoredEvent.objects.count()
    assert undo(users["carol"], sandbox_id).status_code == 404
    assert client_for().post(f"/api/games/{sandbox_id}/undo/", {}, format="json").status_code == 401
    stale = undo(users["alice"], sandbox_id, expected_version=7)
    assert (stale.status_code, stale.json()["code"]) == (409, "stale_version")
    assert StoredEvent.objects.count() == events


def test_standing_commands_skip_what_was_taken_back():
    class Row:
        def __init__(self, seq, type_, command=None, payload=None):
            self.seq, self.type, self.command, self.payload = seq, type_, command, payload or {}

    rows = [Row(1, "GameForked"), Row(2, "Rolled", {"type": "roll"}), Row(3, "Rolled", {"type": "roll"}),
            Row(4, "CommandTakenBack", payload={"back_to": 2}), Row(5, "Rolled", {"type": "roll"})]
    assert sandboxes.standing_commands(rows) == [2, 5]


def test_the_page_doors_fork_and_undo(users, client):
    source = play_to_the_end(race(users), users)
    anonymous = client.post(f"/games/{source.pk}/forks/", {"step": "4"})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    client.force_login(users["carol"])
    replay = client.get(f"/games/{source.pk}/replay/?step=4").content.decode()
    assert 'id="play-on"' in replay and 'name="bot_side"' not in replay  # no bots app: no bot choice
    response = client.post(f"/games/{source.pk}/forks/", {"step": "4"})
    sandbox = Game.objects.get(sandbox=True, created_by=users["carol"])
    assert response["Location"] == f"/games/{sandbox.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert "Sandbox — never counts" in page and f"/games/{source.pk}/replay/?step=4" in page
    assert "A sandbox opens at step 4 of another game" in page and "Resign" not in page
    client.post(f"/games/{sandbox.pk}/", {"expected_version": sandbox.version, "side": sandbox.to_move[0],
                                         "action": "0"})
    sandbox.refresh_from_db()
    assert sandbox.version == 2
    assert client.post(f"/games/{sandbox.pk}/undo/").status_code == 302
    sandbox.refresh_from_db()
    assert game_aggregate(sandbox)["engine"] == load_aggregate(RACE, source.stream, 4)["engine"]
    refused = client.post(f"/games/{source.pk}/forks/", {"step": str(source.version)}, follow=True)
    assert "step_is_final" in refused.content.decode()


def test_a_fork_mid_command_starts_after_the_commands_last_event(users):
    """The race's ``hide`` writes two events (2: SecretHidden, 3: TurnPassed): nobody waits for a
    move between them, so a fork at 2 starts at 3."""
    source = play_to_the_end(race(users), users)
    body = fork(users["alice"], source, 2).json()
    assert body["forked_at_step"] == 3 and body["to_move"] == ["b"]
    sandbox = Game.objects.get(pk=body["id"])
    assert game_aggregate(sandbox)["engine"] == load_aggregate(RACE, source.stream, 3)["engine"]


def test_a_sandbox_has_no_rematch(users):
    source = play_to_the_end(race(users), users)
    sandbox = Game.objects.get(pk=fork(users["alice"], source, 4).json()["id"])
    while sandbox.status == Game.Status.RUNNING:
        services.submit_command(game_id=sandbox.pk, user=users["alice"], command={"type": "roll"},
                                expected_version=sandbox.version, side=sandbox.to_move[0])
        sandbox.refresh_from_db()
    response = client_for(users["alice"]).post(f"/api/games/{sandbox.pk}/rematch/", {}, format="json")
    assert (response.status_code, response.json()["code"]) == (409, "sandbox_game")
