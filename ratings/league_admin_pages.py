"""The league admin's pages (issue 13): create and edit leagues and seasons, attach tournaments
to a season, and the season's page with its table (docs/rules/service.md "Who uses it": league admin;
"Ratings": league tables per league and season).

Each page checks the role as the API does (``is_league_admin``), validates a form and calls the
same service (leagues/services.py); a refusal is shown beside its field, nothing is stored.
"""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from accounts.forms import PeopleForm
from kernel.form_errors import show_rejection
from kernel.form_views import ServiceFormView
from game.visibility import is_league_admin
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


class LeagueAdminPage(ServiceFormView):
    """A league admin's form page: the role first (403), then the league in the address (404)."""

    def prepare(self, request, *args, **kwargs):
        _league_admin(request)
        self.league = league_or_404(kwargs["league"]) if "league" in kwargs else None

    def get_context_data(self, **kwargs):
        return super().get_context_data(league=self.league, **kwargs)


class NewLeague(LeagueAdminPage):
    form_class = LeagueForm
    template_name = "ratings/league_form.html"

    def perform(self, form):
        return leagues.create_league(**form.cleaned_data)

    def success_message(self, form, league):
        return _("%(name)s is created. Appoint its organisers next.") % {"name": league.name}

    def get_success_url(self, form, league):
        return reverse("league-edit", kwargs={"league": league.slug})


class EditLeague(LeagueAdminPage):
    """The league's name and, in a second form beside it, its organisers."""

    form_class = LeagueForm
    prefix = "league"
    template_name = "ratings/league_form.html"

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "league": self.league}

    def get_form(self):
        self.people = PeopleForm(self.request.POST or None, prefix="organisers",
                                 people=sorted(u.get_username() for u in self.league.organisers.all()),
                                 label=_("Organisers"), add_label=_("Appoint an organiser"))
        return super().get_form()

    def form_is_valid(self, form):
        return form.is_valid() and self.people.is_valid()

    def perform(self, form):
        leagues.change_league(self.league, name=form.cleaned_data["name"],
                              organisers=users_named(self.people.usernames()))

    def show_refusal(self, form, refusal):
        show_rejection(self.people if refusal.code == "unknown_user" else form, refusal, ORGANISER_CODES)

    def success_message(self, form, result):
        return _("%(name)s is saved. Organisers: %(names)s.") % {
            "name": self.league.name, "names": ", ".join(sorted(self.people.usernames())) or _("none")}

    def get_success_url(self, form, result):
        return reverse("league-page", kwargs={"slug": self.league.slug})

    def get_context_data(self, **kwargs):
        return super().get_context_data(people=self.people, **kwargs)


class SaveSeason(LeagueAdminPage):
    """A new season of the league, or one of its seasons (``season_id``), and its tournaments."""

    form_class = SeasonForm
    template_name = "ratings/season_form.html"
    one_transaction = True  # the season and its tournaments are saved together, or neither

    def prepare(self, request, *args, **kwargs):
        super().prepare(request, *args, **kwargs)
        self.season = get_object_or_404(Season, pk=kwargs["season_id"], league=self.league) \
            if "season_id" in kwargs else None

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "league": self.league, "season": self.season}

    def perform(self, form):
        season = self.season
        if season is None:
            season = leagues.create_season(self.league, **form.season_fields())
        else:
            leagues.change_season(season, **form.season_fields())
        organising.attach_tournaments(season, form.cleaned_data["tournaments"], self.request.user.get_username())
        return season

    def success_message(self, form, season):
        return _("%(name)s is saved.") % {"name": season.name}

    def get_success_url(self, form, season):
        return reverse("season-page", kwargs={"league": self.league.slug, "season_id": season.pk})

    def get_context_data(self, **kwargs):
        return super().get_context_data(season=self.season, **kwargs)


new_league = login_required(NewLeague.as_view())
edit_league = login_required(EditLeague.as_view())
new_season = login_required(SaveSeason.as_view())
edit_season = login_required(SaveSeason.as_view())


def season_page(request, league, season_id):
    league = league_or_404(league)
    season = get_object_or_404(Season, pk=season_id, league=league)
    return render(request, "ratings/season.html", {
        "league": league, "season": season, "table": season_table(season),
        "tournaments": season.tournaments.visible_to(request.user),
        "is_league_admin": is_league_admin(request.user)})



class TournamentUploads(LeagueAdminPage):
    """Import a tournament played elsewhere (a club day on a laptop) into the league: the same
    service as the API (tournament/uploads.py)."""

    form_class = TournamentFileForm
    template_name = "ratings/tournament_uploads.html"

    def get_refusal_fields(self, form, refusal):
        return {refusal.code: "file"}  # whatever is wrong, it is the file

    def perform(self, form):
        return uploads.import_tournament(form.cleaned_data["file"].read(), self.league, self.request.user)

    def success_message(self, form, result):
        upload, created = result
        return _("%(name)s is imported: every event checked out. Match its entrants to accounts below.") % {
            "name": upload.tournament.name} if created else _("This file was imported before: nothing has changed.")

    def get_success_url(self, form, result):
        return reverse("league-tournament-upload", kwargs={"league": self.league.slug,
                                                           "tournament_id": result[0].tournament_id})

    def get_context_data(self, **kwargs):
        imported = TournamentUpload.objects.filter(tournament__league=self.league).select_related(
            "tournament").order_by("-imported_at")
        return super().get_context_data(imported=imported, **kwargs)


class TournamentUploadEntrants(LeagueAdminPage):
    """An imported tournament's entrants: who is matched to which account, and a mapping form for the rest."""

    form_class = EntrantMappingForm
    template_name = "ratings/tournament_upload.html"
    refusal_fields = {"user_not_found": "account", "account_matched": "account", "entrant_matched": "account",
                      "no_such_entrant": "account"}

    def prepare(self, request, *args, **kwargs):
        super().prepare(request, *args, **kwargs)
        self.upload = get_object_or_404(TournamentUpload.objects.select_related("tournament"),
                                        tournament_id=kwargs["tournament_id"], tournament__league=self.league)

    def get_form(self):
        return super().get_form() if self.request.method == "POST" else None  # one form per entrant on GET

    def perform(self, form):
        uploads.map_entrant(self.upload.tournament_id, form.cleaned_data["name"], form.cleaned_data["account"],
                            self.request.user)

    def success_message(self, form, result):
        return _("%(name)s is matched to %(account)s; the results that now have both "
                 "players matched are rated.") % form.cleaned_data

    def get_success_url(self, form, result):
        return reverse("league-tournament-upload", kwargs={"league": self.league.slug,
                                                           "tournament_id": self.upload.tournament_id})

    def get_context_data(self, form, **kwargs):
        """The form that failed stays on its entrant's row; the other rows get fresh forms."""
        matched = {e.name: e for e in self.upload.entrants.select_related("user")}
        rows = []
        for index, name in enumerate(uploads.recorded_entrants(self.upload)):
            row_form = form if form is not None and form.data.get("name") == name else \
                EntrantMappingForm(initial={"name": name})
            row_form.auto_id = f"id_entrant{index}_%s"  # one form per entrant on the page: ids of their own
            rows.append({"name": name, "entrant": matched.get(name), "form": row_form})
        return super().get_context_data(upload=self.upload, rows=rows, **kwargs)


tournament_uploads = login_required(TournamentUploads.as_view())
tournament_upload = login_required(TournamentUploadEntrants.as_view())
