"""Ratings, leaderboards, leagues and seasons API (issue 6; docs/rules/service.md "Who uses it").

Writes (leagues, seasons, recompute ratings) are the league admin's; everything here is
readable by anyone ("anyone: public ... ratings").
"""
from datetime import date, timedelta

import pytest
from django.utils import timezone

from game import services
from kernel.refusals import CommandRejected
from ratings import league_table
from leagues.models import League, Season
from tournament.services import create_tournament
from tests.conftest import client_for, make_user
from tests.doubles import RACE
from tests.ratings.games import SOLO, forfeit, play, play_solo, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(db):
    return League.objects.create(name="Kammhuber Line", slug="kammhuber")


@pytest.fixture
def roles(db, users, admin_user_, league):
    organiser = make_user("olga")
    league.organisers.add(organiser)
    referee = make_user("rex")
    game = start(users["alice"], users["bob"])
    game.referees.add(referee)
    return {"league admin": admin_user_, "organiser": organiser, "referee": referee,
            "player": users["alice"], "anonymous": None}


WRITE_STATUS = {"league admin": None, "organiser": 403, "referee": 403, "player": 403, "anonymous": 401}


@pytest.mark.parametrize("role", WRITE_STATUS)
def test_only_a_league_admin_creates_leagues(roles, role):
    response = client_for(roles[role]).post("/api/leagues/", {"name": "Bomber Stream", "slug": "stream"},
                                            format="json")
    assert response.status_code == (WRITE_STATUS[role] or 201)
    assert League.objects.filter(slug="stream").exists() == (role == "league admin")
    if WRITE_STATUS[role]:
        assert set(response.json()) == {"code", "message"}


@pytest.mark.parametrize("role", WRITE_STATUS)
def test_only_a_league_admin_creates_seasons(roles, league, role):
    response = client_for(roles[role]).post(f"/api/leagues/{league.pk}/seasons/",
                                            {"name": "1943", "starts_on": "2043-01-01"}, format="json")
    assert response.status_code == (WRITE_STATUS[role] or 201)
    assert Season.objects.filter(league=league, name="1943").exists() == (role == "league admin")


@pytest.mark.parametrize("role", WRITE_STATUS)
def test_only_a_league_admin_appoints_organisers(roles, league, role):
    response = client_for(roles[role]).patch(f"/api/leagues/{league.pk}/", {"organisers": ["bob"]}, format="json")
    assert response.status_code == (WRITE_STATUS[role] or 200)
    assert league.organisers.filter(username="bob").exists() == (role == "league admin")


@pytest.mark.parametrize("role", WRITE_STATUS)
def test_only_a_league_admin_recomputes_ratings(roles, role):
    response = client_for(roles[role]).post("/api/ratings/rebuild/")
    assert response.status_code == (WRITE_STATUS[role] or 202)
    if role == "league admin":
        assert response.json()["counts"] is not None  # eager mode: ran inline


@pytest.mark.parametrize("role", WRITE_STATUS)
def test_anyone_reads_leagues_seasons_tables_and_ratings(roles, league, role):
    season = Season.objects.create(league=league, name="1944")
    client = client_for(roles[role])
    for url in ["/api/leagues/", f"/api/leagues/{league.pk}/", f"/api/leagues/{league.pk}/seasons/",
                f"/api/leagues/{league.pk}/seasons/{season.pk}/", f"/api/leagues/{league.pk}/seasons/{season.pk}/table/",
                f"/api/ratings/{RACE}/leaderboard/", f"/api/ratings/{RACE}/side-advantage/",
                f"/api/ratings/{SOLO}/solo-leaderboard/", f"/api/players/{roles['player'].pk}/ratings/"]:
        assert client.get(url).status_code == 200, url


def test_league_list_shows_organisers(roles, league):
    body = client_for(None).get("/api/leagues/").json()
    assert body == [{"id": league.pk, "name": "Kammhuber Line", "slug": "kammhuber", "organisers": ["olga"],
                     "created_at": body[0]["created_at"]}]


def test_season_validation(admin_user_, league):
    client = client_for(admin_user_)
    url = f"/api/leagues/{league.pk}/seasons/"
    bad = client.post(url, {"name": "x", "starts_on": "2044-02-01", "ends_on": "2044-01-01"}, format="json")
    assert bad.status_code == 400 and "ends_on" in bad.json()["errors"]
    assert client.post(url, {"name": "x"}, format="json").status_code == 201
    assert client.post(url, {"name": "x"}, format="json").status_code == 400
    assert client.get(f"/api/leagues/{league.pk + 1}/seasons/").status_code == 404


def test_leaderboard_ranks_by_rating(users):
    alice, bob, carol = users["alice"], users["bob"], users["carol"]
    play(alice, bob, "a")
    play(carol, bob, "a")
    play(alice, carol, "a")
    rows = client_for(None).get(f"/api/ratings/{RACE}/leaderboard/").json()
    assert [r["player"] for r in rows] == ["alice", "carol", "bob"]
    assert rows[0]["rank"] == 1 and rows[0]["wins"] == 2 and rows[0]["games"] == 2
    assert len(client_for(None).get(f"/api/ratings/{RACE}/leaderboard/?limit=1").json()) == 1


@pytest.mark.parametrize("url", ["/api/ratings/chess/leaderboard/", "/api/ratings/chess/side-advantage/",
                                 "/api/ratings/chess/solo-leaderboard/"])
def test_unknown_system_is_404(db, url):
    response = client_for(None).get(url)
    assert response.status_code == 404 and response.json()["code"] == "unknown_system"


def test_bad_limit_is_400(db):
    assert client_for(None).get(f"/api/ratings/{RACE}/leaderboard/?limit=x").json()["code"] == "malformed_query"


def test_player_ratings_with_history(users):
    alice, bob = users["alice"], users["bob"]
    game = play(alice, bob, "a")
    forfeit(start(bob, alice), loser="a")  # bob forfeits as side a
    body = client_for(None).get(f"/api/players/{alice.pk}/ratings/").json()
    (race,) = body["ratings"]
    assert (race["system"], race["games"], race["wins"]) == (RACE, 2, 2)
    assert [h["rating_before"] for h in race["history"]] == [1500.0, 1520.0]
    assert race["history"][0]["game"] == str(game.pk) and race["history"][1]["ending"] == "forfeit"
    assert race["rating"] == race["history"][-1]["rating_after"]


def test_private_games_are_not_named_in_someone_elses_history(users):
    alice, bob, carol = users["alice"], users["bob"], users["carol"]
    game = services.create_game(system_name=RACE, setup={"target": 1}, players={"a": alice, "b": bob},
                                created_by=alice, is_public=False)
    services.submit_command(game_id=game.pk, user=alice, command={"type": "roll"}, expected_version=1)
    url = f"/api/players/{alice.pk}/ratings/"
    assert client_for(carol).get(url).json()["ratings"][0]["history"][0]["game"] is None
    assert client_for(alice).get(url).json()["ratings"][0]["history"][0]["game"] == str(game.pk)


def test_side_advantage_reports_win_rates_and_both_ratings(users):
    alice, bob = users["alice"], users["bob"]
    for _ in range(3):
        play(alice, bob, "a")
        play(bob, alice, "a")
    play(alice, bob, "b")
    body = client_for(None).get(f"/api/ratings/{RACE}/side-advantage/").json()
    side_a, side_b = body["sides"]
    assert body["games"] == 7
    assert (side_a["side"], side_a["wins"], side_a["win_rate"]) == ("a", 6, pytest.approx(6 / 7))
    assert (side_b["side"], side_b["wins"]) == ("b", 1)
    assert body["fitted_offsets"]["a"] > 0 and body["fitted_offsets"]["a"] == -body["fitted_offsets"]["b"]
    assert {p["player"] for p in body["players"]} == {"alice", "bob"}
    assert all(p["rating"] is not None and p["side_adjusted_rating"] for p in body["players"])


def test_solo_leaderboard_ranks_best_scores(users):
    play_solo(users["alice"], 10)
    play_solo(users["alice"], 30)
    play_solo(users["bob"], 20)
    rows = client_for(None).get(f"/api/ratings/{SOLO}/solo-leaderboard/").json()
    assert [(r["player"], r["best_score"], r["games"]) for r in rows] == [("alice", 30.0, 2), ("bob", 20.0, 1)]
    assert rows[0]["average_score"] == 20.0


def test_season_table_counts_rated_games_in_the_season_window(users, league):
    alice, bob = users["alice"], users["bob"]
    play(alice, bob, "a")
    play(bob, alice, "a")
    today = timezone.now().date()
    current = Season.objects.create(league=league, name="now", starts_on=today, ends_on=today)
    past = Season.objects.create(league=league, name="past", starts_on=date(2000, 1, 1),
                                 ends_on=today - timedelta(days=1))
    body = client_for(None).get(f"/api/leagues/{league.pk}/seasons/{current.pk}/table/").json()
    rows = {r["player"]: r for r in body["rows"]}
    assert (rows["alice"]["games"], rows["alice"]["wins"], rows["bob"]["wins"]) == (2, 1, 1)
    assert rows["alice"]["rating"] == pytest.approx(1497.7075346495083)
    assert rows["alice"]["tournament_points"] == 0.0
    assert body["points_source"] == league_table.POINTS_UNAVAILABLE
    assert client_for(None).get(f"/api/leagues/{league.pk}/seasons/{past.pk}/table/").json()["rows"] == []


def test_schema_documents_the_ratings_endpoints(db):
    paths = client_for(None).get("/api/schema/?format=json").json()["paths"]
    for path in ["/api/ratings/{system}/leaderboard/", "/api/ratings/{system}/side-advantage/",
                 "/api/ratings/{system}/solo-leaderboard/", "/api/ratings/rebuild/", "/api/players/{player_id}/ratings/",
                 "/api/leagues/", "/api/leagues/{league}/seasons/",
                 "/api/leagues/{league}/seasons/{season_id}/table/"]:
        assert path in paths, path


def test_a_season_of_another_league_is_refused(users, league):
    other = League.objects.create(name="Other", slug="other")
    season = Season.objects.create(league=other, name="1943")
    with pytest.raises(CommandRejected) as refused:
        create_tournament(league=league, name="cup", system=RACE, format="round-robin", created_by=users["alice"],
                          season=season)
    assert refused.value.code == "season_not_in_league"


class FakeTournamentProjections:
    """Stands in for tournament.projections (bracket/standings shapes from its docstring)."""

    def __init__(self, game_ids, points):
        self.game_ids, self.points = game_ids, points

    def bracket(self, tournament):
        return {"rounds": [{"pairings": [{"games": [{"game_id": g} for g in self.game_ids]}]}]}

    def standings(self, tournament):
        return {"rows": [{"entrant": name, "points": p} for name, p in self.points.items()]}


def test_season_table_of_linked_tournaments_counts_their_games_and_points(users, league, monkeypatch):
    alice, bob, carol = users["alice"], users["bob"], users["carol"]
    in_tournament = [play(alice, bob, "a"), play(bob, alice, "b")]
    play(carol, alice, "a")  # not a tournament game: not counted
    season = Season.objects.create(league=league, name="1943")
    fake = FakeTournamentProjections([str(g.pk) for g in in_tournament], {"alice": 3, "bob": 0})
    monkeypatch.setattr(league_table, "projections", fake)
    create_tournament(league=league, name="Spring cup", system=RACE, format="round-robin", created_by=alice,
                      season=season)
    body = client_for(None).get(f"/api/leagues/{league.pk}/seasons/{season.pk}/table/").json()
    assert body["points_source"] == league_table.POINTS_FROM_TOURNAMENTS
    assert [(r["player"], r["games"], r["wins"], r["tournament_points"]) for r in body["rows"]] == [
        ("alice", 2, 2, 3.0), ("bob", 2, 0, 0.0)]
