"""The tournament options the create and settings pages offer (``state.DEFAULT_OPTIONS``).

One :class:`OptionField` per option: its form field, the formats it applies to (those whose
``Format.options`` name it, tournament/formats/: the page shows it for those only, and only those
reach the service), and how a form value becomes the option
and back. Adding an option to the pages is adding one entry to :data:`OPTION_FIELDS`.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timezone as dt_timezone
from typing import Any, Callable

from django import forms
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext_lazy as _

from ..table import AT_TABLE, DEFAULT_AUTO_CONFIRM_MINUTES, ONLINE
from ..formats import offering


def _same(value):
    return value


@dataclass(frozen=True)
class OptionField:
    key: str
    make: Callable[[], forms.Field]
    to_option: Callable[[Any], Any] = _same
    from_option: Callable[[Any], Any] = _same
    shown_with: str = ""  # another field's value the page waits for, e.g. "requires_check_in=on"

    @property
    def formats(self) -> tuple[str, ...]:
        """The formats that read this option (``Format.options``); all for a format-free one."""
        return offering(self.key)

    @property
    def show_for(self) -> str:
        """The page's condition for showing the field (static/js/organiser.js)."""
        return ";".join(filter(None, ["format=" + ",".join(self.formats), self.shown_with]))


def _score_text(score) -> str:
    return f"{score[0]}:{score[1]}"


def _score(text: str) -> list[int]:
    return [int(part) for part in text.split(":")]


def _deadline(value) -> str | None:
    return value.astimezone(dt_timezone.utc).isoformat() if value else None


def _deadline_initial(text):
    return parse_datetime(text) if text else None


class DateTimeLocalInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self):
        super().__init__(format="%Y-%m-%dT%H:%M")


BYE_SCORES = [("2:0", _("2:0 — a win")), ("1:1", _("1:1 — a split pairing")), ("1:0", _("1:0")),
              ("0:0", _("0:0 — nothing"))]

OPTION_FIELDS: tuple[OptionField, ...] = (
    OptionField("rounds", lambda: forms.IntegerField(
        label=_("Number of rounds"), min_value=1, required=False,
        help_text=_("Empty: enough rounds for one clear winner (log₂ of the entrants, rounded up)."))),
    OptionField("bye_score", lambda: forms.ChoiceField(
        label=_("A bye counts as"), choices=BYE_SCORES,
        help_text=_("With an odd number of entrants one sits out each round; nobody twice.")),
        to_option=_score, from_option=_score_text),
    OptionField("late_entry", lambda: forms.BooleanField(
        label=_("Accept late entries"), required=False,
        help_text=_("Players may still join after round 1; they start in the next round with no points."))),
    OptionField("third_place", lambda: forms.BooleanField(
        label=_("Play a match for third place"), required=False)),
    OptionField("grand_final_reset", lambda: forms.BooleanField(
        label=_("Grand final reset"), required=False,
        help_text=_("If the losers' bracket finalist wins the grand final, a second one decides."))),
    OptionField("cycles", lambda: forms.TypedChoiceField(
        label=_("Round robin"), coerce=int,
        choices=[(1, _("Single: everyone meets everyone once")), (2, _("Double: everyone meets everyone twice"))])),
    OptionField("group_count", lambda: forms.IntegerField(label=_("Number of groups"), min_value=1)),
    OptionField("advance_per_group", lambda: forms.IntegerField(
        label=_("Players advancing from each group"), min_value=1)),
    OptionField("allow_bots", lambda: forms.BooleanField(
        label=_("Allow practice bots as entrants"), required=False,
        help_text=_("Off: a bot's account cannot be registered; its games would be a bot's, not a player's."))),
    OptionField("requires_check_in", lambda: forms.BooleanField(
        label=_("Entrants must check in"), required=False,
        help_text=_("Only entrants checked in by the time you seed take part.")), ),
    OptionField("check_in_deadline", lambda: forms.DateTimeField(
        label=_("Check-in closes at"), required=False, widget=DateTimeLocalInput(),
        help_text=_("In UTC. Empty: check-in stays open until you seed.")),
        to_option=_deadline, from_option=_deadline_initial, shown_with="requires_check_in=on"),
    # Not required: a form sent without them (an older page, a script) keeps the defaults.
    OptionField("play_mode", lambda: forms.ChoiceField(
        label=_("Where the games are played"), widget=forms.RadioSelect, required=False,
        choices=[(ONLINE, _("Online, on this site: moves checked by the rules engine")),
                 (AT_TABLE, _("At the table, with real dice: players report each result and confirm it"))]),
        to_option=lambda value: value or ONLINE),
    OptionField("auto_confirm_minutes", lambda: forms.IntegerField(
        label=_("A reported result counts by itself after (minutes)"), min_value=1, required=False,
        help_text=_("Unless the opponent confirms or disputes it first.")), shown_with="play_mode=at_table",
        to_option=lambda value: value or DEFAULT_AUTO_CONFIRM_MINUTES),
)
