"""The game setup a tournament gives every game (``options.game_setup``), as page fields.

Per game system, the setup options a club organiser chooses by name (its folder's ``setup.py``,
named by the descriptor's ``tournament_setup``; for Duel in the Dark the advanced rules and
expansions, docs/rules/duel-in-the-dark.md §7 and §9); every other option of the
system's setup goes in the "other setup options" JSON field. The engine validates the result
when the tournament is created (``services.organising``), exactly as for the API.
"""
from __future__ import annotations

import json

from django import forms
from django.utils.translation import gettext_lazy as _

from kernel import bounded_json
from systems import registry


def _fields(system: str) -> tuple[tuple, dict]:
    """The system's named setup fields (``SetupField``, systems/kit/setup.py) and the engine's
    defaults (a value equal to one is left out), as its descriptor's ``tournament_setup`` names them."""
    found = registry.find(system)
    if found is None or not found.tournament_setup:
        return (), {}
    return registry.load(found.tournament_setup)


OTHER_SETUP = "other_setup"


def setup_field_name(system: str, key: str) -> str:
    return f"setup_{system}_{key}".replace("-", "_")


def add_setup_fields(form: forms.Form, systems, current: dict | None = None, current_system: str | None = None):
    """Put every system's named setup fields on ``form`` (each shown only for its system) and
    the JSON field for the rest, filled from ``current`` (the tournament's game setup)."""
    current = dict(current or {})
    for system in systems:
        for field in _fields(system)[0]:
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
    fields, defaults = _fields(system)
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
