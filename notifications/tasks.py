"""Celery tasks of notifications and webhooks; all idempotent and ``acks_late`` (settings).

The outbox (kernel/outbox.py) hands a game's turn to ``notify_turn``, and the integration messages of
tournaments and leagues to notifications/consumers.py; beat runs the periodic passes, which also
pick up whatever a killed worker left behind.
"""
from celery import shared_task
from django.conf import settings
from django.db import transaction

from . import clock_warnings, mail, recording
from .webhooks import delivery


def mail_soon(user_ids) -> None:
    """E-mail each user once the current transaction commits (a short delay lets a burst collapse)."""
    delay = settings.NIGHTDUEL_MAIL_DELAY_SECONDS
    transaction.on_commit(lambda: [send_mail_to.apply_async((uid,), countdown=delay) for uid in user_ids],
                          robust=True)


@shared_task(acks_late=True)
def notify_turn(game_id: str, version: int, sides: list, actor: str) -> int:
    with transaction.atomic():
        waiting = recording.turn_passed(game_id, version, sides, actor)
        mail_soon(waiting)
    return len(waiting)


@shared_task(acks_late=True)
def warn_low_clocks() -> int:
    with transaction.atomic():
        waiting = clock_warnings.warn_low_clocks()
        mail_soon(waiting)
    return len(waiting)


@shared_task(acks_late=True)
def send_mail_to(user_id: int) -> int:
    return mail.send_waiting(user_id)


@shared_task(acks_late=True)
def send_waiting_mail() -> int:
    return mail.send_all_waiting()


@shared_task(acks_late=True)
def deliver_webhook(delivery_id: str) -> str:
    """One try; on failure the next is scheduled with exponential backoff (notifications/webhooks/delivery.py)."""
    outcome, retry_in = delivery.attempt(delivery_id)
    if retry_in is not None and not settings.CELERY_TASK_ALWAYS_EAGER:
        deliver_webhook.apply_async((delivery_id,), countdown=retry_in)
    return outcome


@shared_task(acks_late=True)
def retry_due_webhooks() -> int:
    """Deliveries whose scheduled retry was lost (a killed worker) are tried again."""
    due = delivery.overdue()
    for pk in due:
        deliver_webhook.delay(str(pk))
    return len(due)
