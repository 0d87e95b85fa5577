"""Sign-up and profile forms (Django's auth forms, plus the profile's fields)."""
from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from .models import Profile
from .shared_address import tell_owners_of


class SignupForm(UserCreationForm):
    email = forms.EmailField(label=_("E-mail"), help_text=_("For resetting a forgotten password; never shown to others."))

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")
    # An e-mail address in use already is accepted (accounts/shared_address.py); the password is
    # checked by AUTH_PASSWORD_VALIDATORS, its refusals shown beside the confirmation field.


class ProfileForm(forms.ModelForm):
    """The profile page: the user's e-mail and every :class:`~accounts.models.Profile` preference."""

    email = forms.EmailField(label=_("E-mail"))
    language = forms.ChoiceField(label=_("Language"), required=False,
                                 choices=[("", _("As my browser asks"))] + list(settings.LANGUAGES),
                                 help_text=_("The pages, e-mails and messages in this language, on every device."))

    class Meta:
        model = Profile
        fields = ("display_name", "language")

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["email"].initial = user.email
        self.order_fields(["display_name", "email", "language"])

    def save(self, commit=True):
        changed = self.cleaned_data["email"].lower() != self.user.email.lower()
        self.user.email = self.cleaned_data["email"]
        self.user.save(update_fields=["email"])
        if changed:
            tell_owners_of(self.user.email, self.user)  # accepted like on sign-up: no account enumeration
        return super().save(commit)


PLAYER_SUGGESTIONS = "player-suggestions"  # the <datalist> the page's lookup script fills


def username_field(label, help_text="", required=True) -> forms.CharField:
    """A username typed with suggestions from the player lookup (``/api/players/?q=``)."""
    return forms.CharField(label=label, help_text=help_text, required=required, max_length=150,
                           widget=forms.TextInput(attrs={
                               "list": PLAYER_SUGGESTIONS, "autocomplete": "off", "autocapitalize": "none",
                               "spellcheck": "false", "data-player-lookup": "/api/players/"}))


class PeopleForm(forms.Form):
    """A list of people (a tournament's referees, a league's organisers): untick to remove,
    type a username to add one."""

    keep = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple,
                                     help_text=_("Untick to remove."))
    add = username_field(_("Add"), required=False)

    def __init__(self, *args, people=(), label=None, add_label=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["keep"].choices = [(n, n) for n in people]
        self.fields["keep"].label = label
        self.fields["add"].label = add_label
        self.initial.setdefault("keep", list(people))

    def usernames(self) -> list[str]:
        names = list(self.cleaned_data["keep"])
        added = self.cleaned_data["add"].strip()
        if added and added not in names:
            names.append(added)
        return names
