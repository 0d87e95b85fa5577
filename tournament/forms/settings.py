"""The create-a-tournament and change-settings form: every setting the API accepts
(``TournamentCreateSerializer``), as page fields that become the same service arguments.

Only what matters reaches the service: options of the chosen format that differ from the
defaults, tie-breaks that differ from the default order, the chosen system's game setup — so a
tournament made on the page has the same ``TournamentCreated`` as one made through the API with
the same choices.
"""
from __future__ import annotations

import re

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from kernel.form_errors import sentence, show_rejection
from systems.registry import available_systems, get_system
from game.services import sides_for
from leagues.models import Season

from .. import discipline, presentation
from ..permissions import organised_leagues
from ..formats import swiss_system
from ..state import DEFAULT_OPTIONS
from ..tiebreaks import DEFAULT_TIE_BREAKS, TIE_BREAKS
from .game_setup import OTHER_SETUP, add_setup_fields, game_setup_from, parse_other_setup, setup_field_name
from .options import OPTION_FIELDS

TIME_CONTROLS = [("", _("Untimed")), ("per-move", _("Correspondence: a deadline per move")),
                 ("clock", _("Live: a chess clock per player"))]
ORDINALS = (_("1st"), _("2nd"), _("3rd"), _("4th"), _("5th"), _("6th"), _("7th"))
# Service rejection codes (or the input a rejection names) → the field the page shows them beside.
FIELD_FOR_CODE = {
    "unknown_system": "system", "unknown_format": "format", "unknown_scoring": "scoring",
    "unknown_tie_break": "tie_breaks", "unknown_penalty_scope": "penalty_scope",
    "invalid_time_control": "time_control", "season_not_in_league": "season", "unknown_season": "season",
    "invalid_option": OTHER_SETUP, "invalid_setup": OTHER_SETUP, "unknown_option": OTHER_SETUP,
}


def tournament_systems() -> list[str]:
    """Systems a pairing can be played in: two sides (the solo module has leaderboards instead)."""
    return [name for name in available_systems() if len(sides_for(get_system(name), {})) == 2]


class TieBreakOrderWidget(forms.MultiWidget):
    """Numbered selects: the list's numbers say which tie-break comes first."""

    use_fieldset = True
    template_name = "tournament/widgets/tie_break_order.html"

    def __init__(self, choices):
        # Lazy words (the field is built once, at import): each page renders them in its own language.
        super().__init__([forms.Select(choices=choices, attrs={"aria-label": o}) for o in ORDINALS])

    def decompress(self, value):
        value = list(value or [])
        return value + [""] * (len(ORDINALS) - len(value))


class TieBreakOrderField(forms.MultiValueField):
    """The standings order: up to seven tie-breaks, each once, first decides first."""

    def __init__(self, **kwargs):
        choices = [("", "—")] + [(t, capfirst(presentation.TIE_BREAKS[t])) for t in TIE_BREAKS]
        super().__init__(fields=[forms.ChoiceField(choices=choices, required=False) for _ in ORDINALS],
                         widget=TieBreakOrderWidget(choices), require_all_fields=False, **kwargs)

    def compress(self, data_list):
        chosen = [t for t in data_list if t]
        twice = sorted({capfirst(str(presentation.TIE_BREAKS[t])) for t in chosen if chosen.count(t) > 1})
        if twice:
            raise forms.ValidationError(_("Each tie-break counts once: %(names)s is chosen twice.")
                                        % {"names": ", ".join(twice)})
        if not chosen:
            raise forms.ValidationError(_("Choose at least one, e.g. points."))
        return chosen


class TournamentSettingsForm(forms.Form):
    """Create a tournament (``tournament`` None) or change one's settings before round 1."""

    league = forms.ModelChoiceField(queryset=None, label=_("League"),
                                    help_text=_("Leagues you organise."))
    season = forms.ModelChoiceField(queryset=None, label=_("Season"), required=False,
                                    empty_label=_("No season"),
                                    help_text=_("The season's league table counts this tournament's points."))
    name = forms.CharField(label=_("Name"), max_length=160)
    system = forms.ChoiceField(label=_("Game"))
    format = forms.ChoiceField(label=_("Format"), widget=forms.RadioSelect)
    scoring = forms.ChoiceField(label=_("Scoring"), required=False)
    tie_breaks = TieBreakOrderField(label=_("Standings order (tie-breaks)"), required=False,
                                    help_text=_("Players level on the first are ordered by the second, and so on."))
    penalty_scope = forms.ChoiceField(label=_("Referee's offences count"),
                                      choices=list(presentation.SCOPES.items()),
                                      help_text=_("1st warning, 2nd yellow card, 3rd warning, 4th red card."))
    time_control = forms.ChoiceField(label=_("Time control"), choices=TIME_CONTROLS, required=False)
    per_move_hours = forms.FloatField(label=_("Hours per move"), required=False, min_value=0.01)
    clock_minutes = forms.FloatField(label=_("Minutes per player"), required=False, min_value=0.01)
    increment_seconds = forms.FloatField(label=_("Seconds added per move"), required=False, min_value=0)
    private = forms.BooleanField(label=_("Private"), required=False,
                                 help_text=_("Only its entrants, referees and the league's organisers see it."))

    CREATE_ONLY = ("league", "season", "system", "format")

    def __init__(self, *args, user, tournament=None, state=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament, self.state = tournament, state
        systems = tournament_systems()
        if tournament is None:
            leagues = organised_leagues(user)
            self.fields["league"].queryset = leagues
            if len(leagues) == 1:
                self.initial.setdefault("league", leagues[0].pk)
            self.fields["season"].queryset = Season.objects.filter(league__in=leagues).select_related("league")
            self.fields["season"].label_from_instance = lambda s: f"{s.league.name} — {s.name}"
            self.fields["system"].choices = [(s, presentation.system_label(s)) for s in systems]
            self.fields["format"].choices = [(f, f"{name} — {presentation.FORMAT_DESCRIPTIONS[f]}")
                                             for f, name in presentation.FORMATS.items()]
            self.initial.setdefault("format", swiss_system.NAME)
            self.fields["scoring"].choices = [("", _("The game's usual scoring"))] + list(presentation.SCHEMES.items())
            current_options, current_system = dict(DEFAULT_OPTIONS), None
            self.initial.setdefault("tie_breaks", DEFAULT_TIE_BREAKS)
            self.initial.setdefault("penalty_scope", discipline.TOURNAMENT_SCOPE)
        else:
            for name in self.CREATE_ONLY:
                del self.fields[name]
            self.fields["scoring"].choices = list(presentation.SCHEMES.items())
            self.fields["scoring"].required = True
            current_options, current_system = state.options, tournament.system
            systems = [tournament.system]
            tc = tournament.time_control or {}
            self.initial.update({
                "name": tournament.name, "scoring": state.scheme, "tie_breaks": state.tie_breaks,
                "penalty_scope": state.penalty_scope, "private": not tournament.is_public,
                "time_control": tc.get("kind", ""),
                "per_move_hours": tc["seconds"] / 3600 if "seconds" in tc else None,
                "clock_minutes": tc["base"] / 60 if "base" in tc else None,
                "increment_seconds": tc.get("increment"),
            })
        self.fields["scoring"].help_text = format_html(
            "{}<ul>{}</ul>", _("Usual: Polish for 303, VP aggregate for Duel in the Dark."),
            format_html_join("", "<li>{}: {}</li>", ((presentation.SCHEMES[k], v) for k, v in presentation.SCHEME_RULES.items())))
        self.fields["per_move_hours"].show_for = "time_control=per-move"
        self.fields["clock_minutes"].show_for = self.fields["increment_seconds"].show_for = "time_control=clock"
        for option in OPTION_FIELDS:
            self.fields[option.key] = option.make()
            self.fields[option.key].show_for = option.show_for
            self.initial.setdefault(option.key, option.from_option(current_options[option.key]))
        add_setup_fields(self, systems, current_options.get("game_setup"), current_system)

    def sections(self) -> list[tuple[str, list]]:
        """The form's fields in the order and groups the page shows them."""
        setup = [name for name in self.fields if name.startswith("setup_")] + [OTHER_SETUP]
        groups = [
            (_("The tournament"), ["name", "league", "season", "system", "format", "private"]),
            (_("Options of the format"), [option.key for option in OPTION_FIELDS]),
            (_("Scoring and standings"), ["scoring", "tie_breaks", "penalty_scope"]),
            (_("Time limits"), ["time_control", "per_move_hours", "clock_minutes", "increment_seconds"]),
            (_("Game setup"), setup),
        ]
        return [(title, [self[name] for name in names if name in self.fields]) for title, names in groups]

    def show_rejection(self, exc) -> None:
        """The service's refusal beside its field; the engine's word on the game setup beside the
        first setup option it names (else beside the JSON field)."""
        refused_setup = exc.extra.get("errors", {}).get("game_setup")
        if refused_setup:
            message = str(refused_setup[0])
            prefix = setup_field_name(self.chosen_system, "")
            named = sorted((name for name in self.fields if name.startswith(prefix)
                            and re.search(rf"\b{name[len(prefix):]}\b", message)),
                           key=lambda name: message.find(name[len(prefix):]))
            self.add_error(named[0] if named else OTHER_SETUP, sentence(message))
            return
        show_rejection(self, exc, FIELD_FOR_CODE)

    @property
    def chosen_format(self) -> str:
        return self.cleaned_data["format"] if self.tournament is None else self.state.format

    @property
    def chosen_system(self) -> str:
        return self.cleaned_data["system"] if self.tournament is None else self.tournament.system

    def clean_other_setup(self):
        return parse_other_setup(self.cleaned_data.get(OTHER_SETUP, ""))

    def clean(self):
        data = super().clean()
        kind = data.get("time_control")
        needed = {"per-move": ("per_move_hours",), "clock": ("clock_minutes", "increment_seconds")}.get(kind, ())
        for name in needed:
            if data.get(name) is None and name not in self.errors:
                self.add_error(name, _("Needed for this time control."))
        return data

    def time_control_value(self) -> dict | None:
        data = self.cleaned_data
        if data["time_control"] == "per-move":
            return {"kind": "per-move", "seconds": round(data["per_move_hours"] * 3600)}
        if data["time_control"] == "clock":
            return {"kind": "clock", "base": round(data["clock_minutes"] * 60),
                    "increment": round(data["increment_seconds"])}
        return None

    def options_value(self, baseline: dict) -> dict:
        """The format's options that differ from ``baseline``, and the game setup if it does."""
        options = {}
        for option in OPTION_FIELDS:
            if self.chosen_format in option.formats:
                value = option.to_option(self.cleaned_data.get(option.key))
                if value != baseline[option.key]:
                    options[option.key] = value
        setup = game_setup_from(self, self.chosen_system)
        if setup != (baseline.get("game_setup") or {}):
            options["game_setup"] = setup
        return options

    def tie_breaks_value(self):
        chosen = self.cleaned_data["tie_breaks"] or DEFAULT_TIE_BREAKS
        return None if chosen == DEFAULT_TIE_BREAKS else chosen

    def create_arguments(self) -> dict:
        """Keyword arguments of ``services.create_tournament`` (``created_by`` aside)."""
        data = self.cleaned_data
        return {
            "league": data["league"], "season": data["season"], "name": data["name"], "system": data["system"],
            "format": data["format"], "scoring_scheme": data["scoring"] or None,
            "options": self.options_value(DEFAULT_OPTIONS), "tie_breaks": self.tie_breaks_value(),
            "penalty_scope": data["penalty_scope"], "time_control": self.time_control_value(),
            "is_public": not data["private"],
        }

    def changes(self) -> dict:
        """What ``services.change_settings`` gets: only the settings that changed."""
        data, state, tournament = self.cleaned_data, self.state, self.tournament
        now = {"name": data["name"], "scoring": data["scoring"], "tie_breaks": data["tie_breaks"] or DEFAULT_TIE_BREAKS,
               "penalty_scope": data["penalty_scope"], "time_control": self.time_control_value(),
               "is_public": not data["private"]}
        before = {"name": tournament.name, "scoring": state.scheme, "tie_breaks": state.tie_breaks,
                  "penalty_scope": state.penalty_scope, "time_control": tournament.time_control,
                  "is_public": tournament.is_public}
        changes = {key: value for key, value in now.items() if value != before[key]}
        options = self.options_value(state.options)
        if options:
            changes["options"] = options
        return changes
