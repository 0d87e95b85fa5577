"""The league admin's pages (issue 13): create and edit leagues and seasons, attach tournaments
to a season, and the season's page with its table (docs/rules/service.md "Who uses it": league admin;
"Ratings": league tables per league and season).

Each page checks the role as the API does (``is_league_admin``), validates a form and calls the
same service (leagues/services.py); a refusal is shown beside its field, nothing is stored.
"""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts.forms import PeopleForm
from game.form_errors import show_rejection
from kernel.refusals import CommandRejected
from accounts.roles import is_league_admin
from tournament import uploads
from tournament.models import TournamentUpload
from tournament.services import organising, users_named

from leagues import services as leagues
from .forms import EntrantMappingForm, LeagueForm, SeasonForm, TournamentFileForm
from .league_table import season_table
from leagues.models import Season
from .pages import league_or_404

ORGANISER_CODES = {"unknown_user": "add"}


def _league_admin(request) -> None:
    if not is_league_admin(request.user):
        raise PermissionDenied(_("Only a league admin may do this."))


def _rejected(exc: CommandRejected) -> int:
    return exc.status if exc.status in (400, 409, 422) else 400


@login_required
@require_http_methods(["GET", "POST"])
def new_league(request):
    _league_admin(request)
    form = LeagueForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                league = leagues.create_league(**form.cleaned_data)
            except CommandRejected as exc:
                show_rejection(form, exc)
                status = _rejected(exc)
            else:
                messages.success(request, _("%(name)s is created. Appoint its organisers next.") % {"name": league.name})
                return redirect("league-edit", league=league.slug)
    return render(request, "ratings/league_form.html", {"form": form, "league": None}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def edit_league(request, league):
    _league_admin(request)
    league = league_or_404(league)
    organisers = sorted(u.get_username() for u in league.organisers.all())
    form = LeagueForm(request.POST or None, league=league, prefix="league")
    people = PeopleForm(request.POST or None, prefix="organisers", people=organisers, label=_("Organisers"),
                        add_label=_("Appoint an organiser"))
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid() and people.is_valid():
            try:
                leagues.change_league(league, name=form.cleaned_data["name"],
                                      organisers=users_named(people.usernames()))
            except CommandRejected as exc:
                show_rejection(people if exc.code == "unknown_user" else form, exc, ORGANISER_CODES)
                status = _rejected(exc)
            else:
                messages.success(request, _("%(name)s is saved. Organisers: %(names)s.") % {
                    "name": league.name, "names": ", ".join(sorted(people.usernames())) or _("none")})
                return redirect("league-page", slug=league.slug)
    return render(request, "ratings/league_form.html", {"form": form, "people": people, "league": league},
                  status=status)


def _save_season(request, league, season=None):
    form = SeasonForm(request.POST or None, league=league, season=season)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                with transaction.atomic():
                    if season is None:
                        season = leagues.create_season(league, **form.season_fields())
                    else:
                        leagues.change_season(season, **form.season_fields())
                    organising.attach_tournaments(season, form.cleaned_data["tournaments"],
                                               request.user.get_username())
            except CommandRejected as exc:
                show_rejection(form, exc)
                status = _rejected(exc)
            else:
                messages.success(request, _("%(name)s is saved.") % {"name": season.name})
                return redirect("season-page", league=league.slug, season_id=season.pk)
    return render(request, "ratings/season_form.html", {"form": form, "league": league, "season": season},
                  status=status)


@login_required
@require_http_methods(["GET", "POST"])
def new_season(request, league):
    _league_admin(request)
    return _save_season(request, league_or_404(league))


@login_required
@require_http_methods(["GET", "POST"])
def edit_season(request, league, season_id):
    _league_admin(request)
    league = league_or_404(league)
    return _save_season(request, league, get_object_or_404(Season, pk=season_id, league=league))


def season_page(request, league, season_id):
    league = league_or_404(league)
    season = get_object_or_404(Season, pk=season_id, league=league)
    return render(request, "ratings/season.html", {
        "league": league, "season": season, "table": season_table(season),
        "tournaments": season.tournaments.visible_to(request.user),
        "is_league_admin": is_league_admin(request.user)})


@login_required
@require_http_methods(["GET", "POST"])
def tournament_uploads(request, league):
    """Import a tournament played elsewhere (a club day on a laptop) into the league: the same
    service as the API (tournament/uploads.py)."""
    _league_admin(request)
    league = league_or_404(league)
    form = TournamentFileForm()
    status = 200
    if request.method == "POST":
        form = TournamentFileForm(request.POST, request.FILES)
        status = 400
        if form.is_valid():
            try:
                upload, created = uploads.import_tournament(form.cleaned_data["file"].read(), league, request.user)
            except CommandRejected as exc:
                show_rejection(form, exc, {exc.code: "file"})
                status = _rejected(exc)
            else:
                messages.success(request, _("%(name)s is imported: every event checked out. Match its entrants to "
                                            "accounts below.") % {"name": upload.tournament.name} if created else
                                 _("This file was imported before: nothing has changed."))
                return redirect("league-tournament-upload", league=league.slug, tournament_id=upload.tournament_id)
    imported = TournamentUpload.objects.filter(tournament__league=league).select_related("tournament").order_by(
        "-imported_at")
    return render(request, "ratings/tournament_uploads.html", {"league": league, "form": form, "imported": imported},
                  status=status)


@login_required
@require_http_methods(["GET", "POST"])
def tournament_upload(request, league, tournament_id):
    """An imported tournament's entrants: who is matched to which account, and a mapping form for the rest."""
    _league_admin(request)
    league = league_or_404(league)
    upload = get_object_or_404(TournamentUpload.objects.select_related("tournament"), tournament_id=tournament_id,
                               tournament__league=league)
    failed, status = None, 200
    if request.method == "POST":
        form = EntrantMappingForm(request.POST)
        status = 400
        if form.is_valid():
            try:
                uploads.map_entrant(upload.tournament_id, form.cleaned_data["name"], form.cleaned_data["account"],
                                    request.user)
            except CommandRejected as exc:
                show_rejection(form, exc, {"user_not_found": "account", "account_matched": "account",
                                           "entrant_matched": "account", "no_such_entrant": "account"})
                status = _rejected(exc)
            else:
                messages.success(request, _("%(name)s is matched to %(account)s; the results that now have both "
                                            "players matched are rated.") % form.cleaned_data)
                return redirect("league-tournament-upload", league=league.slug, tournament_id=upload.tournament_id)
        failed = form
    matched = {e.name: e for e in upload.entrants.select_related("user")}
    rows = []
    for index, name in enumerate(uploads.recorded_entrants(upload)):
        form = failed if failed is not None and failed.data.get("name") == name else \
            EntrantMappingForm(initial={"name": name})
        form.auto_id = f"id_entrant{index}_%s"  # one form per entrant on the page: ids of their own
        rows.append({"name": name, "entrant": matched.get(name), "form": form})
    return render(request, "ratings/tournament_upload.html", {"league": league, "upload": upload, "rows": rows},
                  status=status)
