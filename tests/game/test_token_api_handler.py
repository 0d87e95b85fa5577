"""Token-authenticated API requests take the lean handler (config/api_handler.py, issue 18) and
answer exactly as the full middleware stack does: same status, body, security headers and
language; everything else still takes the full stack."""
import io
import json
import sys

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from rest_framework.authtoken.models import Token

from config.api_handler import is_token_api
from config.wsgi import application
from kernel.models import StoredEvent
from tests.game.test_token_cache import race as running_race

SECURITY_HEADERS = ("X-Content-Type-Options", "Referrer-Policy", "Cross-Origin-Opener-Policy", "X-Frame-Options",
                    "Content-Security-Policy", "Content-Language")


@pytest.fixture
def through_wsgi():
    """As Django's test client does: keep the request signals from closing the test's connection."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def call(app, method: str, path: str, body=None, **headers) -> tuple[int, dict, bytes]:
    data = b"" if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    environ = {
        "REQUEST_METHOD": method, "PATH_INFO": path, "SCRIPT_NAME": "", "QUERY_STRING": "",
        "SERVER_NAME": "testserver", "SERVER_PORT": "80", "SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": "testserver",
        "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(data)), "wsgi.input": io.BytesIO(data),
        "wsgi.errors": sys.stderr, "wsgi.url_scheme": "http", "wsgi.version": (1, 0), "wsgi.multithread": False,
        "wsgi.multiprocess": True, "wsgi.run_once": False,
        **{"HTTP_" + name.upper(): value for name, value in headers.items()},
    }
    started = {}
    response = app(environ, lambda status, hdrs, exc_info=None: started.update(
        status=int(status[:3]), headers=dict(hdrs)))
    try:
        content = b"".join(response)
    finally:
        response.close()
    return started["status"], started["headers"], content


@pytest.fixture
def race(users):
    return running_race(users)


def token(user) -> str:
    return "Token " + Token.objects.get_or_create(user=user)[0].key


def test_only_api_requests_with_a_token_take_the_lean_handler():
    assert is_token_api("/api/games/x/commands/", "Token abc")
    assert is_token_api("/api/games/", "token abc")  # DRF reads the keyword case-insensitively
    assert not is_token_api("/games/x/", "Token abc")
    assert not is_token_api("/api/games/", "")
    assert not is_token_api("/api/games/", "Basic YTpi")


def test_a_command_and_its_refusals_answer_as_through_the_full_stack(users, race, through_wsgi):
    full = WSGIHandler()
    alice, bob = token(users["alice"]), token(users["bob"])
    status, headers, content = call(application, "POST", f"/api/games/{race.pk}/commands/",
                                    {"expected_version": 1, "command": {"type": "roll"}},
                                    authorization=alice, idempotency_key="k-1")
    assert status == 201 and json.loads(content)["version"] == 2
    assert "Cookie" not in headers.get("Vary", "")  # no session middleware ran
    assert all(name in headers for name in SECURITY_HEADERS), headers
    again = call(application, "POST", f"/api/games/{race.pk}/commands/",
                 {"expected_version": 1, "command": {"type": "roll"}}, authorization=alice, idempotency_key="k-1")
    assert (again[0], again[2]) == (201, content)  # the first answer, nothing appended twice
    assert StoredEvent.objects.filter(stream=race.stream).count() == 2

    refusals = [
        ("POST", f"/api/games/{race.pk}/commands/", {"expected_version": 1, "command": {"type": "roll"}}, bob),
        ("POST", f"/api/games/{race.pk}/commands/", {"expected_version": 2, "command": {"type": "roll"}}, alice),
        ("POST", f"/api/games/{race.pk}/commands/", {"expected_version": 2, "command": {"type": "roll"}},
         "Token not-a-token"),
        ("POST", f"/api/games/{race.pk}/commands/", b"{not json", bob),
        ("POST", f"/api/games/{race.pk}/commands/", b"x" * 70_000, bob),
        ("POST", f"/api/games/{race.pk}/commands/", b"[" * 5000 + b"]" * 5000, bob),  # json_too_deep
        ("POST", f"/api/games/{race.pk}/commands/",
         b'{"expected_version": 2, "command": {"type": "hide", "secret": "\\ud800"}}', bob),  # invalid_text
        ("POST", f"/api/games/{race.pk}/commands/", {"expected_version": 2, "command": {"type": "roll", "x": 1}}, bob),
        ("GET", "/api/no-such-endpoint/", None, bob),
        ("DELETE", f"/api/games/{race.pk}/commands/", None, bob),
    ]
    for method, path, body, authorization in refusals:
        for language in ("en-gb", "pl"):
            lean = call(application, method, path, body, authorization=authorization, accept_language=language)
            usual = call(full, method, path, body, authorization=authorization, accept_language=language)
            assert lean[0] == usual[0] >= 400, (path, body, lean, usual)
            assert lean[2] == usual[2], (path, body, lean, usual)
            assert json.loads(lean[2])["code"] and json.loads(lean[2])["message"]
            assert all(lean[1].get(name) == usual[1].get(name) for name in SECURITY_HEADERS), (path, lean, usual)
            if lean[0] != 413:  # an oversize body is refused before any language is chosen
                assert lean[1]["Content-Language"] == language
    assert StoredEvent.objects.filter(stream=race.stream).count() == 2


def test_a_language_chosen_by_one_request_does_not_stay_for_the_next(users, race, through_wsgi):
    bob = token(users["bob"])
    polish = call(application, "POST", f"/api/games/{race.pk}/commands/",
                  {"expected_version": 9, "command": {"type": "roll"}}, authorization=bob, accept_language="pl")
    plain = call(application, "POST", f"/api/games/{race.pk}/commands/",
                 {"expected_version": 9, "command": {"type": "roll"}}, authorization=bob)
    assert polish[1]["Content-Language"] == "pl" and plain[1]["Content-Language"] == "en-gb"
