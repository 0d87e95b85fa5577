"""The notification settings form: for each kind, on the site and/or by e-mail (issue 16)."""
from django import forms
from django.utils.translation import gettext_lazy as _

from .kinds import KINDS, LABELS
from .preferences import Choice


class PreferencesForm(forms.Form):
    def __init__(self, *args, choices: dict[str, Choice], **kwargs):
        super().__init__(*args, **kwargs)
        for kind in KINDS:
            self.fields[f"{kind}__in_page"] = forms.BooleanField(
                required=False, initial=choices[kind].in_page, label=_("on the site"))
            self.fields[f"{kind}__by_email"] = forms.BooleanField(
                required=False, initial=choices[kind].by_email, label=_("by e-mail"))

    def rows(self):
        """(label, on-the-site field, by-e-mail field) per kind, for the template's table."""
        return [(LABELS[kind], self[f"{kind}__in_page"], self[f"{kind}__by_email"]) for kind in KINDS]

    def choices(self) -> dict[str, Choice]:
        data = self.cleaned_data
        return {kind: Choice(data[f"{kind}__in_page"], data[f"{kind}__by_email"]) for kind in KINDS}
