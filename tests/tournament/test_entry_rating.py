"""Seeding by rating uses the real rating (issue 13; docs/rules/service.md "Tournaments": single
elimination seeded by rating; "Ratings": Elo per game system, start 1500).

An entrant registers with their current Elo in the tournament's game system; an unrated player
with the start rating, marked provisional. A rating in another system does not count."""
import pytest

from ratings.models import PlayerRating
from tests.conftest import client_for, make_user
from tests.doubles import RACE
from tournament import services

from .conftest import new_tournament


def rate(user, system: str, rating: float) -> None:
    PlayerRating.objects.create(system=system, player=user, rating=rating, peak=rating, games=10, wins=5,
                                draws=0, losses=5)


@pytest.fixture
def field(db):
    users = {name: make_user(name) for name in ("ace", "bee", "cub", "dot", "eve")}
    rate(users["ace"], RACE, 1538.0)
    rate(users["bee"], RACE, 1620.5)
    rate(users["dot"], "303", 1700.0)  # rated, but in another game: unrated here
    rate(users["eve"], RACE, 1490.0)
    return users


def test_entrants_register_with_their_elo_in_the_tournaments_system_and_seed_by_it(league, organiser, field):
    cup = new_tournament(league, organiser, fmt="single-elimination", scoring_scheme="games")
    olga = client_for(organiser)
    for name in ("ace", "bee", "cub", "dot"):
        assert olga.post(f"/api/tournaments/{cup.pk}/entrants/", {"username": name}, format="json").status_code == 201
    assert client_for(field["eve"]).post(f"/api/tournaments/{cup.pk}/entrants/", {}, format="json").status_code == 201
    entrants = {e["entrant"]: (e["rating"], e["provisional"])
                for e in olga.get(f"/api/tournaments/{cup.pk}/entrants/").json()}
    assert entrants == {"ace": (1538.0, False), "bee": (1620.5, False), "cub": (1500.0, True),
                        "dot": (1500.0, True), "eve": (1490.0, False)}

    seeded = olga.post(f"/api/tournaments/{cup.pk}/seeding/", {}, format="json").json()["seeds"]
    assert seeded[:2] == ["bee", "ace"] and set(seeded[2:4]) == {"cub", "dot"} and seeded[4] == "eve"
    rows = {r["entrant"]: r["rating"] for r in olga.get(f"/api/tournaments/{cup.pk}/standings/").json()["rows"]}
    assert rows["ace"] == 1538.0 and rows["eve"] == 1490.0


def test_an_organisers_explicit_rating_is_taken_as_given(league, organiser, field):
    cup = new_tournament(league, organiser, fmt="swiss")
    services.register(cup.pk, "cub", "olga", rating=1810)
    assert services.load_state(cup).entrants["cub"] == {
        "rating": 1810, "provisional": False, "late": False, "withdrawn": False, "checked_in": False,
        "registered_round": 0}


def test_seeding_by_lot_ignores_ratings_and_records_the_lot(league, organiser, field):
    cup = new_tournament(league, organiser, fmt="swiss")
    for name in field:
        services.register(cup.pk, name, "olga")
    olga = client_for(organiser)
    refused = olga.post(f"/api/tournaments/{cup.pk}/seeding/", {"method": "manual"}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "seeding_mismatch"
    seeded = olga.post(f"/api/tournaments/{cup.pk}/seeding/", {"method": "lot"}, format="json")
    assert seeded.status_code == 201
    event = olga.get(f"/api/tournaments/{cup.pk}/events/").json()["events"][-1]
    assert event["payload"]["method"] == "lot"
    lot = event["payload"]["lot"]
    assert event["payload"]["order"] == sorted(field, key=lambda name: lot[name])


@pytest.mark.parametrize("rating", [-5, 99999999, "nan"])
def test_an_impossible_rating_is_refused_through_the_api_and_decides_nothing(league, organiser, field, rating):
    cup = new_tournament(league, organiser, fmt="swiss")
    olga = client_for(organiser)
    r = olga.post(f"/api/tournaments/{cup.pk}/entrants/", {"username": "ace", "rating": rating}, format="json")
    assert r.status_code == 400 and r.json()["code"] in ("invalid_rating", "invalid"), r.json()
    assert olga.get(f"/api/tournaments/{cup.pk}/entrants/").json() == []
    assert olga.post(f"/api/tournaments/{cup.pk}/entrants/", {"username": "ace", "rating": 0},
                     format="json").status_code == 201
