"""Practice bots in tests: the doubles of tests/bot_doubles.py registered for Duel and 303, and
``run_bots`` doing a worker's part (each pending bot message consumed, as a worker would)."""
import pytest

from kernel import outbox
from kernel.models import OutboxMessage

DUEL = "duel-in-the-dark"
BOT_CONSUMERS = ("bots.moves.play_turn", "bots.moves.play_on")


@pytest.fixture(autouse=True)
def doubles(settings):
    settings.NIGHTDUEL_BOT_PACKAGES = {DUEL: "tests.bot_doubles:random_bots", "303": "tests.bot_doubles:random_bots"}
    return settings


def run_bots(limit: int = 2000) -> int:
    """Consume every pending bot message (and those the moves write) as a worker would; how many ran."""
    ran = 0
    for _ in range(limit):
        pending = [(m.pk, path) for m in OutboxMessage.objects.filter(consumed_at__isnull=True).order_by("id")
                   for path in outbox.not_consumed_by(m) if path in BOT_CONSUMERS]
        if not pending:
            return ran
        for message_id, path in pending:
            ran += outbox.consume(message_id, path)
    raise AssertionError("the bots never stopped")
