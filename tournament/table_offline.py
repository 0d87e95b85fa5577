"""The table report page as an installable web app for halls with poor signal (issue 30,
"Report offline"): its web app manifest, and the service worker that keeps the player's current
report page (and what it loads) to open without a connection. The page's own script
(static/js/table_offline.js) keeps a report, confirmation or dispute made offline on the phone
with its Idempotency-Key and sends it when the connection returns; the services count a resend once.
"""
from __future__ import annotations

from django.http import JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from . import pages

# The worker's scope: the tournament pages. It answers only for the report pages and what they load.
SCOPE = "/tournaments/"


@require_GET
def service_worker(request):
    response = render(request, "tournament/table_report_sw.js",
                      content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"  # a new version of the worker is picked up at once
    return response


@require_GET
def manifest(request, tournament_id, pairing_id):
    """Installed from a pairing's report page, the app opens at that page."""
    tournament = pages.visible_tournament(request, tournament_id)
    return JsonResponse({
        "name": f"{tournament.name} · Nightduel", "short_name": "Nightduel", "lang": request.LANGUAGE_CODE,
        "start_url": reverse("tournament-pairing-report", args=[tournament.pk, pairing_id]),
        "scope": SCOPE, "display": "standalone", "background_color": "#10141f", "theme_color": "#10141f",
        "icons": [{"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }, content_type="application/manifest+json")


def offline_words() -> dict:
    """What the page's script says, in the viewer's language."""
    return {
        "offline": _("No connection: what you send now is kept on this phone and sent when the connection returns."),
        "waiting": _("%(what)s is waiting to send: it is kept on this phone and sent by itself when the connection "
                     "returns."),
        "sent": _("%(what)s was sent when the connection returned."),
        "refused": _("%(what)s was sent when the connection returned. %(why)s"),
        "not_saved": _("Nothing was saved: %(why)s"),
        "refused_status": _("the server refused it (error %(status)s)."),
        "logged_out": _("Nothing was saved: you are logged out. Log in, then send it again."),
        "dismiss": _("Understood"),
    }
