"""A sandbox never counts (game/sandboxes.py): its finish sends no ``game_finished`` message,
and were its result read anyway (a rebuild of the ratings reads every result in the store), it
is recorded as not rated."""
import pytest

from game import services
from game.models import Game
from kernel.models import OutboxMessage
from kernel.outbox import GAME_FINISHED
from ratings import projection, results
from ratings.models import RatedResult
from tests.conftest import client_for
from tests.game.test_sandboxes import play_to_the_end, race

pytestmark = pytest.mark.django_db


def test_a_finished_sandbox_feeds_no_rating(users):
    source = play_to_the_end(race(users), users)
    sandbox = Game.objects.get(pk=client_for(users["carol"]).post(
        f"/api/games/{source.pk}/forks/", {"step": 4}, format="json").json()["id"])
    while sandbox.status == Game.Status.RUNNING:
        services.submit_command(game_id=sandbox.pk, user=users["carol"], command={"type": "roll"},
                                expected_version=sandbox.version, side=sandbox.to_move[0])
        sandbox.refresh_from_db()
    assert not OutboxMessage.objects.filter(topic=GAME_FINISHED, payload__game_id=str(sandbox.pk)).exists()
    result = results.result_of(str(sandbox.pk), sandbox.version)
    assert result.kind == RatedResult.Kind.NOT_RATED
    projection.rebuild()
    recorded = RatedResult.objects.get(game_id=sandbox.pk)
    assert recorded.kind == RatedResult.Kind.NOT_RATED and not recorded.changes.exists()
