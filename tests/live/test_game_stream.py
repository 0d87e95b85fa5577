"""The live stream of a Duel in the Dark night (issue 16; docs/rules/service.md "Visibility"): the
British viewer gets the plan events, the German viewer and a spectator never do, and a
reconnect from seq N gets exactly the events after N — both with Redis waking the streams
(production shape) and in-process (the embedded default)."""
import pytest
from rest_framework.authtoken.models import Token

from game import services
from systems.kit.framework_events import GAME_FORFEITED
from game.models import Game
from tests.doubles import RACE

from tests.conftest import client_for, make_user
from tests.game.test_duel_through_api import create, secret_markers, step
from tests.live.sse import open_stream

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(params=["redis", "in-process"])
def wake_up(request, settings):
    """Which way the streams learn of appends: Redis pub/sub, or in-process (no REDIS_URL)."""
    if request.param == "redis" and not settings.REDIS_URL:
        pytest.skip("needs Redis, an outside service (set REDIS_URL)")
    if request.param == "in-process":
        settings.REDIS_URL = None
    settings.NIGHTDUEL_STREAM_KEEPALIVE_SECONDS = 0.5
    return request.param


def auth(user) -> dict:
    return {"Authorization": f"Token {Token.objects.get_or_create(user=user)[0].key}"}


def test_two_viewers_of_a_duel_night_see_their_own_side_and_resume_after_seq_n(live_server, users, wake_up):
    spectator = make_user("spectator")
    clients = {"british": client_for(users["alice"]), "german": client_for(users["bob"])}
    game_id = create(clients["british"], {"british": "alice", "german": "bob"})
    url = f"{live_server.url}/api/games/{game_id}/stream/"
    viewers = {"british": users["alice"], "german": users["bob"], "spectator": spectator}
    streams = {name: open_stream(url, auth(user)) for name, user in viewers.items()}
    streams["anonymous"] = open_stream(url)
    assert all(s.status == 200 for s in streams.values())

    plan = None
    while plan is None or len(plan_moves) < 6:
        side, command = step(clients, game_id)
        if command["type"] == "CommitRoute":
            plan, plan_moves = command, []
        elif plan is not None:
            plan_moves.append(command)
    version = clients["british"].get(f"/api/games/{game_id}/").json()["version"]
    for reader in streams.values():
        reader.wait_for(lambda r: version in r.versions())
        reader.stop()

    referee_feed = client_for(make_user("referee", is_staff=True)).get(f"/api/games/{game_id}/events/").json()
    markers = secret_markers(plan, referee_feed["events"])
    hidden = {e["seq"] for e in referee_feed["events"] if e["visibility"] == "british"}
    plan_events = {e["seq"] for e in streams["british"].stored() if e["type"] == "PlanCommitted"}
    assert plan_events and plan_events <= hidden <= {e["seq"] for e in streams["british"].stored()}
    for name in ("german", "spectator", "anonymous"):
        assert not hidden & {e["seq"] for e in streams[name].stored()}, name
        assert not any(marker.encode() in streams[name].raw for marker in markers), f"{name} saw the plan"
    for name, user in viewers.items():
        feed = client_for(user).get(f"/api/games/{game_id}/events/").json()["events"]
        assert streams[name].stored() == feed, f"{name}'s stream is not its /events/ feed"

    # Reconnect from the middle, as an EventSource does: exactly the visible events after N.
    middle = referee_feed["events"][len(referee_feed["events"]) // 2]["seq"]
    for name, user in (("british", users["alice"]), ("german", users["bob"])):
        again = open_stream(url, {**auth(user), "Last-Event-ID": str(middle)})
        again.wait_for(lambda r: version in r.versions())
        again.stop()
        after = client_for(user).get(f"/api/games/{game_id}/events/?after={middle}").json()["events"]
        assert again.stored() == after and all(e["seq"] > middle for e in after), name
        assert [int(m.id) for m in again.messages if m.event == "stored-event"] == [e["seq"] for e in after]


def test_a_stream_says_who_is_to_move_and_ends_with_the_game(live_server, users, wake_up):
    game = services.create_game(system_name=RACE, setup={"target": 1000},
                                players={"a": users["alice"], "b": users["bob"]})
    url = f"{live_server.url}/api/games/{game.pk}/stream/"
    bob = open_stream(url, auth(users["bob"]))
    bob.wait_for(lambda r: 1 in r.versions())
    services.submit_command(game_id=game.pk, user=users["alice"], command={"type": "roll"}, expected_version=1,
                            side="a")
    bob.wait_for(lambda r: any(m.data["unread"] for m in r.messages if m.event == "notifications"))
    assert bob.messages[-1].data["latest"][0]["kind"] == "your_move"  # for his tab title and badge
    assert [m.data["to_move"] for m in bob.messages if m.event == "version"][-1] == ["b"]
    services.end_game(game.pk, GAME_FORFEITED, {"winner": "a", "loser": "b", "forfeit": True, "reason": "test"},
                      actor="referee")
    final = Game.objects.get(pk=game.pk)
    bob.join(20)  # the server closes an ended game's stream
    assert not bob.is_alive() and bob.versions()[-1] == final.version
    last = [m.data for m in bob.messages if m.event == "version"][-1]
    assert last["status"] == "finished" and last["to_move"] == []
    ended = open_stream(url, {**auth(users["bob"]), "Last-Event-ID": str(final.version)})
    ended.join(10)
    assert ended.status == 204  # an EventSource stops reconnecting


def test_bad_positions_and_hidden_games_are_refused(users):
    game = services.create_game(system_name=RACE, setup={"target": 3}, is_public=False,
                                players={"a": users["alice"], "b": users["bob"]})
    url = f"/api/games/{game.pk}/stream/"
    assert client_for(users["carol"]).get(url).status_code == 404
    response = client_for(users["alice"]).get(url, HTTP_LAST_EVENT_ID="soon")
    assert response.status_code == 400 and response.json()["code"] == "malformed_query"
