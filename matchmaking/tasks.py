"""Celery tasks of matchmaking; idempotent and ``acks_late`` (settings)."""
from celery import shared_task

from . import services


@shared_task(acks_late=True)
def expire_challenges() -> int:
    """Challenges and seeks past their time become expired (beat, every minute)."""
    return services.expire_due()
