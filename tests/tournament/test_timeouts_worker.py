"""A tournament game's clock runs out under a real Celery worker on Redis (docs/rules/service.md, "Clocks
and timeouts"): exactly one ``TimeoutAdjudicated`` even when the adjudication task runs twice
concurrently, and exactly one ``GameResultRecorded`` in the tournament stream."""
import pytest
from django.utils import timezone


from game.models import Game, GameSeat
from game.services import submit_command
from kernel.store import read_events
from game.tasks import adjudicate_timeout, sweep_timeouts
from tests.tournament.conftest import enter, players
from tests.worker import wait_until
from tournament import services
from tournament.tasks import record_game_result


def recorded(tournament, game_id):
    return [e for e in read_events(tournament.stream)
            if e.type == "GameResultRecorded" and e.payload["game_id"] == str(game_id)]


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_clock_runs_out_once_and_feeds_the_tournament_once(league, organiser, referee, real_celery_worker):
    t = services.create_tournament(league=league, name="blitz", system="dice-race", format="single-elimination",
                                   created_by=organiser, referees=[referee],
                                   time_control={"kind": "clock", "base": 1, "increment": 0})
    enter(t, players(2))
    services.start_round(t.pk, "olga")
    game = Game.objects.get(pk=next(iter(services.load_state(t).pairings.values()))["games"][1]["game_id"])
    seat = GameSeat.objects.get(game=game, side=game.to_move[0])
    submit_command(game_id=game.pk, user=seat.user, command={"type": "roll"}, expected_version=game.version)
    wait_until(lambda: Game.objects.get(pk=game.pk).deadline_at < timezone.now(), timeout=5)

    first, second = adjudicate_timeout.delay(str(game.pk)), adjudicate_timeout.delay(str(game.pk))
    sweep = sweep_timeouts.delay()
    assert [first.get(timeout=60), second.get(timeout=60)].count(True) <= 1
    sweep.get(timeout=60)
    wait_until(lambda: recorded(t, game.pk), timeout=60)
    assert [e.type for e in read_events(game.stream)].count("TimeoutAdjudicated") == 1

    seq = Game.objects.get(pk=game.pk).version
    again = [record_game_result.delay(str(game.pk), seq) for _ in range(2)]
    assert [r.get(timeout=60) for r in again] == [False, False]
    [event] = recorded(t, game.pk)
    assert event.payload["ended_by"] == "TimeoutAdjudicated" and event.payload["winner"] == seat.user.username
