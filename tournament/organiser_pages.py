"""The organiser's pages (issue 13): create a tournament, manage it, change its settings, and
the join link a player registers through.

Thin like the API views beside them: each request checks the role with the same permission
functions (tournament/permissions.py), validates a form, calls the same service function the
API calls, and redirects. A rejected form or a refused service call re-renders the page with
the words next to the field and appends nothing. Every action's effect is previewed on the
page before the button (tournament/previews.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.forms import PeopleForm
from kernel.site_address import phone_root
from kernel.form_errors import sentence
from kernel.form_views import ServiceFormView, page_status
from kernel.refusals import Refusal
from game.visibility import is_league_admin
from leagues.models import League
from kernel.form_errors import sentence, show_rejection
from accounts.roles import is_league_admin, league_admins

from . import entry_ratings, previews, scoring, services
from .upload_views import export_response
from .forms import (AddEntrantForm, CancelForm, EntrantForm, SeedingForm, StartRoundForm, TournamentSettingsForm,
                    WithdrawForm, moved)
from .models import Tournament
from .permissions import holds_join_key, is_entrant, is_organiser, join_key, may_organise
from .state import CANCELLED, FINISHED
from .visibility import may_view

# Service rejection codes → the field they are shown beside (a form without it shows them above).
FIELD_FOR_ACTION_CODE = {"unknown_user": "username", "already_registered": "username",
                         "registration_closed": "username", "invalid_rating": "rating", "not_an_entrant": "entrant",
                         "seeding_mismatch": "method", "reason_required": "reason"}


def _tournament(tournament_id) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("league", "season"), pk=tournament_id)


def _organised(request, tournament_id) -> Tournament:
    """The tournament, if the signed-in user organises it (league admins too); else 403, or 404
    to whoever may not even see it (a private tournament, as the API answers)."""
    tournament = _tournament(tournament_id)
    if not is_organiser(request.user, tournament):
        if not may_view(request.user, tournament):
            raise Http404("no such tournament")
        raise PermissionDenied(_("Only the league's organisers manage this tournament."))
    return tournament


class NewTournament(ServiceFormView):
    form_class = TournamentSettingsForm
    template_name = "tournament/new.html"

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "user": self.request.user}

    def perform(self, form):
        arguments = form.create_arguments()
        if not may_organise(self.request.user, arguments["league"]):
            raise PermissionDenied(_("You do not organise this league."))
        return services.create_tournament(created_by=self.request.user, **arguments)

    def show_refusal(self, form, refusal):
        form.show_rejection(refusal)

    def success_message(self, form, tournament):
        return _("%(name)s is created. Next: add entrants, or share the join link.") % {"name": tournament.name}

    def get_success_url(self, form, tournament):
        return reverse("tournament-manage", kwargs={"tournament_id": tournament.pk})

    def get_context_data(self, form, **kwargs):
        return super().get_context_data(form=form, organises=form.fields["league"].queryset.exists(),
                                        leagues=League.objects.prefetch_related("organisers"),
                                        league_admins=league_admins(), **kwargs)


class TournamentSettings(ServiceFormView):
    form_class = TournamentSettingsForm
    template_name = "tournament/settings.html"

    def prepare(self, request, *args, tournament_id, **kwargs):
        self.tournament = _organised(request, tournament_id)
        self.state = services.load_state(self.tournament)

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "user": self.request.user, "tournament": self.tournament,
                "state": self.state}

    def perform(self, form):
        changes = form.changes()
        if changes:
            services.change_settings(self.tournament.pk, changes, self.request.user.get_username())
        return bool(changes)

    def show_refusal(self, form, refusal):
        form.show_rejection(refusal)

    def succeeded(self, form, changed):
        if not changed:
            messages.info(self.request, _("Nothing changed."))
        return super().succeeded(form, changed)

    def success_message(self, form, changed):
        return _("The settings are saved.") if changed else None

    def get_success_url(self, form, changed):
        return reverse("tournament-manage", kwargs={"tournament_id": self.tournament.pk})

    def get_context_data(self, **kwargs):
        return super().get_context_data(tournament=self.tournament, state=self.state,
                                        fixed=self.state.started or self.state.status == CANCELLED, **kwargs)


new_tournament = login_required(NewTournament.as_view())
tournament_settings = login_required(TournamentSettings.as_view())


# -- the manage page ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Action:
    """One organiser action of the manage page: its form, the service call, the words after it."""

    form: Callable  # (data, state, tournament) -> form
    call: Callable  # (tournament, actor, form) -> message
    league_admin_only: bool = False
    codes: dict | None = None  # rejection code → field, where it differs from FIELD_FOR_ACTION_CODE


def _active_order(state) -> list[str]:
    """The order the manual seeding list starts from: the current seeds, then the rest."""
    active = state.active_entrants()
    seeded = [n for n in (state.seeds or []) if n in active]
    return seeded + [n for n in active if n not in seeded]


def _add_entrant(tournament, actor, form):
    username = form.cleaned_data["username"].strip()
    state = services.register(tournament.pk, username, actor, form.cleaned_data["rating"])
    return _("%(name)s is registered with rating %(rating)s.") % {
        "name": username, "rating": rating_words(state.entrants[username])}


def rating_words(entry: dict) -> str:
    """An entry rating as the organiser and the player read it: a provisional one says why, true
    both of the unrated (the start rating) and of a player with a few rated games (1538 after 6)."""
    if not entry.get("provisional"):
        return "%.0f" % entry["rating"]
    return _("%(rating).0f (provisional: fewer than %(games)d rated games in this game)") % {
        "rating": entry["rating"], "games": entry_ratings.source().provisional_games}


def _check_in(tournament, actor, form):
    services.check_in(tournament.pk, form.cleaned_data["entrant"], actor)
    return _("%(name)s is checked in.") % {"name": form.cleaned_data["entrant"]}


def _withdraw(tournament, actor, form):
    services.withdraw(tournament.pk, form.cleaned_data["entrant"], actor, form.cleaned_data["reason"])
    return _("%(name)s is withdrawn.") % {"name": form.cleaned_data["entrant"]}


def _seed(tournament, actor, form):
    state = services.seed(tournament.pk, actor, form.cleaned_data["order"], form.cleaned_data["method"])
    return _("Seeded: %(order)s.") % {"order": ", ".join(f"{i}. {n}" for i, n in enumerate(state.seeds, 1))}


def _start_round(tournament, actor, form):
    state = services.start_round(tournament.pk, actor, expected_round=form.cleaned_data["round"])
    return _("Round %(n)d has started: its games are open.") % {"n": state.rounds[-1]["round"]}


def _referees(tournament, actor, form):
    names = form.usernames()
    services.appoint_referees(tournament.pk, services.users_named(names))
    return _("Referees: %(names)s.") % {"names": ", ".join(sorted(names)) or _("none")}


def _cancel(tournament, actor, form):
    services.cancel_tournament(tournament.pk, form.cleaned_data["reason"], actor)
    return _("The tournament is cancelled.")


ACTIONS: dict[str, Action] = {
    "add_entrant": Action(lambda data, state, t: AddEntrantForm(data, prefix="add"), _add_entrant),
    "check_in": Action(lambda data, state, t: EntrantForm(data, prefix="check_in"), _check_in),
    "withdraw": Action(lambda data, state, t: WithdrawForm(data, prefix="withdraw", entrants=[
        n for n, e in state.entrants.items() if not e["withdrawn"]]), _withdraw),
    "seed": Action(lambda data, state, t: SeedingForm(data, prefix="seed", entrants=_active_order(state)), _seed),
    "start_round": Action(lambda data, state, t: StartRoundForm(data, prefix="round", initial={
        "round": len(state.rounds) + 1}), _start_round),
    "referees": Action(lambda data, state, t: PeopleForm(
        data, prefix="referees", people=sorted(u.get_username() for u in t.referees.all()), label=_("Referees"),
        add_label=_("Add a referee")), _referees, league_admin_only=True,
        codes={"unknown_user": "add"}),
    "cancel": Action(lambda data, state, t: CancelForm(data, prefix="cancel"), _cancel),
}


class Manage(ServiceFormView):
    """The manage page: one form per organiser action (``ACTIONS``); a POST names its action."""

    template_name = "tournament/manage.html"

    def prepare(self, request, *args, tournament_id, **kwargs):
        self.tournament = _organised(request, tournament_id)
        self.state = services.load_state(self.tournament)
        self.forms = {name: action.form(None, self.state, self.tournament) for name, action in ACTIONS.items()}

    def post(self, request, *args, **kwargs):
        self.name = request.POST.get("action", "")
        self.action = ACTIONS.get(self.name)
        if self.action is None:
            raise Http404("no such action")
        if self.action.league_admin_only and not is_league_admin(request.user):
            raise PermissionDenied(_("Only a league admin appoints referees."))
        if self.name == "seed" and request.POST.get("seed-move"):
            # An up/down button of the manual order (without JavaScript): redraw, append nothing.
            order = moved([n for n in request.POST.getlist("seed-order") if n in self.state.entrants],
                          request.POST["seed-move"])
            self.forms["seed"] = SeedingForm(prefix="seed", entrants=order, initial={"method": "manual", "order": order})
            return self.render_page(None)
        return super().post(request, *args, **kwargs)

    def get_form(self):
        if self.request.method != "POST":
            return None
        self.forms[self.name] = self.action.form(self.request.POST, self.state, self.tournament)
        return self.forms[self.name]

    def perform(self, form):
        return self.action.call(self.tournament, self.request.user.get_username(), form)

    def get_refusal_fields(self, form, refusal):
        return {**FIELD_FOR_ACTION_CODE, **(self.action.codes or {})}

    def success_message(self, form, message):
        return message

    def get_success_url(self, form, message):
        return reverse("tournament-manage", args=[self.tournament.pk]) + f"#{_section(self.name)}"

    def get_context_data(self, form, **kwargs):
        return _manage_context(self.request, self.tournament, self.state, self.forms)


manage = login_required(Manage.as_view())


@login_required
@require_http_methods(["GET"])
def export_file(request, tournament_id):
    """The finished tournament as one file for the league's server: the API's export (tournament/exports.py)."""
    tournament = _organised(request, tournament_id)
    try:
        return export_response(tournament)
    except Refusal as exc:  # not finished: the button is not shown then
        messages.error(request, exc.message)
        return redirect(reverse("tournament-manage", args=[tournament.pk]) + "#rounds")


def _section(action: str) -> str:
    return {"add_entrant": "entrants", "check_in": "entrants", "withdraw": "entrants", "seed": "seeding",
            "start_round": "rounds", "referees": "referees", "cancel": "cancel"}[action]


def registration_open(state) -> bool:
    return state.status not in (FINISHED, CANCELLED) and (
        state.seeds is None or state.tournament_format.accepts_late_entry(state.options))


def join_url(request, tournament) -> str:
    return phone_root(request) + reverse("tournament-join", args=[tournament.pk, join_key(tournament)])


def _manage_context(request, tournament, state, forms) -> dict:
    seeds = {name: i for i, name in enumerate(state.seeds or [], 1)}
    entrants = [{"name": n, "seed": seeds.get(n), **e} for n, e in state.entrants.items()]
    entrants.sort(key=lambda e: (e["withdrawn"], e["seed"] or len(seeds) + 1))
    join_open = registration_open(state)
    seed_order = forms["seed"].initial.get("order") or _active_order(state)
    steps = [
        (_("Settings"), True),
        (_("Entrants (%(count)d)") % {"count": len(state.active_entrants())}, state.seeds is not None),
        (_("Seeding"), state.seeds is not None),
        (_("Rounds"), state.status == FINISHED),
        (_("Final standings"), state.status == FINISHED),
    ]
    current = next((i for i, (_label, done) in enumerate(steps) if not done), None)
    rounds: dict[int, dict] = {}
    for p in state.pairings.values():
        if not p["bye"]:
            row = rounds.setdefault(p["round"], {"round": p["round"], "pairings": 0, "decided": 0})
            row["pairings"] += 1
            row["decided"] += state.result(p["id"]).status == scoring.DECIDED
    return {
        "tournament": tournament, "state": state, "forms": forms, "entrants": entrants,
        "steps": [{"label": label, "done": done, "current": i == current} for i, (label, done) in enumerate(steps)],
        "next_step": previews.next_step(state, join_open),
        "join_open": join_open, "join_url": join_url(request, tournament) if join_open else "",
        "needs_check_in": bool(state.options.get("requires_check_in")),
        "rating_order": previews.seeding_by_rating(state),
        "seeding_preview": previews.seeding(state),
        "seed_order": seed_order,
        "round_preview": previews.start_round(state),
        "withdraw_previews": {n: previews.withdraw(state, n) for n, e in state.entrants.items() if not e["withdrawn"]},
        "cancel_preview": previews.cancel(state),
        "may_cancel": not state.started and state.status != CANCELLED,
        "is_league_admin": is_league_admin(request.user),
        "referees": sorted(u.get_username() for u in tournament.referees.all()),
        "rounds": [rounds[n] for n in sorted(rounds)],
        "embed_snippet": embed_snippet(request, tournament),
    }


def embed_snippet(request, tournament) -> str:
    """The HTML another site pastes to show the tournament live (its embeddable view)."""
    url = request.build_absolute_uri(reverse("tournament-embed", args=[tournament.pk]))
    return (f'<iframe src="{url}" title="{escape(tournament.name)}" width="100%" height="640" '
            f'style="border:0" loading="lazy"></iframe>')


# -- joining through the shared link ----------------------------------------------------------
@require_http_methods(["GET", "POST"])
def join(request, tournament_id, key):
    """The shareable join link: a signed-in player registers themself (in a private tournament
    too: the key is what lets them in). Same rule as the API's self-registration."""
    tournament = _tournament(tournament_id)
    if not holds_join_key(tournament, key):
        raise Http404("no such tournament")
    state = services.load_state(tournament)
    context = {"tournament": tournament, "state": state, "open": registration_open(state),
               "entered": is_entrant(request.user, state)
               and not state.entrants[request.user.get_username()]["withdrawn"], "error": None,
               "visible": may_view(request.user, tournament)}
    if request.user.is_authenticated:  # the rating they would enter with, shown before they press
        rating, provisional = entry_ratings.entry_rating(tournament.system, request.user.pk)
        context["rating"] = rating_words({"rating": rating, "provisional": provisional})
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={request.path}")
        try:
            state = services.register(tournament.pk, request.user.get_username(), request.user.get_username())
        except Refusal as exc:
            context["error"] = sentence(exc.message, (request.user.get_username(),))
            return render(request, "tournament/join.html", context, status=page_status(exc))
        messages.success(request, _("You are registered for %(name)s with rating %(rating)s.") % {
            "name": tournament.name, "rating": rating_words(state.entrants[request.user.get_username()])})
        return redirect("tournament-page", tournament_id=tournament.pk)
    return render(request, "tournament/join.html", context)
