"""Who may do what (service.md "Who uses it and what they may do"; issue 9 "Security").

Every API endpoint is enumerated from the URL resolver, so a new endpoint is covered the day it
lands: for every role and method, no 5xx, no anonymous write succeeds (only the token login
is open), refusals are ``{code, message}``. The game endpoints are then held to the exact
matrix for a private running game.
"""
import pytest

from game.models import StoredEvent
from tests.security.endpoints import fill, routes
from tests.security.roles import ROLES

OPEN_WRITES = {"api/auth/token/"}
WRITE_METHODS = ("post", "put", "patch", "delete")
METHODS = ("get",) + WRITE_METHODS


def api_routes():
    """``(route, view class)`` of every class-based API endpoint."""
    return sorted({(r, v.view_class) for r, v in routes() if r.startswith("api/") and hasattr(v, "view_class")
                   and r not in {"api/schema/", "api/docs/"}}, key=lambda rv: rv[0])


def test_the_resolver_yields_the_game_endpoints():
    found = {r for r, _ in api_routes()}
    assert {"api/games/", "api/games/<uuid:game_id>/commands/", "api/auth/token/"} <= found


@pytest.mark.parametrize("role", ROLES)
def test_every_endpoint_refuses_cleanly_and_never_fails(world, role):
    client = world.client(role)
    for route, view in api_routes():
        url = fill(route, world.game.pk)
        for method in METHODS:
            if not hasattr(view, method):
                continue
            response = getattr(client, method)(url, {}, format="json")
            where = f"{method.upper()} {url} as {role}"
            assert response.status_code < 500, where
            if role == "anonymous" and method in WRITE_METHODS and route not in OPEN_WRITES:
                # Refused one way or another (401/403, or 404/400 from an app that looks first): never done.
                assert not 200 <= response.status_code < 300, where
            if response.status_code in (401, 403, 404) and response["Content-Type"].startswith("application/json"):
                body = response.json()
                assert isinstance(body, dict) and {"code", "message"} <= set(body), where


# A private running game: players see it; referees and league admins see everything but move
# for nobody; everybody else is told it does not exist.
GAME_MATRIX = {
    # (method, path under the game)        anonymous other_player referee organiser league_admin player
    ("get", ""):                           (404, 404, 200, 404, 200, 200),
    ("get", "events/"):                    (404, 404, 200, 404, 200, 200),
    ("get", "replay/"):                    (404, 404, 409, 404, 409, 409),
    ("get", "export/"):                    (404, 404, 409, 404, 409, 409),
    ("post", "commands/"):                 (401, 404, 403, 404, 403, 201),
}
MATRIX_ROLES = ("anonymous", "other_player", "referee", "organiser", "league_admin", "player")


@pytest.mark.parametrize("method, path", sorted(GAME_MATRIX))
@pytest.mark.parametrize("role", MATRIX_ROLES)
def test_a_private_running_game_answers_each_role_as_the_matrix_says(world, role, method, path):
    expected = GAME_MATRIX[(method, path)][MATRIX_ROLES.index(role)]
    url = f"/api/games/{world.game.pk}/{path}"
    body = {"expected_version": 1, "command": {"type": "roll"}} if method == "post" else None
    response = getattr(world.client(role), method)(url, body, format="json")
    assert response.status_code == expected, response.content
    appended = StoredEvent.objects.filter(stream=world.game.stream).count() - 1
    assert appended == (1 if expected == 201 else 0), "only the player's own command is stored"


@pytest.mark.parametrize("role, expected", [("anonymous", 401), ("other_player", 403), ("referee", 403),
                                            ("organiser", 403), ("player", 201), ("league_admin", 201)])
def test_only_a_player_of_the_new_game_or_a_league_admin_creates_it(world, role, expected):
    response = world.client(role).post("/api/games/", {"system": "dice-race",
                                                       "players": {"a": "alice", "b": "bob"}}, format="json")
    assert response.status_code == expected, response.content


@pytest.mark.parametrize("role, expected", [("anonymous", 401), ("player", 403), ("organiser", 403),
                                            ("league_admin", 201)])
def test_only_a_league_admin_creates_leagues(world, role, expected):
    response = world.client(role).post("/api/leagues/", {"name": f"League of {role}", "slug": f"l-{role}"},
                                       format="json")
    assert response.status_code == expected, response.content


def test_the_listing_shows_a_private_game_only_to_its_players_referees_and_league_admins(world):
    def listed(role):
        return str(world.game.pk) in world.client(role).get("/api/games/").content.decode()

    assert [listed(r) for r in ROLES] == [False, True, False, False, False, True]
