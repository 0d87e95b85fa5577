"""Projections rebuilt from events equal the live ones (docs/rules/service.md, "Event sourcing": read models);
timeouts of tournament games feed the tournament (docs/rules/service.md, "Clocks and timeouts")."""
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from game import timeouts
from game.models import Game, GameSeat
from game.services import submit_command
from tests.tournament.conftest import enter, new_tournament, open_games, play_all, players
from tournament import projections, services
from tournament.models import Pairing, PairingGame, Tournament, TournamentProjection


def favourite(pairing, leg):
    return min(pairing["a"], pairing["b"])


def test_rebuilding_every_projection_from_events_gives_identical_brackets_and_standings(league, organiser, referee):
    for fmt, n in (("single-elimination", 5), ("double-elimination", 4), ("round-robin", 3), ("swiss", 5),
                   ("groups-playoffs", 4)):
        t = new_tournament(league, organiser, referee, fmt=fmt)
        enter(t, players(n) if fmt == "single-elimination" else
              list(get_user_model().objects.filter(username__lte=f"p{n:02d}", username__startswith="p")
                   .order_by("username")))
        services.start_round(t.pk, "olga")
        play_all(t, favourite)
        if fmt in ("round-robin", "swiss"):
            services.start_round(t.pk, "olga")  # leave a round half-played
        services.issue_penalty(t.pk, "p01", "foul_language", "swore", "rita")
    live = {t.pk: (projections.bracket(t), projections.standings(t)) for t in Tournament.objects.all()}
    for t in Tournament.objects.all():  # fill the cache as readers do
        services.cached_projection(t, services.load_state(t))
    TournamentProjection.objects.all().delete()
    PairingGame.objects.all().delete()
    Pairing.objects.all().delete()
    call_command("rebuild_tournaments")
    for t in Tournament.objects.all():
        cached = TournamentProjection.objects.get(tournament=t)
        assert (cached.bracket, cached.standings) == live[t.pk]
        assert (projections.bracket(t), projections.standings(t)) == live[t.pk]
    assert PairingGame.objects.count() == sum(
        len(p["games"]) for t in Tournament.objects.all() for p in services.load_state(t).pairings.values())


def per_move_tournament(league, organiser, referee):
    t = services.create_tournament(league=league, name="correspondence", system="dice-race",
                                   format="single-elimination", created_by=organiser, referees=[referee],
                                   time_control={"kind": "per-move", "seconds": 60})
    enter(t, players(2))
    services.start_round(t.pk, "olga")
    return t


def test_a_tournament_games_timeout_feeds_the_tournament(league, organiser, referee):
    t = per_move_tournament(league, organiser, referee)
    [(pairing, _, game_id)] = open_games(t)
    game = Game.objects.get(pk=game_id)
    mover = GameSeat.objects.get(game=game, side=game.to_move[0]).user
    submit_command(game_id=game_id, user=mover, command={"type": "roll"}, expected_version=game.version)
    later = timezone.now() + timedelta(hours=1)
    assert timeouts.adjudicate(game_id, now=later) is True
    assert timeouts.adjudicate(game_id, now=later) is False  # exactly once
    recorded = services.load_state(t).pairings[pairing["id"]]["results"][1]
    assert recorded["ended_by"] == "TimeoutAdjudicated"
    assert recorded["winner"] == mover.username  # the side out of time (the other one) loses
    [(_, leg, _)] = open_games(t)
    assert leg == 2


def test_an_unstarted_tournament_game_aborts_and_waits_for_the_referee(league, organiser, referee):
    t = per_move_tournament(league, organiser, referee)
    [(pairing, _, game_id)] = open_games(t)
    assert timeouts.adjudicate(game_id, now=timezone.now() + timedelta(hours=1)) is True
    assert Game.objects.get(pk=game_id).status == "aborted"
    state = services.load_state(t)
    assert state.pairings[pairing["id"]]["results"][1]["aborted"]
    [(_, leg, game2)] = open_games(t)
    assert leg == 2
    assert timeouts.adjudicate(game2, now=timezone.now() + timedelta(hours=1)) is True
    assert services.load_state(t).named_result(pairing)["status"] == "awaiting_referee"
