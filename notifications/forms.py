"""The notification settings form: for each kind, on the site and/or by e-mail (issue 16)."""
from django import forms
from django.utils.translation import gettext_lazy as _

from .kinds import KINDS, LABELS
from .preferences import Choice
from .webhooks.derivation import EVENTS
from .webhooks.log import event_words


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


class WebhookForm(forms.Form):
    """Register a webhook (issue 16): the receiver's URL, its secret, the events it wants."""

    url = forms.URLField(label=_("Receiver URL"), max_length=500, assume_scheme="https",
                         help_text=_("Events are posted here as JSON, signed with HMAC-SHA256 (header X-Nightduel-Signature-256)."))
    secret = forms.CharField(label=_("Secret"), required=False, max_length=200,
                             help_text=_("Leave blank and one is made for you (shown once the webhook is saved)."))
    events = forms.MultipleChoiceField(label=_("Events"), required=False, widget=forms.CheckboxSelectMultiple,
                                       choices=[(e, event_words(e)) for e in EVENTS],
                                       help_text=_("None ticked: every event."))

