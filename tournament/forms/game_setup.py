"""The game setup a tournament gives every game (``options.game_setup``), as page fields.

Per game system, the setup options a club organiser chooses by name (for Duel in the Dark the
advanced rules and expansions, docs/rules/duel-in-the-dark.md §7 and §9); every other option of the
system's setup goes in the "other setup options" JSON field. The engine validates the result
when the tournament is created (``services.organising``), exactly as for the API.
"""
from __future__ import annotations

import json
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext_lazy as _

from kernel import bounded_json
from systems.duel.rules import options as duel

DUEL = "duel-in-the-dark"


@dataclass(frozen=True)
class SetupField:
    key: str
    make: object  # () -> forms.Field


def _flag(label, help_text=""):
    return lambda: forms.BooleanField(label=label, help_text=help_text, required=False)


def _count(label, help_text=""):
    return lambda: forms.IntegerField(label=label, help_text=help_text, min_value=0, max_value=9, required=False)


DUEL_FIELDS = (
    SetupField("nights", lambda: forms.IntegerField(
        label=_("Nights per game"), min_value=1, max_value=3, required=False,
        help_text=_("Empty: one night (§1.5).")) ),
    SetupField("red_faces_only", _flag(_("Beginners' game: basic (red) faces only (§2.6)"))),
    SetupField("stronger_mosquito", _flag(_("Advanced rule 1: stronger Mosquito (§7.1)"))),
    SetupField("weather_changes", _flag(_("Advanced rule 2: weather changes (§7.2)"))),
    SetupField("reroute_after_weather_change", _flag(_("Advanced rule 3a: re-route after a weather change (§7.3)"),
                                                     _("Needs rule 2."))),
    SetupField("reroute_after_bombing", _flag(_("Advanced rule 3b: re-route after bombing (§7.4)"))),
    SetupField("medals", _flag(_("Advanced rule 4: medals (§7.5)"))),
    SetupField("shroud", _flag(_("Advanced rule 5: shroud (§7.6)"))),
    SetupField("friendly_flak", _flag(_("Advanced rule 6: friendly flak (§7.7)"))),
    SetupField("mw50", _flag(_("Advanced rule 7: MW 50 (§7.8)"))),
    SetupField("ju88", _flag(_("Expansion: Ju 88 night fighter (§9.1)"))),
    SetupField("walls_have_ears", _flag(_("Expansion: walls have ears (§9.2)"))),
    SetupField("window", _flag(_("Expansion: Window and Wilde Sau (§9.4)"))),
    SetupField("railway_flak", _flag(_("Expansion: railway flak (§9.6)"))),
    SetupField("quad_flak", _flag(_("Expansion: quad flak (§9.7)"))),
    SetupField("acoustic_mirror", _flag(_("Expansion: acoustic mirror (§9.8)"), _("Needs rule 4 (medals)."))),
    SetupField("ace_gunners", _flag(_("Expansion: ace gunners (§9.9)"))),
    SetupField("british_qf_guns", _count(_("Expansion: British 3.7-inch QF guns (§9.10)"), _("How many; 0: none."))),
    SetupField("british_searchlights", _count(_("Expansion: British searchlights (§9.11)"), _("How many; 0: none."))),
)

# Game system → (its named setup fields, the engine's defaults: a value equal to one is left out).
SETUP_FIELDS: dict[str, tuple[tuple[SetupField, ...], dict]] = {DUEL: (DUEL_FIELDS, duel.DEFAULT_OPTIONS)}
OTHER_SETUP = "other_setup"


def setup_field_name(system: str, key: str) -> str:
    return f"setup_{system}_{key}".replace("-", "_")


def add_setup_fields(form: forms.Form, systems, current: dict | None = None, current_system: str | None = None):
    """Put every system's named setup fields on ``form`` (each shown only for its system) and
    the JSON field for the rest, filled from ``current`` (the tournament's game setup)."""
    current = dict(current or {})
    for system in systems:
        for field in SETUP_FIELDS.get(system, ((), {}))[0]:
            name = setup_field_name(system, field.key)
            form.fields[name] = field.make()
            form.fields[name].show_for = f"system={system}"
            if system == current_system and field.key in current:
                form.initial[name] = current.pop(field.key)
    form.fields[OTHER_SETUP] = forms.CharField(
        label=_("Other setup options (JSON)"), required=False, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_('Any further option of the game system\'s setup, e.g. {"board": {…}}. Empty: none.'))
    if current:
        form.initial[OTHER_SETUP] = json.dumps(current, sort_keys=True)


def game_setup_from(form: forms.Form, system: str) -> dict:
    """The chosen system's setup from the cleaned form: named options that differ from the
    engine's defaults, then the JSON ones."""
    setup = {}
    fields, defaults = SETUP_FIELDS.get(system, ((), {}))
    for field in fields:
        value = form.cleaned_data.get(setup_field_name(system, field.key))
        if value is not None and value != defaults.get(field.key):
            setup[field.key] = value
    setup.update(form.cleaned_data.get(OTHER_SETUP) or {})
    return setup


def parse_other_setup(text: str) -> dict:
    if not (text or "").strip():
        return {}
    try:
        value = bounded_json.loads(text)
    except bounded_json.RefusedJson as exc:
        raise forms.ValidationError(_("This is not valid JSON: %(error)s") % {"error": exc.reason}) from None
    if not isinstance(value, dict):
        raise forms.ValidationError(_('Write an object, e.g. {"board": {…}}.'))
    return value
