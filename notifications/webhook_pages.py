"""The webhook pages (issue 16): a tournament's organisers and a league's admins register, list
and remove receivers and re-send a delivery. The same calls as the API (webhooks/registration.py);
a refusal is shown beside its field and nothing is stored.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.roles import is_league_admin
from kernel import refusals
from kernel.form_views import page_status
from kernel.form_errors import show_rejection
from kernel.refusals import CommandRejected
from leagues.services import league_at
from tournament.permissions import organised_or_refused

from .forms import WebhookForm
from .models import WebhookDelivery, WebhookEndpoint
from .webhooks import registration as webhooks
from .webhooks.log import webhook_log

FIELD_FOR_CODE = {"webhook_address_refused": "url", "unknown_webhook_event": "events"}


@login_required
@require_http_methods(["GET", "POST"])
def tournament_webhooks(request, tournament_id):
    """A tournament's webhooks: its organisers only; 404 to whoever may not see the tournament."""
    try:
        tournament = organised_or_refused(request.user, tournament_id, _("manage this tournament's webhooks"))
    except CommandRejected as exc:
        if exc.kind == refusals.NOT_FOUND:
            raise Http404("no such tournament") from None
        raise PermissionDenied(exc.message) from None
    return _webhook_page(request, {"tournament": tournament}, "notifications/tournament_webhooks.html",
                         {"tournament": tournament})


@login_required
@require_http_methods(["GET", "POST"])
def league_webhooks(request, league):
    """The league's webhooks: every tournament of the league posts to them (league admins only)."""
    if not is_league_admin(request.user):
        raise PermissionDenied(_("Only a league admin may do this."))
    try:
        league = league_at(league)
    except CommandRejected:
        raise Http404("no such league") from None
    return _webhook_page(request, {"league": league}, "notifications/league_webhooks.html", {"league": league})


def _webhook_page(request, owner: dict, template: str, context: dict):
    add_form = WebhookForm(prefix="webhook")
    status = 200
    if request.method == "POST":
        action = request.POST.get("action")
        endpoint_of = {f"endpoint__{k}": v for k, v in owner.items()}
        try:
            if action == "add_webhook":
                add_form = WebhookForm(request.POST, prefix="webhook")
                status = 400
                if add_form.is_valid():
                    endpoint = webhooks.register(request.user, **owner, **add_form.cleaned_data)
                    messages.success(request, _("Webhook saved: events go to %(url)s, signed with the secret "
                                                "%(secret)s.") % {"url": endpoint.url, "secret": endpoint.secret})
                    return redirect(request.path)
            elif action == "remove_webhook":
                endpoint = get_object_or_404(WebhookEndpoint, pk=request.POST.get("webhook") or 0, **owner)
                webhooks.remove(request.user, endpoint)
                messages.success(request, _("Webhook removed: nothing more is sent to %(url)s.") % {"url": endpoint.url})
                return redirect(request.path)
            elif action == "resend_delivery":
                delivery = get_object_or_404(WebhookDelivery, pk=request.POST.get("delivery"), **endpoint_of)
                webhooks.resend(request.user, delivery)
                messages.success(request, _("Delivery %(id)s is sent again.") % {"id": str(delivery.pk)[:8]})
                return redirect(request.path)
            else:
                raise Http404("no such action")
        except CommandRejected as exc:
            show_rejection(add_form, exc, FIELD_FOR_CODE)
            status = page_status(exc, (refusals.INVALID, refusals.CONFLICT, refusals.UNPROCESSABLE))
        except ValidationError:
            raise Http404("no such delivery") from None
    endpoints = WebhookEndpoint.objects.filter(**owner)
    return render(request, template, {**context, "webhooks": webhook_log(endpoints), "add_form": add_form},
                  status=status)
