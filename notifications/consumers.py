"""The outbox consumers of notifications and webhooks for the integration messages of the apps
below (tournament/messages.py, ratings/messages.py), registered in ``NIGHTDUEL_OUTBOX_CONSUMERS``.

Each runs inside the outbox's tracking transaction (kernel/outbox.py ``consume``), so its records
commit with the record that it ran; e-mail and webhook posts are sent once that commits. Each is
idempotent by itself too: notifications and deliveries are keyed by the message's ``ref``.
"""
from __future__ import annotations

from django.db import transaction

from tournament import messages as tm

from . import appointments, recording
from .tasks import deliver_webhook, mail_soon
from .webhooks import derivation


def _told(waiting: set[int]) -> int:
    mail_soon(waiting)
    return len(waiting)


def pairing_created(**m) -> int:
    return _told(recording.pairing_created(m))


def result_reported(**m) -> int:
    return _told(recording.result_reported(m))


def result_disputed(**m) -> int:
    return _told(recording.result_disputed(m))


def penalty_issued(**m) -> int:
    return _told(recording.penalty_issued(m))


def tournament_finished(**m) -> int:
    return _told(recording.tournament_finished(m))


def pairing_waiting(**m) -> int:
    return _told(recording.pairing_waiting(m))


def quiz_opened(**m) -> int:
    return _told(recording.quiz_opened(m))


def staff_appointed(**m) -> int:
    return len(appointments.referees_appointed(m))  # e-mailed by beat's pass, as every appointment


def organiser_requested(**m) -> int:
    return len(appointments.organiser_requested(m))  # e-mailed by beat's pass


def organiser_granted(**m) -> int:
    return appointments.organiser_granted(m)


def _webhooks(topic: str):
    def queue(**m) -> int:
        created = derivation.queue_deliveries(topic, m)
        transaction.on_commit(lambda: [deliver_webhook.delay(str(pk)) for pk in created], robust=True)
        return len(created)
    queue.__doc__ = f"Webhook deliveries of ``{topic}``."
    return queue


round_started_webhooks = _webhooks(tm.ROUND_STARTED)
pairing_created_webhooks = _webhooks(tm.PAIRING_CREATED)
game_recorded_webhooks = _webhooks(tm.GAME_RECORDED)
pairing_decided_webhooks = _webhooks(tm.PAIRING_DECIDED)
standings_changed_webhooks = _webhooks(tm.STANDINGS_CHANGED)
finished_webhooks = _webhooks(tm.FINISHED)
