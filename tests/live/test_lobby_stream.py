"""The lobby and a waiting challenge, live (issue 25): the lobby's stream tells of every seek
opened, expired or joined after its commit, and a challenge's stream gives the challenger the
game once it is accepted, then ends — with Redis waking the streams and in-process."""
import pytest

from matchmaking import services
from tests.conftest import client_for, make_user
from tests.doubles import RACE
from tests.live.sse import open_stream
from tests.live.test_game_stream import auth, wake_up  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)


def seek(user, side="a"):
    return services.open_seek(challenger=user, system=RACE, setup={"target": 1000}, side=side)


def lobbies(reader) -> list[list[str]]:
    return [m.data["seeks"] for m in reader.messages if m.event == "lobby"]


def challenges(reader) -> list[dict]:
    return [m.data for m in reader.messages if m.event == "challenge"]


@pytest.fixture(autouse=True)
def woken_only(settings):
    """No re-read on the timer during a test: what arrives was announced."""
    settings.NIGHTDUEL_STREAM_RECHECK_SECONDS = 60


def test_the_lobby_stream_tells_of_seeks_opened_expired_and_joined(live_server, users, wake_up):
    carol = open_stream(f"{live_server.url}/api/seeks/stream/", auth(users["carol"]))
    carol.wait_for(lambda r: lobbies(r) == [[]])
    first = seek(users["alice"])
    carol.wait_for(lambda r: lobbies(r)[-1] == [str(first.pk)], timeout=5)
    services.expire_due(now=first.expires_at)
    carol.wait_for(lambda r: lobbies(r)[-1] == [], timeout=5)
    second = seek(users["bob"], side="b")
    carol.wait_for(lambda r: lobbies(r)[-1] == [str(second.pk)], timeout=5)
    services.join(second.pk, make_user("dave"))
    carol.wait_for(lambda r: lobbies(r)[-1] == [], timeout=5)
    carol.stop()
    assert lobbies(carol) == [[], [str(first.pk)], [], [str(second.pk)], []]  # one message per change


def test_a_challengers_stream_opens_the_game_once_accepted_and_then_ends(live_server, users, wake_up):
    challenge = services.propose(challenger=users["alice"], system=RACE, setup={"target": 1000},
                                 seats={"a": users["alice"], "b": users["bob"]})
    url = f"{live_server.url}/api/challenges/{challenge.pk}/stream/"
    assert client_for(users["carol"]).get(f"/api/challenges/{challenge.pk}/stream/").status_code == 404
    alice = open_stream(url, auth(users["alice"]))
    alice.wait_for(lambda r: challenges(r))
    assert challenges(alice) == [{"status": "open", "accepted": ["a"], "game_url": None}]
    started = services.accept(challenge.pk, users["bob"])
    alice.join(10)  # the server closes a closed challenge's stream
    assert not alice.is_alive()
    last = [m for m in alice.messages if m.event == "challenge"][-1]
    assert len(challenges(alice)) == 2
    assert (last.id, last.data) == ("1", {"status": "started", "accepted": ["a", "b"],
                                          "game_url": f"/games/{started.game_id}/"})
    again = open_stream(url, {**auth(users["alice"]), "Last-Event-ID": "1"})
    again.join(10)
    assert again.status == 204  # an EventSource stops reconnecting
