"""The knowledge-test pages' forms: they name each field in words; the rules are the services'
(tournament/quiz/attempts.py, the same functions as the API)."""
from django import forms
from django.utils.translation import gettext_lazy

from .attempts import DEFAULT_MINUTES, DEFAULT_QUESTIONS, MAX_MINUTES, MAX_QUESTIONS


class BankUploadForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Question bank (.csv or .json)"),
        help_text=gettext_lazy("CSV columns: question, choices, answer — the choices in one cell separated by “|”, "
                               "the answer is the text of the right choice."),
        error_messages={"required": gettext_lazy("Choose the file to upload.")},
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.json,text/csv,application/json"}))


class OpenQuizForm(forms.Form):
    questions = forms.IntegerField(label=gettext_lazy("Questions per player"), min_value=1, max_value=MAX_QUESTIONS,
                                   initial=DEFAULT_QUESTIONS,
                                   help_text=gettext_lazy("Drawn by lot from the bank; every player of the round "
                                                          "gets the same questions, each in his own order."))
    minutes = forms.IntegerField(label=gettext_lazy("Minutes per player"), min_value=1, max_value=MAX_MINUTES,
                                 initial=DEFAULT_MINUTES,
                                 help_text=gettext_lazy("Counted from when the player starts; answers after that "
                                                        "are not counted."))


class CorrectionForm(forms.Form):
    entrant = forms.ChoiceField(label=gettext_lazy("Player"))
    score = forms.FloatField(label=gettext_lazy("Corrected score"), min_value=0,
                             widget=forms.NumberInput(attrs={"step": "any", "inputmode": "decimal"}),
                             error_messages={"invalid": gettext_lazy("Enter the score as a number, e.g. 7 or 7.5."),
                                             "min_value": gettext_lazy("A score cannot be below 0.")})
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=1000,
                             widget=forms.Textarea(attrs={"rows": 2}),
                             help_text=gettext_lazy("Players and organisers read it with the correction."),
                             error_messages={"required": gettext_lazy("Write the reason: it is part of the record.")})

    def __init__(self, *args, entrants: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entrant"].choices = [(n, n) for n in entrants]


class BankTextForm(forms.Form):
    """The bank edited in the browser: the same CSV as an upload, one question a line."""

    text = forms.CharField(
        label=gettext_lazy("The questions, one per line"),
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "true", "class": "bank-text"}),
        help_text=gettext_lazy("question,choices,answer — the choices separated by “|”, the answer is the text of "
                               "the right choice; a text with a comma goes in double quotes. Saving replaces the "
                               "bank for tests opened later."),
        error_messages={"required": gettext_lazy("Write at least one question.")})
