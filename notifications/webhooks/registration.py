"""Registering webhooks (issue 16): an organiser for a tournament, a league admin for a league.

One service for the API and the manage page. The URL is checked here (addresses.py) and again
at every delivery; the secret is the organiser's own, or generated when left blank.
"""
from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from kernel import refusals
from kernel.refusals import CommandRejected
from game.visibility import is_league_admin
from accounts.roles import is_league_admin
from tournament.permissions import is_organiser, require

from .. import tasks
from ..models import WebhookDelivery, WebhookEndpoint
from .addresses import AddressRefused, check
from .delivery import resend as make_due
from .derivation import EVENTS


def may_manage(user, endpoint: WebhookEndpoint) -> bool:
    if endpoint.tournament_id:
        return is_organiser(user, endpoint.tournament)
    return is_league_admin(user)


def register(user, *, url: str, secret: str = "", events=(), tournament=None, league=None) -> WebhookEndpoint:
    if tournament is not None:
        require(is_organiser(user, tournament), user, _("register webhooks for this tournament"))
    else:
        require(is_league_admin(user), user, _("register webhooks for this league"))
    unknown = sorted(set(events) - set(EVENTS))
    if unknown:
        raise CommandRejected(refusals.INVALID, "unknown_webhook_event",
                              _("unknown events %(names)s; choose from %(known)s")
                              % {"names": ", ".join(unknown), "known": ", ".join(EVENTS)})
    try:
        check(url)
    except AddressRefused as exc:
        raise CommandRejected(refusals.UNPROCESSABLE, "webhook_address_refused", str(exc)) from None
    return WebhookEndpoint.objects.create(
        url=url, secret=secret or secrets.token_urlsafe(32), events=sorted(set(events)),
        tournament=tournament, league=league, created_by=user)


def remove(user, endpoint: WebhookEndpoint) -> None:
    require(may_manage(user, endpoint), user, _("remove this webhook"))
    endpoint.delete()


def resend(user, delivery: WebhookDelivery) -> WebhookDelivery:
    """Queue one more try of ``delivery`` under its delivery id."""
    require(may_manage(user, delivery.endpoint), user, _("re-send this delivery"))
    with transaction.atomic():
        delivery = make_due(delivery)
        transaction.on_commit(lambda: tasks.deliver_webhook.delay(str(delivery.pk)), robust=True)
    return delivery
