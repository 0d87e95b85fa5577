"""Every time control is bounded (game/clocks.py ``validate_time_control``): a number of seconds
that is not finite, not a number or beyond its maximum is refused with 400
``invalid_time_control`` in words, and nothing is created (issue 24: a base of 1e308 gave a
500, an increment of 1e300 broke every later move of its game)."""
import pytest

from game import clocks
from game.models import Game
from kernel.models import StoredEvent
from tests.conftest import client_for
from tests.doubles import RACE

DAY = 86400


def create(user, tc):
    return client_for(user).post("/api/games/", {"system": RACE, "setup": {"target": 500},
                                                 "players": {"a": "alice", "b": "bob"}, "time_control": tc},
                                  format="json")


@pytest.mark.django_db
@pytest.mark.parametrize("tc, words", [
    ({"kind": "clock", "base": 1e308, "increment": 5}, "time_control.base may be at most 60 days"),
    ({"kind": "clock", "base": 600, "increment": 1e300}, "time_control.increment may be at most 30 days"),
    ({"kind": "per-move", "seconds": 30 * DAY + 1}, "time_control.seconds may be at most 30 days"),
    ({"kind": "correspondence", "base": DAY, "increment": 3600, "cap": 61 * DAY}, "time_control.cap may be at most 60 days"),
    ({"kind": "correspondence", "base": 3 * DAY, "increment": 3600, "cap": DAY}, "at least the starting time"),
    ({"kind": "correspondence", "base": DAY, "increment": 3600}, "time_control.cap must be a positive number"),
    ({"kind": "per-move", "seconds": True}, "time_control.seconds must be a positive number"),
    ({"kind": "clock", "base": "600", "increment": 5}, "time_control.base must be a positive number"),
    ({"kind": "clock", "base": 0, "increment": 5}, "time_control.base must be a positive number"),
    ({"kind": "clock", "base": 600, "increment": -1}, "time_control.increment must be a positive number"),
    ({"kind": "per-move", "seconds": 60, "increment": 5}, "no field increment"),
    ({"kind": "hourglass", "seconds": 60}, "must be 'per-move', 'clock' or 'correspondence'"),
])
def test_a_time_control_out_of_bounds_is_refused_in_words_and_nothing_is_created(users, tc, words):
    response = create(users["alice"], tc)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "invalid_time_control"
    assert words in response.json()["message"]
    assert not Game.objects.exists() and not StoredEvent.objects.exists()


def test_infinite_and_not_a_number_seconds_are_refused():
    for value in (float("inf"), float("nan"), float("-inf")):
        assert clocks.validate_time_control({"kind": "per-move", "seconds": value})


@pytest.mark.django_db
def test_the_largest_allowed_clock_keeps_every_later_move_working(users):
    response = create(users["alice"], {"kind": "clock", "base": 60 * DAY, "increment": 30 * DAY})
    assert response.status_code == 201
    game_id, version = response.json()["id"], response.json()["version"]
    for who in ("alice", "bob", "alice", "bob"):
        moved = client_for(users[who]).post(f"/api/games/{game_id}/commands/",
                                            {"expected_version": version, "command": {"type": "roll"}}, format="json")
        assert moved.status_code == 201, moved.content
        version = moved.json()["version"]


@pytest.mark.django_db
@pytest.mark.parametrize("preset", clocks.TIME_CONTROL_PRESETS, ids=lambda p: p["key"])
def test_every_preset_is_a_time_control_the_api_accepts(users, preset):
    assert str(preset["label"]) and str(preset["explanation"])
    response = create(users["alice"], preset["time_control"])
    assert response.status_code == 201, response.content
    assert Game.objects.get(pk=response.json()["id"]).time_control == preset["time_control"]


def test_the_correspondence_presets_are_rally_the_troops_paces_in_order():
    paces = [(p["key"], p["time_control"]) for p in clocks.TIME_CONTROL_PRESETS
             if p["time_control"]["kind"] == clocks.CORRESPONDENCE]
    hours = [(key, tc["base"] // 3600, tc["increment"] // 3600, tc["cap"] // 3600) for key, tc in paces]
    assert hours == [("live", 24, 4, 72), ("fast", 72, 12, 120), ("slow", 72, 36, 240)]
