"""The league admin's page forms: a league, a season and the tournaments it counts. Each
holds what its service call (leagues/services.py) needs; the API calls the same services."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Tournament


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    slug = forms.SlugField(label=_("Address"), max_length=50,
                           help_text=_("Short name in the league's web address (/leagues/<address>/): letters, "
                                       "digits and hyphens. It cannot change later."))

    def __init__(self, *args, league=None, **kwargs):
        super().__init__(*args, **kwargs)
        if league is not None:
            del self.fields["slug"]
            self.initial.setdefault("name", league.name)


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120, help_text=_("E.g. Winter 1943, or 2025."))
    starts_on = forms.DateField(label=_("Starts on"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(label=_("Ends on"), required=False, widget=forms.DateInput(attrs={"type": "date"}),
                              help_text=_("Empty dates: open. Without tournaments, the table counts the rated games "
                                          "played between the dates."))
    tournaments = forms.ModelMultipleChoiceField(
        label=_("Tournaments of this season"), required=False, queryset=Tournament.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        help_text=_("The season's table adds up the points players score in them."))

    def __init__(self, *args, league, season=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournaments"].queryset = (Tournament.objects.filter(league=league).select_related("season")
                                               .order_by("-created_at"))
        self.fields["tournaments"].label_from_instance = self.tournament_label
        self.season = season
        if season is not None:
            self.initial.setdefault("name", season.name)
            self.initial.setdefault("starts_on", season.starts_on)
            self.initial.setdefault("ends_on", season.ends_on)
            self.initial.setdefault("tournaments", list(season.tournaments.values_list("pk", flat=True)))

    def tournament_label(self, tournament) -> str:
        if tournament.season_id and (self.season is None or tournament.season_id != self.season.pk):
            return _("%(name)s (now in %(season)s)") % {"name": tournament.name, "season": tournament.season.name}
        return tournament.name

    def season_fields(self) -> dict:
        return {k: self.cleaned_data[k] for k in ("name", "starts_on", "ends_on")}


class OrganiserRequestForm(forms.Form):
    """A player asks the league admins for the right to organise in a league."""

    message = forms.CharField(label=_("A word to the league admins (optional)"), required=False, max_length=500,
                              widget=forms.Textarea(attrs={"rows": 3}),
                              help_text=_("E.g. which club you run and what you would like to organise."))


class TournamentFileForm(forms.Form):
    """A tournament exported on a club's laptop (tournament/exports.py), for tournament/uploads.py."""

    file = forms.FileField(label=_("Tournament file"),
                           help_text=_("The file the organiser downloaded with “Download the day for the league”."))


class EntrantMappingForm(forms.Form):
    """A league admin's explicit match of a recorded entrant to an account of this server."""

    name = forms.CharField(widget=forms.HiddenInput)
    account = forms.CharField(label=_("Account here"), max_length=150,
                              widget=forms.TextInput(attrs={"autocomplete": "off"}))
