"""API conventions every endpoint keeps (issue 13 "API tidy-ups"): JSON errors on every /api/
path even with DEBUG on, a description on every OpenAPI operation, and the site's favicon
served from our own static files."""
import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from tests.conftest import client_for


@pytest.mark.parametrize("debug", [False, True])
def test_an_unknown_api_path_answers_json_even_with_debug_on(db, settings, debug):
    settings.DEBUG = debug
    for url in ("/api/nowhere/", "/api/games/not-a-uuid/", "/api/leagues/1/seasons/x/"):
        response = client_for().get(url)
        assert response.status_code == 404, url
        assert response["Content-Type"].startswith("application/json"), url
        assert response.json()["code"] == "not_found", url
    page = Client().get("/nowhere/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html"), "pages keep HTML"


@pytest.mark.parametrize("debug", [False, True])
def test_an_api_crash_answers_json_even_with_debug_on(db, settings, monkeypatch, debug):
    settings.DEBUG = debug

    def crash():
        raise RuntimeError("a bug")

    monkeypatch.setattr("ratings.views.leagues", crash)
    response = Client(raise_request_exception=False).get("/api/leagues/")
    assert response.status_code == 500 and response["Content-Type"].startswith("application/json")
    assert response.json() == {"code": "server_error", "message": "internal error"}


def test_every_openapi_operation_has_a_description(db):
    paths = client_for().get("/api/schema/?format=json").json()["paths"]
    operations = [(method.upper(), path, op) for path, ops in paths.items() for method, op in ops.items()
                  if method in ("get", "post", "put", "patch", "delete")]
    assert len(operations) > 50
    missing = [f"{method} {path}" for method, path, op in operations if not op.get("description", "").strip()]
    assert missing == []


def test_the_favicon_is_ours(db):
    assert finders.find("favicon.svg")
    home = Client().get("/").content.decode()
    assert '<link rel="icon" href="/static/favicon.svg"' in home
    assert Client().get("/favicon.ico")["Location"] == "/static/favicon.svg"
