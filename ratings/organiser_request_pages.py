"""Asking for the right to organise, and granting it (issue 26; the rules:
ratings/organiser_requests.py). The league page names its organisers and the league admins and
links here; the admins' notification carries the one-click grant."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kernel import refusals
from kernel.form_views import ServiceFormView
from game.visibility import is_league_admin
from accounts.roles import is_league_admin, league_admins
from tournament.permissions import page_refusal

from . import organiser_requests
from .forms import OrganiserRequestForm
from .pages import league_or_404


class AskToOrganise(ServiceFormView):
    form_class = OrganiserRequestForm
    template_name = "ratings/ask_to_organise.html"
    refusal_fields = {"message_too_long": "message"}
    status_kinds = refusals.KINDS

    def prepare(self, request, *args, **kwargs):
        self.league = league_or_404(kwargs["league"])
        self.organises = is_league_admin(request.user) or self.league.organisers.filter(pk=request.user.pk).exists()

    def post(self, request, *args, **kwargs):
        if self.organises:  # nothing to ask: the page says so
            return self.render_page(self.get_form())
        return super().post(request, *args, **kwargs)

    def perform(self, form):
        return organiser_requests.ask_to_organise(self.league, self.request.user, form.cleaned_data["message"])

    def success_message(self, form, admins):
        return _("Your request went to %(admins)s. You are told here when one of them makes you an organiser.") % {
            "admins": ", ".join(a.get_username() for a in admins)}

    def get_success_url(self, form, admins):
        return reverse("league-page", kwargs={"slug": self.league.slug})

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            league=self.league, organises=self.organises, admins=organiser_requests.league_admins(),
            asked_at=None if self.organises else organiser_requests.last_request(self.league, self.request.user),
            **kwargs)


ask_to_organise = login_required(AskToOrganise.as_view())


@require_POST
def grant_organiser(request, league):
    """A league admin's one click (from the request's notification): the asker organises now."""
    league = league_or_404(league)
    if not is_league_admin(request.user):
        return page_refusal(request, _("Only a league admin may do this."))
    username = request.POST.get("username", "")
    try:
        organiser_requests.grant_organiser(league, username, request.user)
    except refusals.Refusal as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("%(username)s organises %(league)s now and has been told.") % {
            "username": username, "league": league.name})
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        return redirect(back)
    return redirect("league-page", slug=league.slug)
