"""Rate limits and request size limits (issue 9 "Security"; README "Two commands").

Rates are lowered for the test on the throttle class (DRF reads ``DEFAULT_THROTTLE_RATES``
once, at import). A throttled or oversize request appends nothing.
"""
import json

import pytest
from rest_framework.throttling import SimpleRateThrottle

from kernel.models import StoredEvent
from tests.conftest import client_for

LIMIT = 3


@pytest.fixture
def low_rates(monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"auth": f"{LIMIT}/min", "commands": f"{LIMIT}/min"})


def events_of(game) -> int:
    return StoredEvent.objects.filter(stream=game.stream).count()


def test_token_login_is_rate_limited_per_client(world, low_rates):
    anonymous = client_for()
    answers = [anonymous.post("/api/auth/token/", {"username": "alice", "password": "wrong"}, format="json")
               for _ in range(LIMIT)]
    assert [a.status_code for a in answers] == [400] * LIMIT
    throttled = anonymous.post("/api/auth/token/", {"username": "alice", "password": "pw-alice"}, format="json")
    assert throttled.status_code == 429, "even the right password waits once the limit is reached"
    assert throttled.json()["code"] == "rate_limited" and "Retry-After" in throttled


def test_commands_are_rate_limited_per_user_and_a_throttled_command_appends_nothing(world, low_rates):
    player = world.client("player")
    url = f"/api/games/{world.game.pk}/commands/"
    stale = [player.post(url, {"expected_version": 0, "command": {"type": "roll"}}, format="json")
             for _ in range(LIMIT)]
    assert [a.status_code for a in stale] == [409] * LIMIT
    throttled = player.post(url, {"expected_version": 1, "command": {"type": "roll"}}, format="json")
    assert throttled.status_code == 429 and throttled.json()["code"] == "rate_limited"
    assert events_of(world.game) == 1
    opponent_turn_elsewhere = world.client("opponent").post(url, {"expected_version": 1, "command": {"type": "roll"}},
                                                            format="json")
    assert opponent_turn_elsewhere.status_code == 422, "another user's budget is their own"


@pytest.mark.parametrize("padding, status", [(60 * 1024, 201), (64 * 1024, 413)])
def test_a_command_body_over_64_kib_is_refused_with_413_before_anything_runs(world, padding, status):
    body = json.dumps({"expected_version": 1, "command": {"type": "hide", "secret": "x" * padding}})
    response = world.client("player").post(f"/api/games/{world.game.pk}/commands/", data=body,
                                           content_type="application/json")
    assert response.status_code == status, response.content
    if status == 413:
        assert response.json()["code"] == "payload_too_large"
        assert events_of(world.game) == 1


# -- JSON bodies bounded in depth and text (kernel/bounded_json.py) ------------------------------------
def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def test_a_command_with_an_800_level_nested_field_is_refused_and_nothing_is_stored(world):
    body = '{"expected_version": 1, "command": {"type": "hide", "secret": "s", "extra": ' + nested(800) + "}}"
    response = world.client("player").post(f"/api/games/{world.game.pk}/commands/", data=body,
                                           content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "json_too_deep"
    assert events_of(world.game) == 1


def test_a_5000_level_nested_body_is_a_400_on_every_write_route(world):
    from tests.security.endpoints import fill
    from tests.security.test_access_matrix import WRITE_METHODS, api_routes

    client = world.client("league_admin")
    answers = {}
    for route, view in api_routes():
        for method in WRITE_METHODS:
            if hasattr(view, method):
                response = getattr(client, method)(fill(route, world.ids), data=nested(5000),
                                                   content_type="application/json")
                answers[f"{method.upper()} {route}"] = response.status_code
                assert response.status_code < 500, f"{method.upper()} {route}"
                if response.status_code == 400 and response["Content-Type"].startswith("application/json"):
                    assert response.json()["code"] in {"json_too_deep", "malformed_import"}, route
    assert answers["POST api/games/"] == 400 and answers["POST api/auth/token/"] == 400
    assert events_of(world.game) == 1


def test_a_lone_surrogate_in_a_command_is_refused_as_invalid_text(world):
    body = '{"expected_version": 1, "command": {"type": "hide", "secret": "\\ud800"}}'
    response = world.client("player").post(f"/api/games/{world.game.pk}/commands/", data=body,
                                           content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "invalid_text"
    assert "surrogate" in response.json()["message"]
    paired = '{"expected_version": 1, "command": {"type": "hide", "secret": "\\ud83d\\ude80"}}'
    assert world.client("player").post(f"/api/games/{world.game.pk}/commands/", data=paired,
                                       content_type="application/json").status_code == 201
