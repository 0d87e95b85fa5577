"""The delivery log the manage pages show (issue 16): each webhook with its latest deliveries,
their status, tries and last answer — three queries for the whole list."""
from __future__ import annotations

from django.db.models import Prefetch

from ..models import WebhookAttempt, WebhookDelivery

SHOWN_DELIVERIES = 20


def webhook_log(endpoints) -> list[dict]:
    latest = WebhookDelivery.objects.order_by("-created_at").prefetch_related(
        Prefetch("tries", queryset=WebhookAttempt.objects.order_by("-at", "-id"), to_attr="latest_tries"))
    endpoints = endpoints.prefetch_related(
        Prefetch("deliveries", queryset=latest[:SHOWN_DELIVERIES], to_attr="recent_deliveries"))
    return [{"endpoint": e, "events": [event_words(name) for name in e.events],
             "deliveries": [{"delivery": d, "event": event_words(d.event), "last": (d.latest_tries or [None])[0]}
                            for d in e.recent_deliveries]}
            for e in endpoints]


def event_words(name: str) -> str:
    """``round_started`` → ``round started``: how the pages name a webhook event."""
    return name.replace("_", " ")
