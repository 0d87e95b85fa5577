"""Transactional outbox: follow-up work is written with the events, then handed to Celery.

A message is stored in the same transaction as the events that caused it, so a broker
outage loses nothing: ``drain_outbox`` (run by beat) re-sends whatever is not dispatched.
Every consumer task is idempotent, so a message sent twice is harmless.
"""
from __future__ import annotations

import logging

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from .models import OutboxMessage

log = logging.getLogger(__name__)

GAME_FINISHED = "game_finished"
TURN_PASSED = "turn_passed"              # {game_id, version, sides, actor}: sides newly to move
TOURNAMENT_EVENTS = "tournament_events"  # {tournament_id, after, until}: a committed range


def consumers(topic: str) -> list[str]:
    return settings.NIGHTDUEL_OUTBOX_CONSUMERS.get(topic, [])


def enqueue(topic: str, payload: dict) -> OutboxMessage:
    message = OutboxMessage.objects.create(topic=topic, payload=payload)
    hand_over(message)
    return message


def hand_over(message: OutboxMessage) -> None:
    """Pass a stored message on: once its transaction commits (at once when there is none)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        # Embedded default: no broker, so run the consumers right away, inside this transaction.
        dispatch(message)
    else:
        # The message in hand, not read back: it is what was committed, and a copy that beat's
        # drain sends meanwhile is harmless (every consumer is idempotent).
        transaction.on_commit(lambda: dispatch(message), robust=True)


def dispatch(message: OutboxMessage) -> bool:
    try:
        for task_path in consumers(message.topic):
            # Nobody waits for a consumer's result: without ignore_result every send would also
            # subscribe to (and later leave) the task's result channel on Redis.
            import_string(task_path).apply_async(kwargs=message.payload, ignore_result=True)
    except Exception:  # broker down or a consumer failed: beat's drain retries later
        log.warning("outbox message %s not dispatched", message.pk, exc_info=True)
        return False
    OutboxMessage.objects.filter(pk=message.pk).update(dispatched_at=timezone.now())
    return True


def dispatch_pending(limit: int = 500) -> int:
    qs = OutboxMessage.objects.filter(dispatched_at__isnull=True)
    return sum(dispatch(m) for m in qs.order_by("id")[:limit])
