"""Integration messages of leagues' organisers, for the apps above (notifications).

Written to the outbox (kernel/outbox.py) in the transaction of the change; consumers are
registered in ``NIGHTDUEL_OUTBOX_CONSUMERS`` and run once per message. The messages stay in
the outbox table, so "has this person asked?" is read back from them (:func:`last_request`).

``ratings.organiser_requested``  ``league`` (name), ``slug``, ``username``, ``message``,
                                 ``admin_ids`` (who is asked), ``ref`` (one a day per person and league).
``ratings.organiser_granted``    ``slug``, ``username``, ``by`` (the league admin who granted it).
"""
from __future__ import annotations

from kernel import outbox
from kernel.models import OutboxMessage

ORGANISER_REQUESTED = "ratings.organiser_requested"
ORGANISER_GRANTED = "ratings.organiser_granted"


def organiser_requested(league, username: str, message: str, admins, day: str) -> None:
    outbox.enqueue(ORGANISER_REQUESTED, {
        "league": league.name, "slug": league.slug, "username": username, "message": message,
        "admin_ids": [a.pk for a in admins], "ref": f"league-{league.slug}#organise-{username}-{day}"})


def organiser_granted(league, username: str, by: str) -> None:
    outbox.enqueue(ORGANISER_GRANTED, {"slug": league.slug, "username": username, "by": by})


def last_request(slug: str, username: str):
    """When ``username`` last asked to organise the league ``slug`` with no grant since, else None."""
    def latest(topic):
        return (OutboxMessage.objects.filter(topic=topic, payload__slug=slug, payload__username=username)
                .order_by("-id").values_list("id", "created_at").first())
    asked, granted = latest(ORGANISER_REQUESTED), latest(ORGANISER_GRANTED)
    if asked is None or (granted is not None and granted[0] > asked[0]):
        return None
    return asked[1]
