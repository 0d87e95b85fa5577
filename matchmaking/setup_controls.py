"""Every setup option of each game system as a page control, in the rulebook's words.

One :class:`Control` per option a player chooses when starting a game: its form field (label
and a one-line explanation, the section of the rulebook in the label), the group it is shown
in, and the other controls it waits for (``shown_with``, static/js/organiser.js). The engine's
own ``validate_setup`` still decides what may be combined; :func:`setup_from` only collects the
options that differ from the engine's defaults, so a game's setup stays what the API would send.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from django import forms
from django.utils.translation import gettext_lazy as _

from systems.battle303.rules.parameters import DEFAULT_PARAMETERS as BATTLE303_DEFAULTS
from systems.duel.rules.options import DEFAULT_OPTIONS as DUEL_DEFAULTS, PLAYER_COUNTS
from systems.nightfighter.rules.scenarios import BUILTIN_IDS, load_scenario

DUEL = "duel-in-the-dark"
BATTLE303 = "303"
NIGHTFIGHTER = "nightfighter-solo"

GENERAL, ADVANCED, EXPANSION = "general", "advanced", "expansion"
GROUP_TITLES = {GENERAL: _("The game"), ADVANCED: _("Advanced rules (§7)"), EXPANSION: _("Expansions (§9)")}


@dataclass(frozen=True)
class Control:
    key: str
    make: Callable[[], forms.Field]
    group: str = GENERAL
    shown_with: str = ""  # e.g. "mode=standard,swap": shown while that control of the system has one of these


def _flag(label, help_text):
    return lambda: forms.BooleanField(label=label, help_text=help_text, required=False)


def _choice(label, help_text, choices, coerce=str):
    # Not required: a control of a system not chosen, or left out by a script, means the default.
    return lambda: forms.TypedChoiceField(label=label, help_text=help_text, choices=choices, coerce=coerce,
                                          required=False, empty_value=None)


def _count(label, help_text):
    return lambda: forms.IntegerField(label=label, help_text=help_text, min_value=0, max_value=9, initial=0,
                                      required=False)


NOT_SOLO = "mode=standard,swap"

DUEL_CONTROLS = (
    Control("mode", _choice(_("Kind of game"), _("Solo: you fly the German fighters against the automatic British "
                                                   "Bomber and Mosquito (§8)."),
                            [("standard", _("Two players or more (§1)")),
                             ("swap", _("Two nights, same weather, sides swapped (§1.6)")),
                             ("solo", _("Solo mission (§8)"))])),
    Control("players", _choice(_("Number of players (§9.3)"),
                               _("3–5: one British player; the German fighters are shared among 2–4 German players."),
                               [(n, str(n)) for n in PLAYER_COUNTS], coerce=int), shown_with="mode=standard"),
    Control("nights", _choice(_("Nights per game"), _("Agreed before the first night; the score carries over (§1.5)."),
                              [(1, "1"), (2, "2"), (3, "3")], coerce=int), shown_with="mode=standard"),
    Control("red_faces_only", _flag(_("Beginners' game: basic (red) faces only (§2.6)"),
                                    _("Ground units use their red face only: flak, searchlight, radar."))),
    Control("stronger_mosquito", _flag(_("Advanced rule 1: stronger Mosquito (§7.1)"),
                                       _("The Mosquito has 8 tokens instead of 6; bombing the target gets −2 VP.")),
            ADVANCED, NOT_SOLO),
    Control("weather_changes", _flag(_("Advanced rule 2: weather changes (§7.2)"),
                                     _("Before the Bomber's 5th and 10th move the wind turns and the weather moves "
                                       "2 hexes.")), ADVANCED, NOT_SOLO),
    Control("reroute_after_weather_change", _flag(_("Advanced rule 3a: re-route after a weather change (§7.3)"),
                                                  _("The British may re-plot the route and the target after a "
                                                    "weather change. Needs rule 2.")), ADVANCED, NOT_SOLO),
    Control("reroute_after_bombing", _flag(_("Advanced rule 3b: re-route after bombing (§7.4)"),
                                           _("After the bombing the British may re-plot the way home with green "
                                             "cards.")), ADVANCED, NOT_SOLO),
    Control("medals", _flag(_("Advanced rule 4: medals (§7.5)"),
                            _("Both sides earn medals and spend them on bonuses, fuel, repairs or sabotage.")),
            ADVANCED, NOT_SOLO),
    Control("shroud", _flag(_("Advanced rule 5: shroud (§7.6)"),
                            _("Searchlights under a cloud count double for high fighters above a high Bomber.")),
            ADVANCED, NOT_SOLO),
    Control("friendly_flak", _flag(_("Advanced rule 6: friendly flak (§7.7)"),
                                   _("Fighters fighting in a hex with 2 or more flak lose VP.")), ADVANCED, NOT_SOLO),
    Control("mw50", _flag(_("Advanced rule 7: MW 50 (§7.8)"),
                          _("One Me 110 may once make a 2-hex move in any two directions.")), ADVANCED, NOT_SOLO),
    Control("ju88", _flag(_("Expansion: Ju 88 night fighter (§9.1)"),
                          _("A Ju 88 with an observer badge replaces one German fighter.")), EXPANSION, NOT_SOLO),
    Control("walls_have_ears", _flag(_("Expansion: walls have ears (§9.2)"),
                                     _("The German learns five cities, the target among them, and may re-position "
                                       "5 units.")), EXPANSION, NOT_SOLO),
    Control("window", _flag(_("Expansion: Window and Wilde Sau (§9.4)"),
                            _("The British may drop Window for VP; the German answers with Wilde Sau tokens.")),
            EXPANSION, NOT_SOLO),
    Control("railway_flak", _flag(_("Expansion: railway flak (§9.6)"),
                                  _("One ground unit becomes a flak train that moves one hex per German turn.")),
            EXPANSION, NOT_SOLO),
    Control("quad_flak", _flag(_("Expansion: quad flak (§9.7)"),
                               _("One ground unit becomes a quad flak: +2 German when the Mosquito flies low "
                                 "over it.")), EXPANSION, NOT_SOLO),
    Control("acoustic_mirror", _flag(_("Expansion: acoustic mirror (§9.8)"),
                                     _("One ground unit becomes an acoustic mirror. Needs rule 4 (medals).")),
            EXPANSION, NOT_SOLO),
    Control("ace_gunners", _flag(_("Expansion: ace gunners (§9.9)"),
                                 _("Flak hitting the Bomber hard earns silver and gold ace-gunner medals.")),
            EXPANSION, NOT_SOLO),
    Control("british_qf_guns", _count(_("Expansion: British 3.7-inch QF guns (§9.10)"),
                                      _("How many; 0: none. Each costs a German fighter in its hex 1 fuel line.")),
            EXPANSION, NOT_SOLO),
    Control("british_searchlights", _count(_("Expansion: British searchlights (§9.11)"),
                                           _("How many; 0: none. Each takes 1 VP from the fighters in its hex.")),
            EXPANSION, NOT_SOLO),
)

BATTLE303_CONTROLS = (
    Control("bomber_shots", _choice(_("Bomber shots per German turn"),
                                    _("The bomber fires at one adjacent RAF fighter this many times (rules: 1)."),
                                    [(0, "0"), (1, "1"), (2, "2")], coerce=int)),
    Control("flythrough_fallback", _choice(
        _("An attacker whose opposite hex is taken goes to"),
        _("The first free neighbour of the target, searched from the opposite hex."),
        [("clockwise", _("the first free hex clockwise (rules)")),
         ("counterclockwise", _("the first free hex counter-clockwise"))])),
    Control("flythrough_blocked", _choice(
        _("When no neighbour of the target is free the attacker"),
        _("What happens when the attacker cannot fly through."),
        [("stay", _("stays where it is (rules)")), ("nearest_free", _("goes to the nearest free hex beyond"))])),
)


def _scenario_choices():
    return [(sid, f"{sid} — {load_scenario({'scenario': sid})['name']}") for sid in BUILTIN_IDS]


NIGHTFIGHTER_CONTROLS = (
    Control("scenario", lambda: forms.ChoiceField(
        label=_("Scenario"), choices=_scenario_choices(), initial="HS2", required=False,
        help_text=_("The night you fly: its bombers, radars and the number of kills that wins it (§3.13)."))),
)

# Game system → (its controls, the engine's defaults: a value equal to one is left out of the setup).
CONTROLS: dict[str, tuple[tuple[Control, ...], dict]] = {
    DUEL: (DUEL_CONTROLS, DUEL_DEFAULTS),
    BATTLE303: (BATTLE303_CONTROLS, BATTLE303_DEFAULTS),
    NIGHTFIGHTER: (NIGHTFIGHTER_CONTROLS, {"scenario": "HS2"}),
}


def field_name(system: str, key: str) -> str:
    return f"setup_{system}_{key}".replace("-", "_")


def controls_of(system: str) -> tuple[Control, ...]:
    return CONTROLS.get(system, ((), {}))[0]


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
            defaults = CONTROLS[system][1]
            if system == current_system and current and control.key in current:
                form.initial[name] = current[control.key]
            elif control.key in defaults:
                form.initial[name] = defaults[control.key]


def setup_from(cleaned: dict, system: str) -> dict:
    """The chosen system's setup: the options that differ from the engine's defaults. Options a
    hidden control holds (advanced rules while solo is chosen) are sent as they are, so the
    engine refuses the combination in its own words rather than the page dropping them silently."""
    controls, defaults = CONTROLS.get(system, ((), {}))
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
