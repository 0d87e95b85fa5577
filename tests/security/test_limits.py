"""Rate limits and request size limits (issue 9 "Security"; README "Two commands").

Rates are lowered for the test on the throttle class (DRF reads ``DEFAULT_THROTTLE_RATES``
once, at import). A throttled or oversize request appends nothing.
"""
import json

import pytest
from rest_framework.throttling import SimpleRateThrottle

from game.models import StoredEvent
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
    body = json.dumps({"expected_version": 1, "command": {"type": "roll", "note": "x" * padding}})
    response = world.client("player").post(f"/api/games/{world.game.pk}/commands/", data=body,
                                           content_type="application/json")
    assert response.status_code == status, response.content
    if status == 413:
        assert response.json()["code"] == "payload_too_large"
        assert events_of(world.game) == 1
