"""Every tournament endpoint for every role (docs/rules/service.md, "Who uses it and what they may do"):
league admin, organiser of the league, referee of the tournament, player (an entrant), another
player, anonymous. Also: the API's answers are the projections, and errors are {code, message}."""
import pytest

from tests.conftest import client_for, make_user
from tests.tournament.conftest import open_games, win_game
from tournament import services

ROLES = ("admin", "organiser", "referee", "player", "outsider", "anonymous")


@pytest.fixture
def world(league, organiser, referee):
    people = {"admin": make_user("root", is_staff=True, is_superuser=True), "organiser": organiser,
              "referee": referee, "player": make_user("p01"), "outsider": make_user("zed"), "anonymous": None}
    make_user("p02")
    t = services.create_tournament(league=league, name="Cup", system="dice-race", format="single-elimination",
                                   created_by=organiser, referees=[referee])
    for name in ("p01", "p02"):
        services.register(t.pk, name, "olga")
    return {"t": t, "people": people}


def started(world):
    services.seed(world["t"].pk, "olga")
    services.start_round(world["t"].pk, "olga")
    return next(iter(services.load_state(world["t"]).pairings.values()))


def call(world, role, method, path, data=None):
    client = client_for(world["people"][role])
    return getattr(client, method)(f"/api/{path}".format(t=world["t"].pk), data, format="json")


OK_ALL = dict.fromkeys(ROLES, 200)
ORGANISERS = {"admin": 201, "organiser": 201, "referee": 403, "player": 403, "outsider": 403, "anonymous": 401}
REFEREES = {"admin": 201, "organiser": 403, "referee": 201, "player": 403, "outsider": 403, "anonymous": 401}
TESTERS = {"admin": 201, "organiser": 201, "referee": 201, "player": 403, "outsider": 403, "anonymous": 401}
SELF = {"admin": 201, "organiser": 201, "referee": 403, "player": 201, "outsider": 403, "anonymous": 401}

READS = ["tournaments/", "tournaments/{t}/", "tournaments/{t}/events/", "tournaments/{t}/entrants/",
         "tournaments/{t}/rounds/", "tournaments/{t}/bracket/", "tournaments/{t}/standings/",
         "tournaments/{t}/penalties/", "tournaments/{t}/knowledge-tests/", "tournaments/{t}/decisions/"]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("path", READS)
def test_public_reads_are_open_to_everyone(world, role, path):
    assert call(world, role, "get", path).status_code == OK_ALL[role]


@pytest.mark.parametrize("role", ROLES)
def test_private_tournament_is_hidden_from_outsiders(world, role):
    services.change_settings(world["t"].pk, {"is_public": False}, "olga")
    expected = {"admin": 200, "organiser": 200, "referee": 200, "player": 200, "outsider": 404, "anonymous": 404}
    response = call(world, role, "get", "tournaments/{t}/bracket/")
    assert response.status_code == expected[role]
    listed = [t["id"] for t in call(world, role, "get", "tournaments/").json()]
    assert (world["t"].pk in listed) == (expected[role] == 200), "listed exactly where it may be opened"


@pytest.mark.parametrize("role", ROLES)
def test_pairing_detail_is_public(world, role):
    pairing = started(world)
    response = call(world, role, "get", f"pairings/{pairing['id']}/")
    assert response.status_code == 200 and response.json()["key"] == "W1-1"


@pytest.mark.parametrize("role", ROLES)
def test_create_tournament(world, role):
    body = {"league": "pl303", "name": "New", "system": "dice-race", "format": "swiss"}
    assert call(world, role, "post", "tournaments/", body).status_code == ORGANISERS[role]


@pytest.mark.parametrize("role", ROLES)
def test_patch_tournament(world, role):
    expected = {**ORGANISERS, "admin": 200, "organiser": 200}
    assert call(world, role, "patch", "tournaments/{t}/", {"name": "Renamed"}).status_code == expected[role]


@pytest.mark.parametrize("role", ROLES)
def test_cancel_tournament(world, role):
    expected = {**ORGANISERS, "admin": 200, "organiser": 200}
    assert call(world, role, "delete", "tournaments/{t}/", {"reason": "rain"}).status_code == expected[role]


@pytest.mark.parametrize("role", ROLES)
def test_appoint_referees_is_for_league_admins(world, role):
    expected = {"admin": 200, "organiser": 403, "referee": 403, "player": 403, "outsider": 403, "anonymous": 401}
    response = call(world, role, "put", "tournaments/{t}/referees/", {"referees": ["rita", "zed"]})
    assert response.status_code == expected[role]


@pytest.mark.parametrize("role", ROLES)
def test_register_self_or_by_organiser(world, role):
    make_user("p09")
    services.withdraw(world["t"].pk, "p01", "olga")  # so "player" can register afresh under a new name
    body = {} if role in ("player", "outsider", "referee") else {"username": "p09"}
    if role == "player":
        world["people"]["player"] = make_user("p10")
    expected = {**SELF, "outsider": 201, "referee": 201}  # anybody may enter themself
    assert call(world, role, "post", "tournaments/{t}/entrants/", body).status_code == expected[role]


@pytest.mark.parametrize("role", ROLES)
def test_register_somebody_else_needs_an_organiser(world, role):
    make_user("p09")
    expected = {**SELF, "player": 403}
    assert call(world, role, "post", "tournaments/{t}/entrants/", {"username": "p09"}).status_code == expected[role]


@pytest.mark.parametrize("role", ROLES)
def test_withdraw(world, role):
    assert call(world, role, "post", "tournaments/{t}/entrants/p01/withdraw/", {}).status_code == SELF[role]


@pytest.mark.parametrize("role", ROLES)
def test_check_in(world, role):
    assert call(world, role, "post", "tournaments/{t}/entrants/p01/check-in/").status_code == SELF[role]


@pytest.mark.parametrize("role", ROLES)
def test_seeding(world, role):
    assert call(world, role, "post", "tournaments/{t}/seeding/", {}).status_code == ORGANISERS[role]


@pytest.mark.parametrize("role", ROLES)
def test_start_round(world, role):
    services.seed(world["t"].pk, "olga")
    assert call(world, role, "post", "tournaments/{t}/rounds/").status_code == ORGANISERS[role]


@pytest.mark.parametrize("role", ROLES)
def test_knowledge_test_scores(world, role):
    body = {"entrant": "p01", "score": 17}
    assert call(world, role, "post", "tournaments/{t}/knowledge-tests/", body).status_code == TESTERS[role]


@pytest.mark.parametrize("role", ROLES)
def test_issue_penalty(world, role):
    started(world)
    body = {"entrant": "p02", "category": "stalling", "text": "slow"}
    assert call(world, role, "post", "tournaments/{t}/penalties/", body).status_code == REFEREES[role]


@pytest.mark.parametrize("role", ROLES)
def test_revoke_penalty(world, role):
    started(world)
    _, penalty = services.issue_penalty(world["t"].pk, "p02", "other", "x", "rita")
    response = call(world, role, "post", f"tournaments/{{t}}/penalties/{penalty['id']}/revoke/", {"reason": "error"})
    assert response.status_code == REFEREES[role]


@pytest.mark.parametrize("role", ROLES)
def test_referee_decision(world, role):
    pairing = started(world)
    [(_, _, game_id)] = open_games(world["t"])
    win_game(game_id, "p02")  # a dispute needs a result to dispute
    body = {"pairing_id": pairing["id"], "kind": "dispute", "reason": "claimed a misroll"}
    assert call(world, role, "post", "tournaments/{t}/decisions/", body).status_code == REFEREES[role]


def test_decision_without_reason_is_rejected(world):
    pairing = started(world)
    response = call(world, "referee", "post", "tournaments/{t}/decisions/",
                    {"pairing_id": pairing["id"], "kind": "tie", "winner": "p01"})
    assert response.status_code == 400 and response.json()["code"] == "reason_required"


def test_revocation_without_reason_is_rejected(world):
    started(world)
    _, penalty = services.issue_penalty(world["t"].pk, "p02", "other", "x", "rita")
    response = call(world, "referee", "post", f"tournaments/{{t}}/penalties/{penalty['id']}/revoke/", {})
    assert response.status_code == 400 and response.json()["code"] == "reason_required"


def test_bracket_and_standings_endpoints_serve_the_projections(world):
    pairing = started(world)
    for leg in (1, 2):
        [(_, _, game_id)] = open_games(world["t"])
        win_game(game_id, "p02")
    bracket = call(world, "anonymous", "get", "tournaments/{t}/bracket/").json()
    assert bracket["champion"] == "p02" and bracket["status"] == "finished"
    item = bracket["rounds"][0]["pairings"][0]
    assert item["id"] == pairing["id"] and item["winner"] == "p02" and len(item["games"]) == 2
    assert item["score"] == ([0, 2] if item["a"] == "p01" else [2, 0])
    standings = call(world, "anonymous", "get", "tournaments/{t}/standings/").json()
    assert [(r["entrant"], r["points"]) for r in standings["rows"]] == [("p02", 2), ("p01", 0)]  # "games" scheme: dice-race has no default
    detail = call(world, "anonymous", "get", "tournaments/{t}/").json()
    assert detail["seed"] and detail["seed_commitment"]


def test_schema_documents_the_tournament_endpoints(world):
    schema = call(world, "anonymous", "get", "schema/?format=json").json()
    for path in ("/api/tournaments/{tournament_id}/bracket/", "/api/tournaments/{tournament_id}/standings/",
                 "/api/pairings/{pairing_id}/", "/api/tournaments/{tournament_id}/penalties/"):
        assert path in schema["paths"]
