"""Celery tasks of the kernel: the outbox's delivery; idempotent and ``acks_late`` (settings)."""
from celery import shared_task

from kernel import outbox


@shared_task(acks_late=True)
def consume_outbox_message(message_id: int, consumer: str) -> bool:
    """Run one consumer of an outbox message, exactly once (kernel/outbox.py ``consume``)."""
    return outbox.consume(message_id, consumer)


@shared_task(acks_late=True)
def drain_outbox() -> int:
    """Beat: re-send every message a consumer has not run yet (kernel/outbox.py)."""
    return outbox.resend_unconsumed()
