"""The referee panel's forms (issue 13 "Referee panel"): they check what a browser sends and name
each field in words; the rules themselves are the services' (the same functions as the API).

``RESULTS`` are the three results a referee may set: match and rematch, 2:0, 1:1 or 0:2.
"""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _, gettext_lazy

from . import discipline, presentation

RESULTS = {"2:0": [2, 0], "1:1": [1, 1], "0:2": [0, 2]}
REASON_HELP = gettext_lazy("Players and organisers read it with the decision.")


def _result_choices(a: str, b: str, keep: str | None = None) -> list[tuple[str, str]]:
    """The three results; first a blank choice (``keep`` the result, or choose one: nothing is preselected)."""
    return [("", keep or _("Choose the new result…"))] + [
        ("2:0", _("2:0 — %(name)s won both games") % {"name": a}),
        ("1:1", _("1:1 — one game each")),
        ("0:2", _("0:2 — %(name)s won both games") % {"name": b}),
    ]


def _reason(label) -> forms.CharField:
    return forms.CharField(label=label, max_length=1000, help_text=REASON_HELP,
                           widget=forms.Textarea(attrs={"rows": 2}),
                           error_messages={"required": gettext_lazy("Write the reason: it is part of the record.")})


class KnowledgeTestForm(forms.Form):
    """Both entrants' knowledge-test scores; a blank field leaves that score as it is."""

    def __init__(self, *args, entrants: list[str], current: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.entrants = entrants
        for index, name in enumerate(entrants):
            self.fields[f"score_{index}"] = forms.FloatField(
                label=_("%(name)s's score") % {"name": name}, required=False, min_value=0,
                initial=None if current.get(name) is None else f"{current[name]:g}", widget=forms.NumberInput(attrs={"step": "any", "inputmode": "decimal"}),
                error_messages={"invalid": gettext_lazy("Enter the score as a number, e.g. 7 or 7.5."),
                                "min_value": gettext_lazy("A score cannot be below 0.")})

    def clean(self):
        data = super().clean()
        if not self.errors and all(data.get(f"score_{i}") is None for i in range(len(self.entrants))):
            raise forms.ValidationError(_("Enter at least one score."))
        return data

    def scores(self) -> list[tuple[str, float]]:
        return [(name, self.cleaned_data[f"score_{i}"]) for i, name in enumerate(self.entrants)
                if self.cleaned_data.get(f"score_{i}") is not None]


class OffenceForm(forms.Form):
    """An offence; the ladder gives the sanction, shown for confirmation before it is recorded.
    ``offence_number`` is the number the referee saw at the review (a hidden field)."""

    entrant = forms.ChoiceField(label=gettext_lazy("Player"), widget=forms.RadioSelect,
                                error_messages={"required": gettext_lazy("Choose the player.")})
    category = forms.ChoiceField(label=gettext_lazy("Offence"),
                                 choices=[(c, presentation.OFFENCES[c]) for c in discipline.OFFENCES],
                                 error_messages={"required": gettext_lazy("Choose the offence.")})
    text = forms.CharField(label=gettext_lazy("What happened"), max_length=1000,
                           widget=forms.Textarea(attrs={"rows": 2}),
                           error_messages={"required": gettext_lazy("Describe what happened: it is part of the record.")})
    offence_number = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, entrants: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entrant"].choices = [(n, n) for n in entrants]


class RevokeForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Why it is revoked"), max_length=1000,
                             error_messages={"required": gettext_lazy("Write why the penalty is revoked.")})


class TieForm(forms.Form):
    kind = forms.CharField(widget=forms.HiddenInput, initial="tie")
    winner = forms.ChoiceField(label=gettext_lazy("Winner of the pairing"), widget=forms.RadioSelect,
                               error_messages={"required": gettext_lazy("Choose the winner.")})
    reason = _reason(gettext_lazy("Reason"))

    def __init__(self, *args, entrants: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = [(n, n) for n in entrants]


class ResultForm(forms.Form):
    """A ruling that may set the result (``dispute``) or must (``overrule``)."""

    kind = forms.CharField(widget=forms.HiddenInput)
    result = forms.ChoiceField(label=gettext_lazy("Result"), required=False)
    winner = forms.ChoiceField(label=gettext_lazy("Winner of a 1:1"), required=False, widget=forms.RadioSelect,
                               help_text=gettext_lazy("Leave it to the knowledge tests, or name the winner."))
    reason = _reason(gettext_lazy("Reason"))
    replaces = forms.CharField(required=False, widget=forms.HiddenInput)
    replaces_result = forms.CharField(required=False, widget=forms.HiddenInput)
    void = forms.MultipleChoiceField(label=gettext_lazy("Void and replay"), required=False,
                                     widget=forms.CheckboxSelectMultiple)
    void_reason = forms.CharField(label=gettext_lazy("Why they are voided"), required=False, max_length=1000)

    def __init__(self, *args, entrants: list[str], kind: str, keep: str | None, voidable=(), **kwargs):
        super().__init__(*args, **kwargs)
        a, b = entrants
        self.fields["kind"].initial = kind
        self.fields["result"].choices = _result_choices(a, b, keep)
        self.fields["result"].required = keep is None
        self.fields["result"].error_messages["required"] = _("Choose the result.")
        self.fields["winner"].choices = [("", _("the knowledge tests decide"))] + [(n, n) for n in entrants]
        self.fields["void"].choices = voidable

    def clean(self):
        data = super().clean()
        if data.get("winner") and data.get("result") != "1:1":
            self.add_error("winner", _("Name a winner only for a 1:1: at 2:0 or 0:2 the score says who won."))
        return data

    def score(self):
        return RESULTS.get(self.cleaned_data.get("result") or "")

    def replaced_score(self):
        return RESULTS.get(self.cleaned_data.get("replaces_result") or "")
