"""Games proposed before they exist: a challenge to named players, or an open seek in the lobby.

A ``Challenge`` holds everything ``game.services.create_game`` needs (system, setup, time
control, rated) and one ``ChallengeSeat`` per side: the challenger's seat, an invited player's
(accepted or not yet), or an open seat (``user`` empty) a seek fills. When every seat is taken
and accepted the game is created, once: the row is locked while it is answered.
"""
import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import pgettext_lazy


class Challenge(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", pgettext_lazy("status of a challenge", "open")
        STARTED = "started", pgettext_lazy("status of a challenge", "started")  # every seat taken: ``game`` exists
        DECLINED = "declined", pgettext_lazy("status of a challenge", "declined")
        CANCELLED = "cancelled", pgettext_lazy("status of a challenge", "cancelled")
        EXPIRED = "expired", pgettext_lazy("status of a challenge", "expired")

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    challenger = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_made")
    system = models.CharField(max_length=40)
    setup = models.JSONField(default=dict, blank=True)
    time_control = models.JSONField(null=True, blank=True)
    pace = models.CharField(max_length=30, blank=True, default="")  # the preset's key, for the lobby's filter
    rated = models.BooleanField(default=True)
    random_sides = models.BooleanField(default=False)  # seats are drawn when the game starts
    is_seek = models.BooleanField(default=False)       # listed in the lobby; anyone in the range may join
    rating_min = models.PositiveIntegerField(null=True, blank=True)
    rating_max = models.PositiveIntegerField(null=True, blank=True)
    challenger_rating = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)
    game = models.OneToOneField("game.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    rematch_of = models.ForeignKey("game.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "expires_at"]), models.Index(fields=["is_seek", "status", "system"])]

    def __str__(self) -> str:
        return f"{self.system} challenge by {self.challenger_id} ({self.status})"


class ChallengeSeat(models.Model):
    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="seats")
    side = models.CharField(max_length=20)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="challenge_seats")
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["challenge", "side"], name="challenge_seat_once")]
