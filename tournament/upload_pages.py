"""The page side of a player's claim of his entrant in an imported tournament (the API's
``claim-entrant/`` calls the same service, tournament/uploads.py)."""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kernel.refusals import CommandRejected

from . import uploads


@login_required
@require_POST
def claim_entrant(request, tournament_id):
    try:
        entrant = uploads.claim_entrant(tournament_id, request.user)
    except CommandRejected as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("You are %(name)s of this tournament now.") % {"name": entrant.name})
    return redirect("tournament-page", tournament_id)
