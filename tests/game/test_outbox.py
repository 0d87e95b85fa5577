"""The honest outbox (kernel/outbox.py): a message is done when its consumers have run, each
exactly once; whatever a consumer has not run is sent again after the grace period."""
from datetime import timedelta

import pytest
from django.utils import timezone

from kernel import outbox
from kernel.models import OutboxConsumption, OutboxMessage

RECORD = "tests.game.test_outbox.record_call"
FLAKY = "tests.game.test_outbox.fail_once"
CALLS: list[dict] = []
FAILED: list[dict] = []


def record_call(**payload):
    CALLS.append(payload)


def fail_once(**payload):
    """A consumer whose first run fails (its broker, its database, …), the next succeeds."""
    if not FAILED:
        FAILED.append(payload)
        raise RuntimeError("the consumer failed")
    CALLS.append({"flaky": payload})


@pytest.fixture(autouse=True)
def probe_consumers(settings):
    CALLS.clear()
    FAILED.clear()
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"probe": [RECORD]}
    settings.NIGHTDUEL_OUTBOX_RESEND_SECONDS = 120


def consumed(message) -> set[str]:
    return set(OutboxConsumption.objects.filter(message=message).values_list("consumer", flat=True))


@pytest.mark.django_db
def test_a_second_delivery_of_a_consumed_message_does_nothing(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        message = outbox.enqueue("probe", {"n": 1})  # tasks inline: the consumer runs at once
    assert CALLS == [{"n": 1}]
    assert consumed(message) == {RECORD}
    message.refresh_from_db()
    assert message.consumed_at is not None

    assert outbox.consume(message.pk, RECORD) is False  # the broker delivers it again
    assert CALLS == [{"n": 1}]
    assert outbox.resend_unconsumed(now=timezone.now() + timedelta(hours=1)) == 0


@pytest.mark.django_db
def test_a_consumer_that_failed_is_sent_again_alone_and_the_others_are_not_run_twice(
        settings, django_capture_on_commit_callbacks):
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"probe": [RECORD, FLAKY]}
    with django_capture_on_commit_callbacks(execute=True):
        message = outbox.enqueue("probe", {"n": 2})
    assert CALLS == [{"n": 2}] and FAILED == [{"n": 2}]
    assert consumed(message) == {RECORD}, "the failed consumer's record went with its transaction"
    message.refresh_from_db()
    assert message.consumed_at is None

    with django_capture_on_commit_callbacks(execute=True):
        assert outbox.resend_unconsumed() == 1  # never handed over whole: no grace period
    assert CALLS == [{"n": 2}, {"flaky": {"n": 2}}]
    assert consumed(message) == {RECORD, FLAKY}
    message.refresh_from_db()
    assert message.consumed_at is not None


@pytest.mark.django_db
def test_a_message_handed_over_but_never_consumed_is_sent_again_after_the_grace_period():
    message = OutboxMessage.objects.create(topic="probe", payload={"n": 3}, dispatched_at=timezone.now())
    # Handed to the broker, then lost with it: no consumer ran.
    assert outbox.resend_unconsumed(now=timezone.now() + timedelta(seconds=60)) == 0
    assert CALLS == []
    assert outbox.resend_unconsumed(now=timezone.now() + timedelta(seconds=121)) == 1
    assert CALLS == [{"n": 3}]
    assert consumed(message) == {RECORD}


@pytest.mark.django_db
def test_the_resend_pass_closes_a_message_whose_consumers_all_ran():
    message = OutboxMessage.objects.create(topic="probe", payload={"n": 4},
                                           dispatched_at=timezone.now() - timedelta(hours=1))
    OutboxConsumption.objects.create(message=message, consumer=RECORD)  # ran; the close was lost
    assert outbox.resend_unconsumed() == 0
    assert CALLS == []
    message.refresh_from_db()
    assert message.consumed_at is not None
