"""Tournament read models (docs/rules/service.md, "Tournaments").

The truth is the event stream ``tournament-<id>``; these tables are indexes and caches that
``manage.py rebuild_tournaments`` rebuilds from it: ``Tournament`` (settings, referees and
status for permission checks and listing), ``Pairing``/``PairingGame`` (lookups from a game
or a pairing id to its tournament), ``TournamentProjection`` (cached bracket and standings).
Who may see a tournament is ``Tournament.objects.visible_to(user)`` (tournament/visibility.py).
"""
import uuid

from django.conf import settings
from django.db import models

from .events import stream_for
from .visibility import TournamentQuerySet


class Tournament(models.Model):
    league = models.ForeignKey("leagues.League", on_delete=models.PROTECT, related_name="tournaments")
    season = models.ForeignKey("leagues.Season", null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="tournaments")
    name = models.CharField(max_length=160)
    system = models.CharField(max_length=40)
    format = models.CharField(max_length=30)
    scoring = models.CharField(max_length=20)
    status = models.CharField(max_length=20, default="registration")
    is_public = models.BooleanField(default=True)
    time_control = models.JSONField(null=True, blank=True)
    referees = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="refereed_tournaments")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    @property
    def stream(self) -> str:
        return stream_for(self.pk)

    def __str__(self) -> str:
        return self.name


class TournamentSecret(models.Model):
    """The seed of the tournament's lots (seeding ties, first sides); revealed when it finishes."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, primary_key=True, related_name="secret")
    seed = models.CharField(max_length=128)


class Pairing(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    key = models.CharField(max_length=40)
    round = models.PositiveIntegerField()
    # A voided pairing (``PairingVoided``) gives its bracket key to the pairing created again.
    voided = models.BooleanField(default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "key"], condition=models.Q(voided=False),
                                               name="pairing_key_unique")]


class PairingGame(models.Model):
    game = models.OneToOneField("game.Game", on_delete=models.CASCADE, primary_key=True, related_name="pairing_link")
    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="games")
    leg = models.PositiveSmallIntegerField()


class TournamentProjection(models.Model):
    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, primary_key=True,
                                      related_name="projection")
    version = models.PositiveIntegerField()
    bracket = models.JSONField()
    standings = models.JSONField()


class TournamentUpload(models.Model):
    """A tournament played on another instance (a club's laptop) and imported here
    (tournament/uploads.py). Its events are stored again in this tournament's stream, the same
    content under this server's stream name; hashed under ``source_stream`` they give
    ``head_hash`` again, so the file's history stays provable here."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="upload")
    source_stream = models.CharField(max_length=80)
    # The hash of its first event names the tournament whatever was appended later; the head
    # hash names this file: importing the same file again finds this row and changes nothing.
    origin_hash = models.CharField(max_length=64, unique=True)
    head_hash = models.CharField(max_length=64, unique=True)
    imported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    imported_at = models.DateTimeField(auto_now_add=True)


class UploadedEntrant(models.Model):
    """An account of this server matched to an entrant of an imported tournament: by the
    player's own claim or by a league admin's explicit mapping, never by the name alone."""

    class How(models.TextChoices):
        CLAIMED = "claimed"
        MAPPED = "mapped"

    upload = models.ForeignKey(TournamentUpload, on_delete=models.CASCADE, related_name="entrants")
    name = models.CharField(max_length=150)  # the entrant as the tournament's history names him
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    how = models.CharField(max_length=10, choices=How.choices)
    matched_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["upload", "name"], name="uploaded_entrant_once"),
                       models.UniqueConstraint(fields=["upload", "user"], name="uploaded_account_once")]
