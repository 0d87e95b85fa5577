"""Asking for the right to organise, and granting it (issue 26; the rules:
ratings/organiser_requests.py). The league page names its organisers and the league admins and
links here; the admins' notification carries the one-click grant."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from game.form_errors import show_rejection
from kernel.refusals import CommandRejected
from accounts.roles import is_league_admin, league_admins
from tournament.permissions import page_refusal

from . import organiser_requests
from .forms import OrganiserRequestForm
from .pages import league_or_404


@login_required
@require_http_methods(["GET", "POST"])
def ask_to_organise(request, league):
    league = league_or_404(league)
    form = OrganiserRequestForm(request.POST or None)
    organises = is_league_admin(request.user) or league.organisers.filter(pk=request.user.pk).exists()
    status = 200
    if request.method == "POST" and not organises:
        status = 400
        if form.is_valid():
            try:
                admins = organiser_requests.ask_to_organise(league, request.user, form.cleaned_data["message"])
            except CommandRejected as exc:
                show_rejection(form, exc, {"message_too_long": "message"})
                status = exc.status
            else:
                messages.success(request, _("Your request went to %(admins)s. You are told here when one of them "
                                            "makes you an organiser.") % {
                    "admins": ", ".join(a.get_username() for a in admins)})
                return redirect("league-page", slug=league.slug)
    return render(request, "ratings/ask_to_organise.html", {
        "league": league, "form": form, "organises": organises,
        "admins": league_admins(),
        "asked_at": None if organises else organiser_requests.last_request(league, request.user)}, status=status)


@require_POST
def grant_organiser(request, league):
    """A league admin's one click (from the request's notification): the asker organises now."""
    league = league_or_404(league)
    if not is_league_admin(request.user):
        return page_refusal(request, _("Only a league admin may do this."))
    username = request.POST.get("username", "")
    try:
        organiser_requests.grant_organiser(league, username, request.user)
    except CommandRejected as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("%(username)s organises %(league)s now and has been told.") % {
            "username": username, "league": league.name})
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)
    return redirect("league-page", slug=league.slug)
