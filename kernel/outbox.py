"""Transactional outbox: follow-up work is written with the events, then handed to Celery.

A message is stored in the same transaction as the events that caused it. With a broker the
writer does nothing more: the relay (kernel/relay.py, woken by the message's NOTIFY at commit)
publishes it, so no request talks to the broker. Without one (the embedded default) its
consumers run inline at once. It is done when
each of its consumers has *run*, not when it was handed to the broker: every consumer runs
through :func:`consume`, whose transaction writes the consumer's tracking record
(``OutboxConsumption``) together with the consumer's own writes — the way an event-sourcing
projection stores its position with its state. A second delivery finds the record and does
nothing; a delivery lost with the broker (Redis killed with a stale snapshot, a worker killed
holding reserved tasks) leaves no record, and ``resend_unconsumed`` (beat's ``drain_outbox``)
hands the message to the consumers that have not run, once it has waited
``NIGHTDUEL_OUTBOX_RESEND_SECONDS`` since it was last sent.
"""
from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.module_loading import import_string

from kernel import background
from kernel.models import OutboxConsumption, OutboxMessage

log = logging.getLogger(__name__)

GAME_FINISHED = "game_finished"
TURN_PASSED = "turn_passed"              # {game_id, version, sides, actor}: sides newly to move


def consumers(topic: str) -> list[str]:
    return settings.NIGHTDUEL_OUTBOX_CONSUMERS.get(topic, [])


def enqueue(topic: str, payload: dict) -> OutboxMessage:
    message = OutboxMessage.objects.create(topic=topic, payload=payload)
    hand_over(message)
    return message


def hand_over(message: OutboxMessage) -> None:
    """Pass a stored message on. Embedded default (no broker): its consumers run right away,
    inside this transaction. With a broker: nothing here; the relay publishes it once committed."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        dispatch(message)


def dispatch(message: OutboxMessage, consumer_paths: list[str] | None = None) -> bool:
    """Hand ``message`` to each of its consumers (or to ``consumer_paths`` only) and mark it
    handed over; False if the broker refused it (the re-send pass tries again)."""
    if not publish(message, consumer_paths):
        return False
    OutboxMessage.objects.filter(pk=message.pk).update(dispatched_at=timezone.now())
    return True


def publish(message: OutboxMessage, consumer_paths: list[str] | None = None) -> bool:
    """``dispatch`` without the mark (the relay marks a whole batch at once)."""
    from kernel.tasks import consume_outbox_message  # the task module imports this one

    try:
        for path in consumers(message.topic) if consumer_paths is None else consumer_paths:
            if settings.CELERY_TASK_ALWAYS_EAGER and path in settings.NIGHTDUEL_OUTBOX_BACKGROUND \
                    and _has_work(path, message):
                background.after_commit(message.pk, path)  # not inside the request (kernel/background.py)
                continue
            # Nobody waits for a consumer's result: without ignore_result every send would also
            # subscribe to (and later leave) the task's result channel on Redis.
            consume_outbox_message.apply_async((message.pk, path), ignore_result=True)
    except Exception:  # broker down or (inline) a consumer failed: the re-send pass retries later
        log.warning("outbox message %s not dispatched", message.pk, exc_info=True)
        return False
    return True


def _has_work(consumer_path: str, message: OutboxMessage) -> bool:
    """Whether a background consumer has anything to do with ``message`` (its optional
    ``has_work(**payload)``): one that has not runs inline at once, as a no-op, so the background
    thread only ever holds the work it is there for (a bot to move, not every turn)."""
    has_work = getattr(import_string(consumer_path), "has_work", None)
    return has_work is None or has_work(**message.payload)


def consume(message_id: int, consumer_path: str) -> bool:
    """Run one consumer of a stored message unless it ran before; True if it ran now.

    The tracking record and the consumer's writes commit together or not at all. A duplicate
    delivery running at the same moment waits on the record's unique key and then finds it. A
    consumer with a ``prepare`` function gets its result, computed first and outside the
    transaction, as ``prepared``.
    """
    message = OutboxMessage.objects.filter(pk=message_id).first()
    if message is None:
        return False
    consumer = import_string(consumer_path)
    prepare = getattr(consumer, "prepare", None)
    if prepare is not None:
        if OutboxConsumption.objects.filter(message=message, consumer=consumer_path).exists():
            return False
        # Slow reading work (a bot's thinking) before the transaction, so no lock is held meanwhile;
        # the consumer itself checks that what it read still holds.
        prepared = prepare(**message.payload)
    with transaction.atomic():
        try:
            with transaction.atomic():
                OutboxConsumption.objects.create(message=message, consumer=consumer_path)
        except IntegrityError:
            return False
        if prepare is not None:
            consumer(**message.payload, prepared=prepared)
        else:
            consumer(**message.payload)
        transaction.on_commit(lambda: close_if_consumed(message), robust=True)
    return True


def not_consumed_by(message: OutboxMessage) -> list[str]:
    """The consumers of ``message`` without a committed tracking record."""
    done = set(OutboxConsumption.objects.filter(message_id=message.pk).values_list("consumer", flat=True))
    return [path for path in consumers(message.topic) if path not in done]


def close_if_consumed(message: OutboxMessage) -> bool:
    """Mark ``message`` done once every consumer's record is committed. Run after each
    consumer's commit, so the last of them to commit sees all the records (a crash in between
    leaves it to the re-send pass, which closes it without sending)."""
    if not_consumed_by(message):
        return False
    OutboxMessage.objects.filter(pk=message.pk, consumed_at__isnull=True).update(consumed_at=timezone.now())
    return True


def resend_unconsumed(now=None, limit: int = 500) -> int:
    """Beat's pass: hand each open message to the consumers that have not run — at once if it
    was never handed over (the broker was down at its commit), else once it has waited
    ``NIGHTDUEL_OUTBOX_RESEND_SECONDS`` since it was last sent. Returns how many were sent."""
    now = now or timezone.now()
    waited = now - timedelta(seconds=settings.NIGHTDUEL_OUTBOX_RESEND_SECONDS)
    due = (OutboxMessage.objects.filter(consumed_at__isnull=True)
           .filter(Q(dispatched_at__isnull=True) | Q(dispatched_at__lt=waited)).order_by("id"))
    if connection.features.has_select_for_update_skip_locked:
        due = due.select_for_update(skip_locked=True, no_key=True)  # what a relay is publishing now
    sent = 0
    with transaction.atomic():
        for message in due[:limit]:
            missing = not_consumed_by(message)
            if not missing:
                close_if_consumed(message)
            elif dispatch(message, missing):
                sent += 1
    return sent
