"""The game read model: games, seats, secrets, campaigns, vacations. Each is a projection or a
cache that can be rebuilt from the events (kernel/models.py)."""
import uuid

from django.conf import settings
from django.db import models

from kernel.fields import OrderedJSONField


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
    # The version of the rules the game was created under (its GameCreated): its engine folds it.
    ruleset_version = models.CharField(max_length=40, blank=True, default="")
    # The hash of the event at ``version`` (kernel/chain.py), so the next append chains to it
    # without reading the stream; written with every append like the other head columns.
    head_hash = models.CharField(max_length=64, blank=True, editable=False)
    # A sandbox: a private, unrated copy of a finished game from one of its steps, played on by
    # one user (game/sandboxes.py); it never counts anywhere and may take back its commands.
    sandbox = models.BooleanField(default=False)
    forked_from = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="forks")
    forked_at_step = models.PositiveIntegerField(null=True, blank=True)

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


class Annotation(models.Model):
    """A comment or a bookmark one user put on one step of a game he played (or of his own
    sandbox), shown in his replay and through his shared link (game/annotations.py)."""

    class Kind(models.TextChoices):
        COMMENT = "comment"
        BOOKMARK = "bookmark"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="annotations")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="annotations")
    step = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.COMMENT)
    text = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["step", "created_at", "id"]
        indexes = [models.Index(fields=["game", "author", "step"])]


class AnnotationShare(models.Model):
    """The unguessable address of one user's annotations of one finished game, read-only."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="annotation_shares")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    token = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "author"], name="annotation_share_unique")]


class Study(models.Model):
    """Steps of several finished games under a title, each with a note (a club organiser
    teaching newcomers): private to its author, shown to others by its link (game/studies.py)."""

    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="studies")
    title = models.CharField(max_length=120)
    token = models.CharField(max_length=64, unique=True)
    shared = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]


class StudyStep(models.Model):
    study = models.ForeignKey(Study, on_delete=models.CASCADE, related_name="steps")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    step = models.PositiveIntegerField()
    note = models.TextField(blank=True)
    position = models.PositiveIntegerField()

    class Meta:
        ordering = ["position", "id"]
