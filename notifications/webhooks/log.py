"""The delivery log the manage pages show (issue 16): each webhook with its latest deliveries,
their status, tries and last answer — three queries for the whole list."""
from __future__ import annotations

from django.db.models import Prefetch
from django.utils.translation import gettext_lazy as _

from ..models import WebhookAttempt, WebhookDelivery
from . import derivation

SHOWN_DELIVERIES = 20
# How the pages name a webhook event and a delivery's status (the API keeps the codes).
EVENT_WORDS = {derivation.ROUND_STARTED: _("round started"), derivation.PAIRING_CREATED: _("pairing created"),
               derivation.GAME_FINISHED: _("game finished"), derivation.PAIRING_DECIDED: _("pairing decided"),
               derivation.STANDINGS_CHANGED: _("standings changed"),
               derivation.TOURNAMENT_FINISHED: _("tournament finished")}
STATUS_WORDS = {WebhookDelivery.Status.PENDING: _("Pending"), WebhookDelivery.Status.DELIVERED: _("Delivered"),
                WebhookDelivery.Status.FAILED: _("Failed")}


def webhook_log(endpoints) -> list[dict]:
    latest = WebhookDelivery.objects.order_by("-created_at").prefetch_related(
        Prefetch("tries", queryset=WebhookAttempt.objects.order_by("-at", "-id"), to_attr="latest_tries"))
    endpoints = endpoints.prefetch_related(
        Prefetch("deliveries", queryset=latest[:SHOWN_DELIVERIES], to_attr="recent_deliveries"))
    return [{"endpoint": e, "events": [event_words(name) for name in e.events],
             "deliveries": [{"delivery": d, "event": event_words(d.event), "status": STATUS_WORDS.get(d.status, d.status),
                             "last": (d.latest_tries or [None])[0]}
                            for d in e.recent_deliveries]}
            for e in endpoints]


def event_words(name: str):
    """``round_started`` → "round started": how the pages name a webhook event (lazy, for form choices)."""
    return EVENT_WORDS.get(name) or name.replace("_", " ")
