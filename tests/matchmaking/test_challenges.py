"""Challenges and seeks through the service the pages and the API share: the game they start,
what is refused (nothing stored), expiry on a clock the test moves, rematch."""
from datetime import timedelta

import pytest
from django.utils import timezone

from game import clocks
from game.models import Game
from kernel.refusals import CommandRejected
from matchmaking import services
from matchmaking.models import Challenge
from notifications.models import Notification
from tests.conftest import make_user

from .conftest import DUEL, TWO_RULES_ONE_EXPANSION
from kernel.api.errors import status_of

pytestmark = pytest.mark.django_db
FAST = clocks.preset("fast")["time_control"]


def challenge(players, **extra):
    options = {"challenger": players["alice"], "system": DUEL, "setup": TWO_RULES_ONE_EXPANSION,
               "seats": {"british": players["alice"], "german": players["bob"]}, "time_control": FAST, **extra}
    return services.propose(**options)


def refusal(call) -> CommandRejected:
    with pytest.raises(CommandRejected) as caught:
        call()
    return caught.value


def test_accepting_starts_the_game_with_the_challenge_settings_and_tells_both(players):
    made = challenge(players)
    assert Notification.objects.filter(user=players["bob"], kind="challenge_received").count() == 1
    assert made.pace == "fast" and made.status == Challenge.Status.OPEN
    started = services.accept(made.pk, players["bob"])
    game = Game.objects.get(pk=started.game_id)
    assert started.status == Challenge.Status.STARTED
    assert {s.side: s.user.username for s in game.seats.all()} == {"british": "alice", "german": "bob"}
    assert game.setup == TWO_RULES_ONE_EXPANSION and game.time_control == FAST and game.rated
    assert Notification.objects.get(user=players["alice"], kind="challenge_answered").url == f"/games/{game.pk}/"
    assert services.accept(made.pk, players["bob"]).game_id == game.pk  # a second yes starts nothing new
    assert Game.objects.count() == 1


def test_random_sides_seat_both_players(players):
    made = challenge(players, random_sides=True)
    game = Game.objects.get(pk=services.accept(made.pk, players["bob"]).game_id)
    assert {s.user.username for s in game.seats.all()} == {"alice", "bob"}


@pytest.mark.parametrize("seats, code, field", [
    (lambda p: {"british": p["alice"], "german": p["alice"]}, "challenge_yourself", "players.german"),
    (lambda p: {"british": p["alice"], "german": p["ghost"]}, "inactive_player", "players.german"),
    (lambda p: {"british": p["bob"], "german": p["carol"]}, "not_a_player", "players"),
])
def test_players_refused_beside_their_seat_and_nothing_stored(players, seats, code, field):
    rejected = refusal(lambda: challenge(players, seats=seats(players)))
    assert (rejected.code, list(rejected.extra["errors"])) == (code, [field])
    assert not Challenge.objects.exists() and not Notification.objects.exists()


def test_a_player_in_two_seats_of_a_night_is_refused(players):
    seats = {"british": players["alice"], "german1": players["bob"], "german2": players["bob"]}
    rejected = refusal(lambda: challenge(players, setup={"players": 3}, seats=seats))
    assert rejected.code == "seat_twice" and list(rejected.extra["errors"]) == ["players.german2"]
    assert not Challenge.objects.exists()


def test_an_option_combination_the_engine_refuses_is_worded_beside_the_option(players):
    rejected = refusal(lambda: challenge(players, setup={"acoustic_mirror": True}))
    assert rejected.code == "acoustic_mirror_requires_advanced_rules" and status_of(rejected.kind) == 422
    assert list(rejected.extra["errors"]) == ["setup.acoustic_mirror"]
    assert "“Expansion: acoustic mirror (§9.8)” needs “Advanced rule 4: medals (§7.5)”" in rejected.message
    assert not Challenge.objects.exists()


def test_all_seats_of_a_five_player_night(players):
    seats = {"british": players["alice"], "german1": players["bob"], "german2": players["carol"],
             "german3": players["dave"], "german4": None}
    assert refusal(lambda: challenge(players, setup={"players": 5}, seats=seats)).code == "player_missing"
    seats["german4"] = make_user("erin")
    made = challenge(players, setup={"players": 5}, seats=seats)
    for name in ("bob", "carol", "dave"):
        assert services.accept(made.pk, players[name]).game_id is None
    game = Game.objects.get(pk=services.accept(made.pk, seats["german4"]).game_id)
    assert game.seats.count() == 5


@pytest.mark.parametrize("close, code", [
    (lambda ch, p: services.cancel(ch.pk, p["alice"]), "challenge_cancelled"),
    (lambda ch, p: services.decline(ch.pk, p["bob"]), "challenge_declined"),
])
def test_a_closed_challenge_cannot_be_accepted(players, close, code):
    made = challenge(players)
    close(made, players)
    rejected = refusal(lambda: services.accept(made.pk, players["bob"]))
    assert (status_of(rejected.kind), rejected.code) == (409, code)
    assert not Game.objects.exists()


def test_a_challenge_expires_and_the_sweep_marks_it(players):
    start = timezone.now()
    made = challenge(players, now=start)
    later = start + services.CHALLENGE_LIFETIME + timedelta(seconds=1)
    assert refusal(lambda: services.accept(made.pk, players["bob"], now=later)).code == "challenge_expired"
    assert services.expire_due(now=start + timedelta(days=1)) == 0
    assert services.expire_due(now=later) == 1
    assert Challenge.objects.get(pk=made.pk).status == Challenge.Status.EXPIRED
    assert not Game.objects.exists()


def test_only_the_challenger_cancels_and_only_the_invited_answer(players):
    made = challenge(players)
    assert refusal(lambda: services.cancel(made.pk, players["bob"])).code == "not_challenger"
    assert refusal(lambda: services.accept(made.pk, players["alice"])).code == "own_challenge"
    assert refusal(lambda: services.accept(made.pk, players["carol"])).code == "challenge_not_found"


def test_a_challenge_is_seen_by_its_players_only_and_a_seek_by_everybody_while_open(players):
    made = challenge(players)
    seek = services.open_seek(challenger=players["carol"], system="303", setup={}, time_control=FAST)
    assert set(services.visible_challenges(players["carol"])) == {seek}
    assert set(services.visible_challenges(players["bob"])) == {made, seek}
    services.join(seek.pk, players["dave"])
    assert set(services.visible_challenges(players["bob"])) == {made}
    assert set(services.visible_challenges(players["dave"])) == {Challenge.objects.get(pk=seek.pk)}


def test_joining_a_seek_starts_the_game_and_its_owner_may_not_join(players):
    seek = services.open_seek(challenger=players["carol"], system="303", setup={}, side="raf", time_control=FAST)
    rejected = refusal(lambda: services.join(seek.pk, players["carol"]))
    assert (status_of(rejected.kind), rejected.code) == (422, "own_seek")
    joined = services.join(seek.pk, players["dave"])
    game = Game.objects.get(pk=joined.game_id)
    assert {s.side: s.user.username for s in game.seats.all()} == {"raf": "carol", "luftwaffe": "dave"}
    assert Notification.objects.filter(user=players["carol"], kind="challenge_answered").exists()


def test_a_seek_refuses_a_rating_outside_its_range_and_expires(players):
    start = timezone.now()
    seek = services.open_seek(challenger=players["carol"], system="303", setup={}, rating_min=1600, now=start)
    assert refusal(lambda: services.join(seek.pk, players["dave"], now=start)).code == "rating_out_of_range"
    open_one = services.open_seek(challenger=players["carol"], system="303", setup={}, now=start)
    later = start + services.SEEK_LIFETIME + timedelta(minutes=1)
    assert refusal(lambda: services.join(open_one.pk, players["dave"], now=later)).code == "challenge_expired"
    assert services.expire_due(now=later) == 2
    again = services.seek_again(open_one.pk, players["carol"])
    assert again.is_seek and again.status == Challenge.Status.OPEN and again.pk != open_one.pk


def test_rematch_swaps_sides_keeps_the_options_and_is_offered_once(players):
    game = Game.objects.get(pk=services.accept(challenge(players).pk, players["bob"]).game_id)
    assert refusal(lambda: services.rematch(game.pk, players["bob"])).code == "game_running"
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    offer = services.rematch(game.pk, players["bob"])
    assert services.rematch(game.pk, players["alice"]) == offer
    assert refusal(lambda: services.rematch(game.pk, players["carol"])).code == "not_a_player"  # she may watch it
    second = Game.objects.get(pk=services.accept(offer.pk, players["alice"]).game_id)
    assert {s.side: s.user.username for s in second.seats.all()} == {"british": "bob", "german": "alice"}
    assert second.setup == game.setup and second.time_control == game.time_control


def test_the_periodic_job_expires_challenges_on_the_clock_it_reads(players, settings, monkeypatch):
    from matchmaking import tasks

    assert "matchmaking.tasks.expire_challenges" in {job["task"] for job in settings.CELERY_BEAT_SCHEDULE.values()}
    made = challenge(players)
    assert tasks.expire_challenges() == 0
    later = timezone.now() + services.CHALLENGE_LIFETIME + timedelta(minutes=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert tasks.expire_challenges() == 1
    assert Challenge.objects.get(pk=made.pk).status == Challenge.Status.EXPIRED
