"""Forms of the table report page (issue 14): what a player reports, answers, or a referee enters.

The choices come from the pairing (its two players) and the game system (how a game can end);
the service (tournament/services/table_play.py) checks everything again, so a form is only the
first, friendlier line.
"""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from systems import registry

from . import table

# The generic ending; each system's own are worded in its descriptor (``table_play.ending_words``).
GENERIC_ENDING_LABELS = {"rules": _("as the rules say")}


def ending_label(code: str, system: str | None = None) -> str:
    """An ending in words: the system's (every registered one's when ``system`` is not given,
    e.g. a report shown without its tournament), else the generic one, else the code."""
    systems = [registry.find(system)] if system else registry.descriptors()
    for found in systems:
        if found and code in found.table_play.ending_words:
            return str(found.table_play.ending_words[code])
    return str(GENERIC_ENDING_LABELS.get(code, code))


class LegResultForm(forms.Form):
    winner = forms.ChoiceField(label=_("Who won?"), widget=forms.RadioSelect)
    ended_by = forms.ChoiceField(label=_("How did the game end?"), widget=forms.RadioSelect)
    vp_margin = forms.IntegerField(label=_("By how many victory points?"), min_value=1, required=False,
                                   help_text=_("The winner's VP minus the loser's VP for this night."))

    def __init__(self, *args, pairing: dict, system: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.system = system
        self.fields["winner"].choices = [(pairing["a"], pairing["a"]), (pairing["b"], pairing["b"])]
        self.fields["ended_by"].choices = [(code, ending_label(code, system)) for code in table.endings_for(system)]
        if table.reports_vp(system):
            self.fields["vp_margin"].required = True
        else:
            del self.fields["vp_margin"]

    def result(self) -> dict:
        data = self.cleaned_data
        return {"winner": data["winner"], "ended_by": data["ended_by"], "vp_margin": data.get("vp_margin")}


class LegEntryForm(LegResultForm):
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 2}),
                             help_text=_("Why you enter or correct this result: it is part of the record."))


class LegAnswerForm(forms.Form):
    report_id = forms.UUIDField(widget=forms.HiddenInput)
    reason = forms.CharField(label=_("What is wrong with the report?"), required=False,
                             widget=forms.Textarea(attrs={"rows": 2}),
                             help_text=_("Only when you dispute it: a referee reads this."))
