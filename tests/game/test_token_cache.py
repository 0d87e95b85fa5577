"""Token authentication served from the cache, revoked at once (issue 18 "token lookups cached
with immediate revocation"): a move then needs no token query, and a deleted token, a deleted
user or a deactivated user is refused on the very next request — also through Redis, the cache
every web process shares."""
import os

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

from game import services
from kernel.models import StoredEvent
from kernel.api.token_cache import token_cache_key
from tests.conftest import client_for
from tests.doubles import RACE


@pytest.fixture(params=["locmem", "redis"])
def shared_cache(request, settings):
    """The embedded default's cache and, when it answers, the production one (Redis)."""
    if request.param == "redis":
        url = os.environ.get("REDIS_URL")
        if not url:
            pytest.skip("needs Redis, an outside service (set REDIS_URL)")
        settings.CACHES = {"default": {"BACKEND": "config.redis_cache.PooledRedisCache", "LOCATION": url,
                                       "KEY_PREFIX": "test-token-cache"}}
    cache.clear()
    yield request.param
    cache.clear()


def roll(client, game, version):
    return client.post(f"/api/games/{game.pk}/commands/", {"expected_version": version,
                                                          "command": {"type": "roll"}}, format="json")


def race(users):
    return services.create_game(system_name=RACE, setup={"target": 1000}, players={"a": users["alice"],
                                                                                  "b": users["bob"]})


def test_a_known_token_is_not_looked_up_again_and_the_cache_holds_only_its_digest(users, shared_cache):
    game = race(users)
    alice = client_for(users["alice"])
    key = Token.objects.get(user=users["alice"]).key
    assert roll(alice, game, 1).status_code == 201
    assert cache.get(token_cache_key(key)) == users["alice"]
    assert key not in token_cache_key(key)
    bob = client_for(users["bob"])
    with CaptureQueriesContext(connection) as queries:
        assert roll(bob, game, 2).status_code == 201  # bob's first: looked up once
        assert roll(alice, game, 3).status_code == 201
    assert sum("authtoken_token" in q["sql"] for q in queries.captured_queries) == 1


@pytest.mark.parametrize("revoke", ["delete the token", "delete the user", "deactivate the user"])
def test_a_revoked_token_is_refused_on_the_very_next_request(users, shared_cache, revoke):
    game = race(users)
    alice = client_for(users["alice"])
    assert roll(alice, game, 1).status_code == 201  # now cached
    if revoke == "delete the token":
        Token.objects.filter(user=users["alice"]).delete()
    elif revoke == "delete the user":
        game.seats.filter(user=users["alice"]).delete()  # seats protect their user
        users["alice"].delete()
    else:
        users["alice"].is_active = False
        users["alice"].save()
    assert roll(alice, game, 2).status_code == 401
    assert StoredEvent.objects.filter(stream=game.stream).count() == 2  # nothing appended


def test_a_login_does_not_drop_the_cached_token(users, shared_cache):
    from django.contrib.auth.models import update_last_login

    game = race(users)
    alice = client_for(users["alice"])
    assert roll(alice, game, 1).status_code == 201
    update_last_login(None, users["alice"])
    assert cache.get(token_cache_key(Token.objects.get(user=users["alice"]).key)) is not None


# -- the cache down ----------------------------------------------------------------------------------
@pytest.fixture
def own_redis(settings, tmp_path):
    """A ``redis-server`` of this test's own on a free port (never the shared one), as the cache;
    the test stops it with ``stop()``."""
    import shutil
    import socket
    import subprocess
    import time

    if shutil.which("redis-server") is None:
        pytest.skip("needs the redis-server program (an outside service)")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                               "--dir", str(tmp_path)], stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.05)
    shared = settings.CACHES
    settings.CACHES = {"default": {"BACKEND": "config.redis_cache.PooledRedisCache",
                                   "LOCATION": f"redis://127.0.0.1:{port}/0"}}

    def stop():
        server.kill()
        server.wait(10)

    yield stop
    if server.poll() is None:
        stop()
    settings.CACHES = shared  # before the suite's own fixtures clear the cache


def test_while_redis_is_down_token_requests_answer_a_clean_503_and_store_nothing(users, own_redis):
    game = race(users)
    alice = client_for(users["alice"])
    assert roll(alice, game, 1).status_code == 201  # the token's user is now in the cache
    own_redis()
    for response in (roll(client_for(users["bob"]), game, 2), roll(alice, game, 3),
                     client_for().post("/api/auth/token/", {"username": "bob", "password": "pw-bob"},
                                       format="json")):
        assert response.status_code == 503, response.content
        assert response.json()["code"] == "service_unavailable" and response["Retry-After"]
    assert StoredEvent.objects.filter(stream=game.stream).count() == 2


# -- one round trip for the token and the throttle ---------------------------------------------------
@pytest.fixture
def redis_round_trips(monkeypatch):
    """How many times this process has written to Redis and waited for the answer: a pipeline or
    a script is one, whatever it does (redis-py sends each in one packed write)."""
    from redis.connection import AbstractConnection

    sent = []
    real = AbstractConnection.send_packed_command

    def counted(self, command, check_health=True):
        sent.append(command)
        return real(self, command, check_health)

    monkeypatch.setattr(AbstractConnection, "send_packed_command", counted)
    return sent


@pytest.fixture
def redis_cache(settings):
    url = os.environ.get("REDIS_URL")
    if not url:
        pytest.skip("needs Redis, an outside service (set REDIS_URL)")
    settings.CACHES = {"default": {"BACKEND": "config.redis_cache.PooledRedisCache", "LOCATION": url,
                                   "KEY_PREFIX": "test-round-trips"}}
    cache.clear()
    yield cache
    cache.clear()


def test_a_token_command_costs_one_redis_round_trip_that_reads_the_token_and_counts_the_throttle(
        users, redis_cache, redis_round_trips):
    from kernel.api.token_cache import token_digest

    game = race(users)
    alice = client_for(users["alice"])
    key = Token.objects.get(user=users["alice"]).key
    assert roll(alice, game, 1).status_code == 201  # a miss: looked up, then cached (more trips)
    redis_round_trips.clear()
    assert roll(alice, game, 2).status_code == 422  # not her turn: refused after authenticating
    assert roll(alice, game, 2).status_code == 422
    assert len(redis_round_trips) == 2, "one round trip per command"
    redis = redis_cache._cache.get_client()
    [window] = redis.scan_iter(f"*throttle_commands_token-{token_digest(key)}:*")
    assert int(redis.get(window)) == 3, "every command counted, by the token's digest"


def test_a_session_command_is_still_counted_per_user(users, redis_cache, monkeypatch):
    from rest_framework.test import APIClient
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"commands": "2/min"})
    game = race(users)
    browser = APIClient(enforce_csrf_checks=False)
    browser.force_login(users["alice"])
    assert [roll(browser, game, 2).status_code for _ in range(2)] == [409, 409]  # stale: still counted
    assert roll(browser, game, 2).status_code == 429
    redis = redis_cache._cache.get_client()
    [window] = redis.scan_iter(f"*throttle_commands_{users['alice'].pk}:*")
    assert int(redis.get(window)) == 3
