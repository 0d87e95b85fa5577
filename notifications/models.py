"""Notifications to users, their choices, and organisers' webhooks (issue 16).

A ``Notification`` is unique per (user, kind, key): the key names the event that caused it
(``game-<id>#<seq>``), so a task run twice records it once. E-mail is claimed (``mail`` =
sent) in a committed transaction before it is handed to the mail backend: at most once.
A ``WebhookDelivery`` is unique per (endpoint, key): one delivery id per event, retried and
re-sent under that id, every try kept as a ``WebhookAttempt``.
"""
import uuid

from django.conf import settings
from django.db import models

from .kinds import KINDS, LABELS, text


class Notification(models.Model):
    class Mail(models.TextChoices):
        NOT_WANTED = "not_wanted"      # not wanted by e-mail (or no address)
        PENDING = "pending"            # to be mailed unless read on the site first
        SENT = "sent"                  # claimed and handed to the mail backend
        READ_ON_SITE = "read_on_site"  # read on the site before it was mailed: dropped

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=30, choices=[(k, LABELS[k]) for k in KINDS])
    key = models.CharField(max_length=200)
    facts = models.JSONField(default=dict)
    url = models.CharField(max_length=300, blank=True, default="")
    in_page = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    mail = models.CharField(max_length=12, choices=Mail.choices, default=Mail.NOT_WANTED)
    mailed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [models.UniqueConstraint(fields=["user", "kind", "key"], name="notification_once")]
        indexes = [models.Index(fields=["user", "read_at"]), models.Index(fields=["mail", "user"])]

    @property
    def text(self) -> str:
        return text(self.kind, self.facts)


class NotificationPreference(models.Model):
    """How a user wants one kind (no row: the defaults in notifications/preferences.py)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notification_preferences")
    kind = models.CharField(max_length=30, choices=[(k, LABELS[k]) for k in KINDS])
    in_page = models.BooleanField(default=True)
    by_email = models.BooleanField(default=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="preference_unique")]


class WebhookEndpoint(models.Model):
    """A URL an organiser (of a tournament) or a league admin (of a league) wants events posted to."""

    tournament = models.ForeignKey("tournament.Tournament", null=True, blank=True, on_delete=models.CASCADE,
                                   related_name="webhooks")
    league = models.ForeignKey("leagues.League", null=True, blank=True, on_delete=models.CASCADE,
                               related_name="webhooks")
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=200)
    events = models.JSONField(default=list)  # the event names it wants; empty = all
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.CheckConstraint(
            condition=models.Q(tournament__isnull=True) ^ models.Q(league__isnull=True), name="webhook_one_scope")]

    def wants(self, event: str) -> bool:
        return not self.events or event in self.events


class WebhookDelivery(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        DELIVERED = "delivered"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)  # the delivery id header
    endpoint = models.ForeignKey(WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries")
    event = models.CharField(max_length=40)
    key = models.CharField(max_length=200)
    payload = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    lease_until = models.DateTimeField(null=True, blank=True)  # a worker is trying it until then
    resend_requested = models.BooleanField(default=False)  # one try by hand, no automatic retries
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["endpoint", "key"], name="delivery_once")]
        indexes = [models.Index(fields=["status", "next_attempt_at"])]


class WebhookAttempt(models.Model):
    delivery = models.ForeignKey(WebhookDelivery, on_delete=models.CASCADE, related_name="tries")
    at = models.DateTimeField(auto_now_add=True)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True, default="")
    duration_ms = models.PositiveIntegerField(default=0)
    resend = models.BooleanField(default=False)

    class Meta:
        ordering = ["at", "id"]
