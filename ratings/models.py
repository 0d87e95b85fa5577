"""The ratings projection: rated results, rating changes, players' ratings and the ledger."""
from django.conf import settings
from django.db import models


# The projection's foreign keys are not database constraints: every row is written by the
# projection from results and seats that exist, Django still applies ``on_delete``, and a
# rebuild writes millions of rows, each of which would otherwise fire one trigger per key.
PROJECTION_KEY = {"db_constraint": False}
# A key that leads a unique constraint or an index needs no index of its own (the rebuild builds
# one less).
LEADS_ANOTHER_INDEX = {"db_index": False}


class RatedResult(models.Model):
    """One game result as the ratings projection saw it — also the task's tracking record.

    Written in the same transaction as the rating change it causes; ``UNIQUE(game,
    result_seq)`` makes a re-delivered task a no-op. ``result_seq`` is the seq of the game's
    ``GameEnded`` event and ``event_id`` its position in the whole store, which fixes the
    order in which results are rated (see ``ratings/projection.py``).
    """

    class Kind(models.TextChoices):
        ELO = "elo"
        MULTIPLAYER = "multiplayer"  # 3–5 players: pairwise Elo (ratings/elo.py ``rate_table``)
        SOLO = "solo"
        NOT_RATED = "not_rated"

    class Ending(models.TextChoices):
        RULES = "rules"
        TIMEOUT = "timeout"
        FORFEIT = "forfeit"
        RESIGNED = "resigned"
        ABORTED = "aborted"

    # None for a leg played at the table (issue 14): no engine game; ``tournament`` and ``leg`` say
    # which one, and ``result_seq`` / ``event_id`` are those of the event that settled it.
    game = models.ForeignKey("game.Game", null=True, on_delete=models.CASCADE, related_name="rating_results",
                             **PROJECTION_KEY, **LEADS_ANOTHER_INDEX)
    tournament = models.ForeignKey("tournament.Tournament", null=True, on_delete=models.CASCADE, related_name="+",
                                   **PROJECTION_KEY)
    leg = models.CharField(max_length=60, blank=True, default="", help_text="at the table: <pairing id>/<leg>")
    result_seq = models.PositiveIntegerField()
    event_id = models.BigIntegerField()
    system = models.CharField(max_length=40)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    ending = models.CharField(max_length=10, choices=Ending.choices)
    note = models.CharField(max_length=80, blank=True, default="")
    finished_at = models.DateTimeField()
    first_player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+", **PROJECTION_KEY)
    first_side = models.CharField(max_length=20, blank=True, default="")
    second_player = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+", **PROJECTION_KEY)
    second_side = models.CharField(max_length=20, blank=True, default="")
    # Elo: the first player's score (1, 0.5, 0). Solo: the game's outcome["score"].
    score = models.FloatField(null=True)
    # Multiplayer: [[side, player id, finishing place], ...] by side (1 = first; equal places tie).
    placings = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "result_seq"], name="rated_result_unique")]
        indexes = [models.Index(fields=["system", "kind", "event_id"])]


class RatingChange(models.Model):
    """One player's Elo update for one result: the rating history.

    ``rating_after = rating_before + k · (score − expected)``. In a game of more than two players
    ``score`` and ``expected`` are the means over the player's virtual duels with each other
    player, ``opponent`` is empty and the result's ``placings`` name the table.
    """

    result = models.ForeignKey(RatedResult, on_delete=models.CASCADE, related_name="changes", **PROJECTION_KEY,
                               **LEADS_ANOTHER_INDEX)
    system = models.CharField(max_length=40)
    event_id = models.BigIntegerField()
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="rating_changes",
                               **PROJECTION_KEY, **LEADS_ANOTHER_INDEX)
    opponent = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+",
                                 **PROJECTION_KEY)
    side = models.CharField(max_length=20)
    placing = models.PositiveSmallIntegerField(default=1, help_text="finishing place, 1 = first (shared on a tie)")
    players = models.PositiveSmallIntegerField(default=2)
    score = models.FloatField()
    expected = models.FloatField()
    k = models.FloatField()
    games_before = models.PositiveIntegerField()
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    peak_after = models.FloatField()

    class Meta:
        ordering = ["system", "event_id"]
        constraints = [models.UniqueConstraint(fields=["result", "player"], name="rating_change_unique")]
        # A player's history by system (leaderboards.player_ratings, the refold's states). The
        # player leads: integers sort faster than text when the rebuild builds it.
        indexes = [models.Index(fields=["player", "system", "event_id"])]


class PlayerRating(models.Model):
    """A player's current Elo in one game system (the latest ``RatingChange``, plus totals)."""

    system = models.CharField(max_length=40)
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="ratings")
    rating = models.FloatField()
    peak = models.FloatField()
    games = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()
    draws = models.PositiveIntegerField()
    losses = models.PositiveIntegerField()

    class Meta:
        ordering = ["system", "-rating"]
        constraints = [models.UniqueConstraint(fields=["system", "player"], name="player_rating_unique")]
        indexes = [models.Index(fields=["system", "-rating"])]


class RatingLedger(models.Model):
    """Per game system: the row locked while rating, and the newest result rated so far."""

    system = models.CharField(max_length=40, primary_key=True)
    last_event_id = models.BigIntegerField(default=0)
