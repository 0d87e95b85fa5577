"""The knowledge test's task: score the attempts whose time is up (also done on every read)."""
from celery import shared_task

from . import attempts


@shared_task(acks_late=True)
def close_expired_attempts(tournament_id: int) -> int:
    """Idempotent: an attempt already scored is left alone."""
    return attempts.close_expired(tournament_id)


@shared_task(acks_late=True)
def close_all_expired_attempts() -> int:
    """Beat's backstop for the task scheduled at each deadline (lost, or run inline without a
    broker): every tournament with an attempt past its deadline and not scored yet."""
    return sum(attempts.close_expired(tournament_id) for tournament_id in attempts.tournaments_with_expired())
