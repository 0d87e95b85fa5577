"""Event store tables and the game read model.

``StoredEvent`` is the one append-only table for every stream (games, tournaments,
campaigns); the database rejects UPDATE, DELETE and TRUNCATE on it (migrations 0002, 0005),
and each event carries the hash chaining it to the one before (game/chain.py). Everything
else here is a projection or a cache that can be rebuilt from events.
"""
import uuid

from django.conf import settings
from django.db import models


class OrderedJSONField(models.JSONField):
    """JSON stored as written, key order included (PostgreSQL ``json``, not ``jsonb``).

    Folding must see an event exactly as it was decided: ``jsonb`` re-sorts object keys, which
    would make anything an engine derives from dict order differ between a live fold and a
    fold read back from the database.
    """

    def db_type(self, connection):
        return "json" if connection.vendor == "postgresql" else super().db_type(connection)

    def get_db_prep_value(self, value, connection, prepared=False):
        if connection.vendor != "postgresql" or value is None:
            return super().get_db_prep_value(value, connection, prepared)
        from psycopg.types.json import Json

        return Json(value)

    def from_db_value(self, value, expression, connection):
        if value is None or not isinstance(value, (str, bytes)):
            return value  # psycopg already parsed ``json`` (in order)
        return super().from_db_value(value, expression, connection)


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
    # SHA-256 over this event's content and the previous event's hash (game/chain.py).
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
        constraints = [
            models.UniqueConstraint(fields=["stream", "ruleset_version", "seq"], name="snapshot_unique")
        ]
        indexes = [models.Index(fields=["stream", "ruleset_version", "-seq"])]


class IdempotencyRecord(models.Model):
    """The first response to a command sent with an ``Idempotency-Key`` (game/idempotency.py):
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
        constraints = [models.UniqueConstraint(fields=["user", "stream", "key"], name="idempotency_unique_per_stream")]


class GameManager(models.Manager):
    def get_queryset(self):
        # The head is read by the command path only (it selects it explicitly): listings need
        # not carry it, and PostgreSQL's ``json`` cannot be compared, so DISTINCT could not either.
        return super().get_queryset().defer("head_state")


class Game(models.Model):
    """Read model of a game stream, updated in the same transaction as every append."""

    class Status(models.TextChoices):
        RUNNING = "running"
        FINISHED = "finished"
        ABORTED = "aborted"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    system = models.CharField(max_length=40)
    setup = models.JSONField(default=dict)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.RUNNING)
    version = models.PositiveIntegerField(default=0)
    to_move = models.JSONField(default=list)
    outcome = models.JSONField(null=True, blank=True)
    rated = models.BooleanField(default=True)
    is_public = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    referees = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="refereed_games")
    time_control = models.JSONField(null=True, blank=True)
    clock = models.JSONField(default=dict, blank=True)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    moves_made = models.PositiveIntegerField(default=0)
    # Correspondence games: {side: [[from, until], ...]} (ISO times), the seated players'
    # vacations that stop that side's clock (game/pauses.py); each one is also an event in the stream.
    vacations = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # An imported game's players as its history names them (side → name): nobody here is seated
    # by a name alone; a side's seat is taken by that user's own claim (game/imports.py).
    recorded_players = models.JSONField(default=dict, blank=True)
    # The aggregate folded up to ``head_version``, written in the same UPDATE as every append:
    # a command then folds nothing. A cache like a snapshot: ignored (and the stream folded)
    # unless it is at ``version`` and of this ruleset (game/folding.py ``game_aggregate``).
    head_state = OrderedJSONField(null=True, blank=True, editable=False)
    head_version = models.PositiveIntegerField(default=0, editable=False)
    head_ruleset = models.CharField(max_length=40, blank=True, editable=False)
    # The hash of the event at ``version`` (game/chain.py), so the next append chains to it
    # without reading the stream; written with every append like the other head columns.
    head_hash = models.CharField(max_length=64, blank=True, editable=False)

    objects = GameManager()

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "deadline_at"])]

    @property
    def stream(self) -> str:
        return stream_for_game(self.id)

    def __str__(self) -> str:
        return f"{self.system} game {self.id}"


def stream_for_game(game_id) -> str:
    return f"game-{game_id}"


class GameSeat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    side = models.CharField(max_length=20)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "side"], name="seat_unique")]


class GameSecret(models.Model):
    """The dice seed, kept out of the event table until the game ends (then revealed)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="secret")
    seed = models.CharField(max_length=128)


class OutboxMessage(models.Model):
    """Work to hand to Celery after a commit (game/outbox.py). Done when every consumer has run
    (``consumed_at``), not when it was handed to the broker: beat re-sends the rest."""

    topic = models.CharField(max_length=60)
    payload = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)
    dispatched_at = models.DateTimeField(null=True, blank=True, db_index=True)  # last handed to the broker
    consumed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
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
        constraints = [models.UniqueConstraint(fields=["message", "consumer"], name="outbox_consumed_once")]


class Campaign(models.Model):
    """Read model of a campaign stream (``campaign-<id>``); its nights are child games."""

    class Status(models.TextChoices):
        RUNNING = "running"
        FINISHED = "finished"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    system = models.CharField(max_length=40)
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="campaigns")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.RUNNING)
    version = models.PositiveIntegerField(default=0)
    current_game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    standing = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    @property
    def stream(self) -> str:
        return f"campaign-{self.id}"


class Vacation(models.Model):
    """Days a player takes off: his clock stands still in every correspondence game he plays
    (game/vacations.py). A vacation ended early keeps the time it really lasted."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["starts_at"]
        indexes = [models.Index(fields=["user", "ends_at"])]


class ReplayFog(models.Model):
    """A finished game's "where could it be" maps (game/replay_fog.py), computed once by a
    Celery task after the game ends; a cache of its events, rebuilt by deleting the row."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="replay_fog")
    version = models.PositiveIntegerField()  # the game's version the maps were computed at
    maps = models.JSONField()
    cpu_seconds = models.FloatField()
    computed_at = models.DateTimeField(auto_now_add=True)
