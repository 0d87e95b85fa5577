"""Correspondence clocks and vacations (docs/rules/service.md "Clocks and timeouts"; game/vacations.py):
the cap, a vacation stopping the clock and the sweep, the allowance. Time moves only by the
``clock`` fixture (tests/game/conftest.py), never by sleeping."""
from datetime import date, datetime, timedelta, timezone as dt_timezone

import pytest

from game import clocks, services, vacations
from game.models import Game, Vacation
from kernel.models import StoredEvent
from kernel.refusals import CommandRejected
from game.tasks import sweep_timeouts
from tests.conftest import client_for
from tests.doubles import RACE
from kernel.api.errors import status_of

DAY, HOUR = timedelta(days=1), timedelta(hours=1)
LIVE = clocks.preset("live")["time_control"]  # 1 day + 4 h per move, at most 3 days


def new_game(users, tc=LIVE, players=("alice", "bob")):
    return services.create_game(system_name=RACE, setup={"target": 500},
                                players={"a": users[players[0]], "b": users[players[1]]}, time_control=tc)


def roll(users, game, who):
    game.refresh_from_db()
    response = client_for(users[who]).post(f"/api/games/{game.pk}/commands/",
                                           {"expected_version": game.version, "command": {"type": "roll"}},
                                           format="json")
    assert response.status_code == 201, response.content
    game.refresh_from_db()


def bobs_turn(users, clock, tc=LIVE):
    """A game in which alice has moved one hour in: bob's clock (1 day) runs from now."""
    game = new_game(users, tc)
    clock.advance(hours=1)
    roll(users, game, "alice")
    assert game.to_move == ["b"] and game.clock["b"] == 86400
    return game


def event_types(game):
    return list(StoredEvent.objects.filter(stream=game.stream).order_by("seq").values_list("type", flat=True))


@pytest.mark.django_db
def test_the_correspondence_clock_never_exceeds_its_cap(users, clock):
    game = new_game(users, {"kind": "correspondence", "base": 86400, "increment": 86400, "cap": 36 * 3600})
    clock.advance(hours=1)
    roll(users, game, "alice")
    assert game.clock["a"] == 36 * 3600  # 23 h left + 24 h would be 47 h: capped at 36 h
    clock.advance(hours=20)
    roll(users, game, "bob")
    assert game.clock["b"] == 28 * 3600  # 4 h left + 24 h: below the cap, kept
    assert game.deadline_at == clock.now + timedelta(hours=36)  # alice's capped clock


@pytest.mark.django_db
def test_a_vacation_stops_the_clock_and_moves_the_deadline(users, clock):
    game = bobs_turn(users, clock)
    turn_started = game.turn_started_at
    assert game.deadline_at == turn_started + DAY
    clock.advance(hours=1)
    vacations.take(users["bob"], 3)
    game.refresh_from_db()
    assert game.deadline_at == turn_started + DAY + 3 * DAY
    assert event_types(game)[-1] == "VacationScheduled"
    # Past the deadline bob would have had without the vacation: the sweep leaves him alone.
    clock.advance(days=2)
    assert sweep_timeouts.apply().get() == 0
    game.refresh_from_db()
    assert game.status == "running"
    # He comes back a day early and moves one hour later: only the hours off vacation count.
    vacations.end(users["bob"])
    game.refresh_from_db()
    assert game.deadline_at == turn_started + DAY + 2 * DAY
    assert event_types(game)[-1] == "VacationEnded"
    clock.advance(hours=1)
    roll(users, game, "bob")
    assert game.clock["b"] == pytest.approx(86400 - 2 * 3600 + 4 * 3600)  # 2 h used, 4 h added


@pytest.mark.django_db
def test_the_sweep_rechecks_and_does_not_adjudicate_a_player_on_vacation(users, clock):
    game = bobs_turn(users, clock)
    vacations.take(users["bob"], 5)
    clock.advance(days=3)
    # Even a deadline stored too early (a row written before the pause) does not time him out.
    Game.objects.filter(pk=game.pk).update(deadline_at=clock.now - HOUR)
    assert sweep_timeouts.apply().get() == 0
    game.refresh_from_db()
    assert game.status == "running"
    assert not StoredEvent.objects.filter(stream=game.stream, type="TimeoutAdjudicated").exists()


@pytest.mark.django_db
def test_the_sweep_adjudicates_an_overdue_correspondence_game_of_a_player_not_on_vacation(users, clock):
    game = bobs_turn(users, clock)
    vacations.take(users["alice"], 5)  # the other player's vacation does not stop bob's clock
    game.refresh_from_db()
    assert game.deadline_at == game.turn_started_at + DAY
    clock.advance(days=1, seconds=1)
    assert sweep_timeouts.apply().get() == 1
    game.refresh_from_db()
    assert game.status == "finished"
    assert game.outcome == {"winner": "a", "loser": "b", "reason": "timeout", "forfeit": True}


@pytest.mark.django_db
def test_the_clock_runs_again_when_the_vacation_is_over(users, clock):
    game = bobs_turn(users, clock)
    vacations.take(users["bob"], 2)
    clock.advance(days=2, hours=23)  # back for 23 h: one hour left
    assert sweep_timeouts.apply().get() == 0
    clock.advance(hours=1, seconds=1)
    assert sweep_timeouts.apply().get() == 1
    game.refresh_from_db()
    assert game.outcome["loser"] == "b"


@pytest.mark.django_db
def test_a_planned_vacation_stops_the_clock_from_its_first_day(users, clock):
    game = bobs_turn(users, clock)  # bob's turn started 10 March 13:00 with 24 h
    vacations.take(users["bob"], 2, starts_on=date(2026, 3, 11))
    game.refresh_from_db()
    # 11 h run until midnight, two days off, then the 13 h left.
    assert game.deadline_at == datetime(2026, 3, 13, 13, tzinfo=dt_timezone.utc)
    assert vacations.summary(users["bob"])["vacation"]["started"] is False


@pytest.mark.django_db
def test_a_new_game_starts_with_the_vacation_of_a_player_already_away(users, clock):
    vacations.take(users["bob"], 3)
    clock.advance(hours=1)
    game = new_game(users, players=("bob", "alice"))  # bob plays a and is to move
    assert event_types(game) == ["GameCreated", "VacationScheduled"]
    assert game.deadline_at == clock.now + 3 * DAY - HOUR + DAY
    summary = client_for(users["carol"]).get(f"/api/games/{game.pk}/").json()
    assert [(v["side"], v["player"]) for v in summary["vacations"]] == [("a", "bob")]
    assert summary["vacations"][0]["until"].startswith("2026-03-13T12:00")


@pytest.mark.django_db
def test_only_correspondence_games_are_paused(users, clock):
    per_move = new_game(users, {"kind": "per-move", "seconds": 86400})
    correspondence = new_game(users)
    vacations.take(users["bob"], 3)
    assert "VacationScheduled" not in event_types(per_move)
    assert event_types(correspondence) == ["GameCreated", "VacationScheduled"]
    per_move.refresh_from_db()
    assert per_move.vacations == {}


@pytest.mark.django_db
def test_vacation_days_per_year_are_enforced_in_words(users, clock, settings):
    settings.NIGHTDUEL_VACATION_DAYS_PER_YEAR = 14
    bob = users["bob"]
    vacations.take(bob, 10)
    with pytest.raises(CommandRejected) as refused:
        vacations.take(bob, 1)
    assert refused.value.code == "vacation_exists"
    clock.advance(days=1, hours=12)
    vacations.end(bob)  # a day and a half: two days used
    assert vacations.summary(bob)["days_left"] == 12
    with pytest.raises(CommandRejected) as refused:
        vacations.take(bob, 13)
    assert (status_of(refused.value.kind), refused.value.code) == (422, "vacation_days_used_up")
    assert refused.value.message == "you have 12 vacation days left this year (of 14)"
    assert Vacation.objects.filter(user=bob).count() == 1
    vacations.take(bob, 12)
    assert vacations.summary(bob)["days_left"] == 0


@pytest.mark.django_db
def test_a_planned_vacation_cancelled_costs_nothing(users, clock):
    vacations.take(users["bob"], 5, starts_on=date(2026, 4, 1))
    assert vacations.summary(users["bob"])["days_left"] == 9
    assert vacations.end(users["bob"]) is None
    assert vacations.summary(users["bob"]) == {"days_per_year": 14, "used_days": 0, "days_left": 14,
                                               "vacation": None}


@pytest.mark.django_db
def test_vacation_api_refusals_have_codes_and_words(users, clock):
    api = client_for(users["bob"])
    assert api.post("/api/vacation/", {"days": 0}, format="json").status_code == 400
    past = api.post("/api/vacation/", {"days": 2, "starts_on": "2026-03-01"}, format="json")
    assert (past.status_code, past.json()["code"]) == (422, "vacation_in_past")
    next_year = api.post("/api/vacation/", {"days": 2, "starts_on": "2027-01-02"}, format="json")
    assert (next_year.status_code, next_year.json()["code"]) == (422, "vacation_not_this_year")
    too_long = api.post("/api/vacation/", {"days": 15}, format="json")
    assert (too_long.status_code, too_long.json()["code"]) == (422, "vacation_days_used_up")
    nothing = api.delete("/api/vacation/")
    assert (nothing.status_code, nothing.json()["code"]) == (409, "no_vacation")
    assert not Vacation.objects.exists()
    taken = api.post("/api/vacation/", {"days": 4}, format="json")
    assert taken.status_code == 201
    assert taken.json()["days_left"] == 10 and taken.json()["vacation"]["days"] == 4
    assert api.get("/api/vacation/").json()["vacation"]["started"] is True
    assert client_for().get("/api/vacation/").status_code == 401
