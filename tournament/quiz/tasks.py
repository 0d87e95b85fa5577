"""The knowledge test's task: score the attempts whose time is up (also done on every read)."""
from celery import shared_task

from . import attempts


@shared_task(acks_late=True)
def close_expired_attempts(tournament_id: int) -> int:
    """Idempotent: an attempt already scored is left alone."""
    return attempts.close_expired(tournament_id)
