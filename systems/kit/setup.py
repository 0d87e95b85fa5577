"""What a system's setup controls are made of (systems/<module>/setup.py): one :class:`Control`
per option a player chooses when starting a game (matchmaking/setup_controls.py puts them on the
new-game page), one :class:`SetupField` per option a tournament organiser names
(tournament/forms/game_setup.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from django import forms
from django.utils.translation import gettext_lazy as _

GENERAL, ADVANCED, EXPANSION = "general", "advanced", "expansion"
GROUP_TITLES = {GENERAL: _("The game"), ADVANCED: _("Advanced rules (§7)"), EXPANSION: _("Expansions (§9)")}


@dataclass(frozen=True)
class Control:
    key: str
    make: Callable[[], forms.Field]
    group: str = GENERAL
    shown_with: str = ""  # e.g. "mode=standard,swap": shown while that control of the system has one of these


@dataclass(frozen=True)
class SetupField:
    key: str
    make: object  # () -> forms.Field


def flag(label, help_text=""):
    return lambda: forms.BooleanField(label=label, help_text=help_text, required=False)


def choice(label, help_text, choices, coerce=str):
    # Not required: a control of a system not chosen, or left out by a script, means the default.
    return lambda: forms.TypedChoiceField(label=label, help_text=help_text, choices=choices, coerce=coerce,
                                          required=False, empty_value=None)


def count(label, help_text="", initial=0):
    return lambda: forms.IntegerField(label=label, help_text=help_text, min_value=0, max_value=9, initial=initial,
                                      required=False)
