"""The event store's tables: the one append-only ``events`` table for every stream (games,
tournaments, campaigns), fold snapshots, idempotency records and the transactional outbox.

The database rejects UPDATE, DELETE and TRUNCATE on ``events`` (game migrations 0002, 0005), and
each event carries the hash chaining it to the one before (kernel/chain.py). The tables were
created by the game app's migrations and kept their names when the models moved here.
"""
from django.conf import settings
from django.db import models

from kernel.fields import OrderedJSONField


class StoredEvent(models.Model):
    stream = models.CharField(max_length=80)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=80)
    payload = OrderedJSONField(default=dict)
    actor = models.CharField(max_length=150, blank=True, default="")
    visibility = models.CharField(max_length=20, default="public")
    recorded_at = models.DateTimeField(auto_now_add=True)
    # Draws of the fair dice made while deciding the command appended at this seq.
    dice = OrderedJSONField(null=True, blank=True)
    # The command that produced this batch (first event of a batch only); secret until the end.
    command = OrderedJSONField(null=True, blank=True)
    # SHA-256 over this event's content and the previous event's hash (kernel/chain.py).
    hash = models.CharField(max_length=64, editable=False)

    class Meta:
        db_table = "events"
        constraints = [models.UniqueConstraint(fields=["stream", "seq"], name="events_stream_seq_unique")]
        ordering = ["stream", "seq"]

    def __str__(self) -> str:
        return f"{self.stream}#{self.seq} {self.type}"

class Snapshot(models.Model):
    """Folded state of a stream at ``seq`` (a cache keyed by the ruleset version)."""

    stream = models.CharField(max_length=80)
    seq = models.PositiveIntegerField()
    ruleset_version = models.CharField(max_length=40)
    state = OrderedJSONField()

    class Meta:
        db_table = "game_snapshot"  # the table kept its name when the model moved here from game
        constraints = [
            models.UniqueConstraint(fields=["stream", "ruleset_version", "seq"], name="snapshot_unique")
        ]
        indexes = [models.Index(fields=["stream", "ruleset_version", "-seq"])]

class IdempotencyRecord(models.Model):
    """The first response to a command sent with an ``Idempotency-Key`` (kernel/idempotency.py):
    a key is one user's in one stream (a game's; a tournament's for its table results)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    key = models.CharField(max_length=200)
    stream = models.CharField(max_length=80)
    # SHA-256 of the request answered; empty on records older than the fingerprint.
    fingerprint = models.CharField(max_length=64, blank=True, default="")
    status = models.PositiveSmallIntegerField()
    response = OrderedJSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "game_idempotencyrecord"  # the table kept its name when the model moved here from game
        constraints = [models.UniqueConstraint(fields=["user", "stream", "key"], name="idempotency_unique_per_stream")]

class OutboxMessage(models.Model):
    """Work to hand to Celery once committed (kernel/outbox.py, kernel/relay.py). Done when every consumer has run
    (``consumed_at``), not when it was handed to the broker: beat re-sends the rest."""

    topic = models.CharField(max_length=60)
    payload = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)
    dispatched_at = models.DateTimeField(null=True, blank=True, db_index=True)  # last handed to the broker
    consumed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "game_outboxmessage"  # the table kept its name when the model moved here from game
        ordering = ["id"]
        # The re-send pass reads only the messages still open: a small index however long the history.
        indexes = [models.Index(fields=["id"], condition=models.Q(consumed_at__isnull=True),
                                name="outbox_unconsumed")]

class OutboxConsumption(models.Model):
    """A consumer's tracking record: written in the same transaction as the consumer's own
    writes, so a message counts as consumed exactly when its effects are committed, and a
    second delivery finds it and does nothing."""

    message = models.ForeignKey(OutboxMessage, on_delete=models.CASCADE, related_name="consumptions")
    consumer = models.CharField(max_length=120)  # the consumer task's dotted path
    consumed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "game_outboxconsumption"  # the table kept its name when the model moved here from game
        constraints = [models.UniqueConstraint(fields=["message", "consumer"], name="outbox_consumed_once")]
