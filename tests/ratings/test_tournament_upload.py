"""Upload the day to the league (issue 30): a cup played to its end on the embedded default
(SQLite, tasks inline, in a subprocess) is exported and imported here on PostgreSQL."""
import copy
import json
import os
import subprocess
import sys
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from kernel.chain import event_hash
from game.models import Game, GameSeat
from kernel.models import StoredEvent
from ratings.missed_results import rate_missed_games
from ratings.models import PlayerRating, RatedResult
from leagues.models import League
from tests.conftest import client_for, make_user
from tests.worker import ROOT
from tournament.models import Tournament, TournamentUpload
from tournament.services import load_state
from tournament.uploads import source_head_hash

SQLITE_ENVIRONMENT = ("DATABASE_URL", "REDIS_URL")


@pytest.fixture(scope="module")
def club_day(tmp_path_factory):
    """(what the laptop saw, the exported file): ``manage.py migrate`` and tests/ratings/club_day.py
    on a fresh SQLite file, no broker."""
    folder = tmp_path_factory.mktemp("club-day")
    environment = {k: v for k, v in os.environ.items() if k not in SQLITE_ENVIRONMENT}
    environment.update(DATABASE_URL=f"sqlite:///{folder / 'laptop.sqlite3'}", DJANGO_SETTINGS_MODULE="config.settings",
                       SECRET_KEY="dev-test-key", HTTPS="0")
    run = dict(cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300)
    migrated = subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], **run)
    assert migrated.returncode == 0, migrated.stderr
    played = subprocess.run([sys.executable, "-m", "tests.ratings.club_day", str(folder / "day.json")], **run)
    assert played.returncode == 0, played.stderr
    laptop = json.loads(played.stdout.strip().splitlines()[-1])
    assert laptop["status"] == "finished"
    return laptop, (folder / "day.json").read_bytes()


@pytest.fixture
def league_server(db):
    if connection.vendor != "postgresql":
        pytest.skip("the league's server is PostgreSQL, an outside service: run with DATABASE_URL (scripts/test.sh)")
    admin = make_user("lena", is_staff=True)
    league = League.objects.create(name="Polish 303 League", slug="pl303")
    return admin, league


def upload(admin, league, body: bytes):
    return client_for(admin).post(f"/api/leagues/{league.slug}/tournament-imports/", data=body,
                                  content_type="application/json")


def counts() -> tuple:
    return (Tournament.objects.count(), StoredEvent.objects.count(), Game.objects.count(), GameSeat.objects.count(),
            RatedResult.objects.count(), list(PlayerRating.objects.order_by("player_id").values_list("rating", "games")))


def test_the_day_is_imported_with_its_standings_and_hashes_and_rated_once(club_day, league_server):
    laptop, file = club_day
    admin, league = league_server
    accounts = {name: make_user(name) for name in ("ala", "bob", "cyd", "daniel")}
    response = upload(admin, league, file)
    assert response.status_code == 201, response.json()
    tournament = Tournament.objects.get(pk=response.json()["tournament_id"])
    imported = TournamentUpload.objects.get(tournament=tournament)
    # Standings and head hashes are the laptop's.
    state = load_state(tournament)
    assert state.status == "finished"
    assert [[row.entrant, row.points] for row in state.standings_rows()] == laptop["standings"]
    assert imported.head_hash == laptop["head_hash"] == source_head_hash(imported)
    exported = json.loads(file)
    for game in exported["games"]:
        assert Game.objects.get(pk=game["stream"].removeprefix("game-")).head_hash == game["head_hash"]
    # A name alone matches nobody: "bob" here is not seated until he claims, nothing is rated.
    assert not GameSeat.objects.filter(game__pairing_link__pairing__tournament=tournament).exists()
    # Beat's missed-results pass (or a rebuild) meanwhile records them as not rated, nothing more.
    rate_missed_games(finished_before=timezone.now() + timedelta(hours=1))
    assert set(RatedResult.objects.values_list("kind", flat=True)) == {RatedResult.Kind.NOT_RATED}
    for name in ("ala", "bob", "cyd"):
        assert client_for(accounts[name]).post(f"/api/tournaments/{tournament.pk}/claim-entrant/").status_code == 200
    exported = json.loads(file)
    with_dan = {g["stream"].removeprefix("game-") for g in exported["games"]
                if "dan" in g["events"][0]["payload"]["players"].values()}
    assert with_dan and len(with_dan) < len(exported["games"])
    rated = {str(game_id) for game_id in RatedResult.objects.exclude(kind=RatedResult.Kind.NOT_RATED)
             .values_list("game_id", flat=True)}
    assert rated == {g["stream"].removeprefix("game-") for g in exported["games"]} - with_dan, \
        "dan's games wait for dan"
    mapped = client_for(admin).post(f"/api/tournaments/{tournament.pk}/entrants/dan/map/", {"account": "daniel"},
                                    format="json")
    assert mapped.status_code == 200, mapped.json()
    games = len(exported["games"])
    assert RatedResult.objects.filter(kind=RatedResult.Kind.ELO).count() == games == RatedResult.objects.count()
    assert sum(PlayerRating.objects.values_list("games", flat=True)) == 2 * games
    assert PlayerRating.objects.get(player=accounts["daniel"]).games > 0

    before = counts()
    again = upload(admin, league, file)
    assert again.status_code == 200 and again.json()["created"] is False
    assert again.json()["tournament_id"] == tournament.pk
    claimed_twice = client_for(accounts["ala"]).post(f"/api/tournaments/{tournament.pk}/claim-entrant/")
    assert claimed_twice.status_code == 409
    assert counts() == before


def test_a_file_with_one_edited_event_is_refused_naming_it(club_day, league_server):
    _laptop, file = club_day
    admin, league = league_server
    before = counts()
    edited = json.loads(file)
    game = edited["games"][1]
    event = game["events"][4]
    event["payload"] = {**event["payload"], "edited": True}
    response = upload(admin, league, json.dumps(edited).encode())
    assert response.status_code == 422
    body = response.json()
    assert (body["code"], body["stream"], body["seq"]) == ("upload_rejected", game["stream"], event["seq"])
    assert game["stream"] in body["message"] and f"event {event['seq']}" in body["message"]
    assert counts() == before


def rechained(stream: dict) -> None:
    previous = None
    for e in stream["events"]:
        e["hash"] = previous = event_hash(stream["stream"], e["seq"], e["type"], e["payload"], e["visibility"],
                                          e["dice"], e["command"], previous)
    stream["head_hash"] = previous


def test_a_result_rechained_to_look_whole_is_refused_naming_it(club_day, league_server):
    """An edited result with every hash recomputed: the chain holds, the result's game does not agree."""
    _laptop, file = club_day
    admin, league = league_server
    edited = json.loads(file)
    tournament = edited["tournament"]
    result = next(e for e in tournament["events"] if e["type"] == "GameResultRecorded")
    result["payload"]["winner"], result["payload"]["loser"] = result["payload"]["loser"], result["payload"]["winner"]
    rechained(tournament)
    edited["head_hash"] = tournament["head_hash"]
    response = upload(admin, league, json.dumps(edited).encode())
    assert response.status_code == 422
    assert (response.json()["stream"], response.json()["seq"]) == (tournament["stream"], result["seq"])
    assert "does not agree" in response.json()["message"]
    assert Tournament.objects.count() == 0


def test_a_game_rechained_after_an_edit_is_refused_by_its_rules(club_day, league_server):
    _laptop, file = club_day
    admin, league = league_server
    edited = copy.deepcopy(json.loads(file))
    game = edited["games"][0]
    move = next(e for e in game["events"] if e["command"] is not None)
    move["command"] = {**move["command"], "type": "no-such-command"}
    rechained(game)
    response = upload(admin, league, json.dumps(edited).encode())
    assert response.status_code == 422
    assert (response.json()["stream"], response.json()["seq"]) == (game["stream"], move["seq"])


def test_only_a_league_admin_imports(club_day, league_server):
    _laptop, file = club_day
    _admin, league = league_server
    assert upload(make_user("olga"), league, file).status_code == 403
    assert Tournament.objects.count() == 0
