"""Celery tasks of the game app; all idempotent and ``acks_late`` (settings)."""
from celery import shared_task

from . import campaigns, replay_fog, timeouts


@shared_task(acks_late=True)
def adjudicate_timeout(game_id: str) -> bool:
    return timeouts.adjudicate(game_id)


@shared_task(acks_late=True)
def sweep_timeouts() -> int:
    """Find games past their deadline and adjudicate each (exactly once, see timeouts.py)."""
    return sum(timeouts.adjudicate(game_id) for game_id in timeouts.overdue_game_ids())


@shared_task(acks_late=True)
def record_campaign_night(game_id: str, result_seq: int) -> bool:
    return campaigns.record_finished_night(game_id)


@shared_task(acks_late=True)
def compute_replay_fog(game_id: str) -> bool:
    """The replay's "where could it be" maps of a finished game, once (game/replay_fog.py)."""
    return replay_fog.compute(game_id)


def replay_fog_for_finished_game(game_id: str, result_seq: int) -> None:
    """Outbox consumer of a finished game (its message is sent once the game's end is
    committed): hand the maps to their own task, so the consumer stays quick."""
    compute_replay_fog.delay(game_id)
