"""Nightfighter's setup as a new-game page control: the scenario flown (docs/rules/nightfighter-solo.md §3.13)."""
from django import forms
from django.utils.translation import gettext_lazy as _

from systems.kit.setup import Control

from .rules.scenarios import BUILTIN_IDS, load_scenario


def _scenario_choices():
    return [(sid, f"{sid} — {load_scenario({'scenario': sid})['name']}") for sid in BUILTIN_IDS]


NIGHTFIGHTER_CONTROLS = (
    Control("scenario", lambda: forms.ChoiceField(
        label=_("Scenario"), choices=_scenario_choices(), initial="HS2", required=False,
        help_text=_("The night you fly: its bombers, radars and the number of kills that wins it (§3.13)."))),
)

CONTROLS = (NIGHTFIGHTER_CONTROLS, {"scenario": "HS2"})
