"""The reconciliation pass for tournaments (tournament/services/results.py
``record_missed_results``): an online pairing's game that ended while its message was lost
(the old outbox marked it done when only the broker had it) gets its result recorded once."""
from datetime import timedelta

import pytest
from django.utils import timezone

from game.endings import resign
from game.models import Game
from kernel.store import read_events
from tests.tournament.conftest import started
from tournament import services
from tournament.models import Tournament
from tournament.services.results import record_missed_results
from tournament.tasks import record_game_result


def recorded(tournament) -> list[str]:
    return [e.payload["game_id"] for e in read_events(tournament.stream) if e.type == "GameResultRecorded"]


@pytest.mark.django_db
def test_a_resigned_pairing_game_missing_from_the_stream_is_recorded_once(league, organiser, referee, settings):
    t = started(league, organiser, referee, "single-elimination", 2)
    [pairing] = services.load_state(t).pairings.values()
    game = Game.objects.get(pk=pairing["games"][1]["game_id"])
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"game_finished": []}  # the message went nowhere
    resign(game.pk, game.seats.select_related("user").first().user)
    assert recorded(t) == []

    assert record_missed_results(finished_before=timezone.now() - timedelta(minutes=5)) == 0  # not yet due
    later = timezone.now() + timedelta(seconds=1)
    assert record_missed_results(finished_before=later) == 1
    assert record_missed_results(finished_before=later) == 0
    assert record_game_result(str(game.pk), Game.objects.get(pk=game.pk).version) is False  # the late task

    assert recorded(t) == [str(game.pk)]
    state = services.load_state(Tournament.objects.get(pk=t.pk))
    assert 1 in state.pairings[pairing["id"]]["results"], "the pairing is still playing"
