"""The reconciliation pass for ratings (ratings/missed_results.py): a finished game whose
result never reached the ratings (its message lost with the broker under the old outbox) is
rated once; a second pass, or the late task itself, adds nothing."""
from datetime import timedelta

import pytest
from django.utils import timezone

from game import services
from game.models import Game
from ratings.missed_results import rate_missed_games
from ratings.models import PlayerRating, RatedResult
from ratings.tasks import rate_finished_game
from tests.doubles import RACE


def finished_game(users) -> Game:
    game = services.create_game(system_name=RACE, setup={"target": 1},
                                players={"a": users["alice"], "b": users["bob"]})
    services.submit_command(game_id=game.pk, user=users["alice"], command={"type": "roll"},
                            expected_version=game.version)
    return Game.objects.get(pk=game.pk)


@pytest.mark.django_db
def test_a_finished_game_nobody_rated_is_rated_once_by_the_pass(users, settings):
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"game_finished": []}  # the message went nowhere
    game = finished_game(users)
    other = finished_game(users)
    assert game.status == "finished" and not RatedResult.objects.exists()

    assert rate_missed_games(finished_before=game.finished_at) == 0  # too recent: a task may be on its way
    later = timezone.now() + timedelta(seconds=1)
    assert rate_missed_games(finished_before=later) == 2
    assert rate_missed_games(finished_before=later) == 0
    assert rate_finished_game(str(game.pk), game.version) is False  # the lost task, arriving at last

    assert sorted(RatedResult.objects.values_list("game_id", flat=True)) == sorted([game.pk, other.pk])
    assert PlayerRating.objects.get(player=users["alice"], system=RACE).games == 2
