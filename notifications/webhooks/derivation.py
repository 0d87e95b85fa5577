"""Which tournament messages are posted to webhooks, and as what (issue 16).

Each of the tournament's integration messages below (tournament/messages.py) becomes one webhook
event: ``round_started``, ``pairing_created``, ``game_finished`` (a game's result recorded),
``pairing_decided`` (a revoked penalty that re-decides a pairing is posted again),
``standings_changed`` and ``tournament_finished``. Each becomes one delivery per endpoint of the
tournament or of its league, keyed by the message's ``ref``, so a message consumed twice queues
nothing new.
"""
from __future__ import annotations

from django.conf import settings
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from tournament import messages as tm

from ..models import WebhookDelivery, WebhookEndpoint

ROUND_STARTED = "round_started"
PAIRING_CREATED = "pairing_created"
GAME_FINISHED = "game_finished"
PAIRING_DECIDED = "pairing_decided"
STANDINGS_CHANGED = "standings_changed"
TOURNAMENT_FINISHED = "tournament_finished"
EVENTS = (ROUND_STARTED, PAIRING_CREATED, GAME_FINISHED, PAIRING_DECIDED, STANDINGS_CHANGED, TOURNAMENT_FINISHED)

EVENT_OF = {tm.ROUND_STARTED: ROUND_STARTED, tm.PAIRING_CREATED: PAIRING_CREATED, tm.GAME_RECORDED: GAME_FINISHED,
            tm.PAIRING_DECIDED: PAIRING_DECIDED, tm.STANDINGS_CHANGED: STANDINGS_CHANGED,
            tm.FINISHED: TOURNAMENT_FINISHED}


def data_of(topic: str, m: dict) -> dict:
    """The webhook's ``data``: as the message publishes it for webhooks, or its decision or table."""
    if topic == tm.PAIRING_DECIDED:
        return {k: m[k] for k in ("seq", "pairing_id", "key", "round", "a", "b", "result")}
    if topic == tm.STANDINGS_CHANGED:
        return {"seq": m["seq"], **m["standings"]}
    return m["data"]


def endpoints_for(m: dict):
    return WebhookEndpoint.objects.filter(Q(tournament_id=m["tournament_id"]) | Q(league__slug=m["league"]))


def envelope(m: dict, event: str, data: dict) -> dict:
    site = settings.NIGHTDUEL_SITE_URL.rstrip("/")
    return {"event": event, "sent_for": timezone.now().isoformat(),
            "tournament": {"id": m["tournament_id"], "name": m["tournament"], "league": m["league"],
                           "url": site + reverse("tournament-page", args=[m["tournament_id"]])},
            "data": data}


def queue_deliveries(topic: str, m: dict) -> list:
    """Create the deliveries of one message; the ids of those created now."""
    event = EVENT_OF[topic]
    created = []
    now = timezone.now()
    for endpoint in endpoints_for(m):
        if not endpoint.wants(event):
            continue
        delivery, new = WebhookDelivery.objects.get_or_create(
            endpoint=endpoint, key=m["ref"],
            defaults={"event": event, "payload": envelope(m, event, data_of(topic, m)), "next_attempt_at": now})
        if new:
            created.append(delivery.pk)
    return created
