"""Every setup option of each game system as a page control, in the rulebook's words.

Each system's controls live in its folder (``systems/<module>/setup.py``, named by the
descriptor's ``setup_controls``): one :class:`~systems.kit.setup.Control` per option a player
chooses when starting a game: its form field (label and a one-line explanation, the section of
the rulebook in the label), the group it is shown in, and the other controls it waits for
(``shown_with``, static/js/organiser.js). The engine's own ``validate_setup`` still decides what
may be combined; :func:`setup_from` only collects the options that differ from the engine's
defaults, so a game's setup stays what the API would send.
"""
from __future__ import annotations

from django import forms

from systems import registry
from systems.kit.setup import Control


def _controls(system: str) -> tuple[tuple[Control, ...], dict]:
    found = registry.find(system)
    if found is None or not found.setup_controls:
        return (), {}
    return registry.load(found.setup_controls)


def field_name(system: str, key: str) -> str:
    return f"setup_{system}_{key}".replace("-", "_")


def controls_of(system: str) -> tuple[Control, ...]:
    return _controls(system)[0]


def add_controls(form: forms.Form, systems, current: dict | None = None, current_system: str | None = None) -> None:
    """Put every system's controls on ``form``, each shown only while its system is chosen;
    ``current`` (a game's setup, for "new game with these settings") fills the chosen system's."""
    for system in systems:
        for control in controls_of(system):
            name = field_name(system, control.key)
            form.fields[name] = control.make()
            conditions = [f"system={system}"]
            if control.shown_with:
                key, _eq, values = control.shown_with.partition("=")
                conditions.append(f"{field_name(system, key)}={values}")
            form.fields[name].show_for = ";".join(conditions)
            form.fields[name].setup_group = control.group
            defaults = _controls(system)[1]
            if system == current_system and current and control.key in current:
                form.initial[name] = current[control.key]
            elif control.key in defaults:
                form.initial[name] = defaults[control.key]


def setup_from(cleaned: dict, system: str) -> dict:
    """The chosen system's setup: the options that differ from the engine's defaults. Options a
    hidden control holds (advanced rules while solo is chosen) are sent as they are, so the
    engine refuses the combination in its own words rather than the page dropping them silently."""
    controls, defaults = _controls(system)
    setup = {}
    for control in controls:
        value = cleaned.get(field_name(system, control.key))
        if value is not None and value != "" and value != defaults.get(control.key):
            setup[control.key] = value
    return setup


def option_label(system: str, key: str) -> str | None:
    """The control's label for an option key the engine names in a refusal (e.g. ``medals``)."""
    for control in controls_of(system):
        if control.key == key:
            return str(control.make().label)
    return None
