"""The organiser's forms on the manage page: entrants, check-in, seeding, rounds, referees,
cancellation. Each holds what its service call needs; the page calls the same service."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.forms import username_field

from ..services.registration import BY_LOT, BY_RATING, MANUAL, MAX_ENTRY_RATING, MIN_ENTRY_RATING

class AddEntrantForm(forms.Form):
    username = username_field(_("Player"), _("Type the first letters of a username and pick from the list."))
    rating = forms.FloatField(label=_("Rating (optional)"), required=False,
                              min_value=MIN_ENTRY_RATING, max_value=MAX_ENTRY_RATING,
                              help_text=_("From 0 to 4000. Leave empty: the player's Elo in this game is used "
                                          "(1500, provisional, if unrated)."))


class EntrantForm(forms.Form):
    """Check-in: one entrant, named by the button that was pressed."""

    entrant = forms.CharField(widget=forms.HiddenInput)


class WithdrawForm(forms.Form):
    entrant = forms.ChoiceField(label=_("Entrant"))
    reason = forms.CharField(label=_("Reason"), required=False, max_length=500,
                             help_text=_("Kept in the tournament's history."))

    def __init__(self, *args, entrants=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entrant"].choices = [("", _("Choose an entrant"))] + [(n, n) for n in entrants]


class SeedingForm(forms.Form):
    method = forms.ChoiceField(label=_("Seed"), widget=forms.RadioSelect, initial=BY_RATING, choices=[
        (BY_RATING, _("By rating: highest first, equal ratings by lot")),
        (BY_LOT, _("By lot: a fair draw from the tournament's seed")),
        (MANUAL, _("In my order: the list below, top to bottom")),
    ])
    order = forms.MultipleChoiceField(required=False, widget=forms.MultipleHiddenInput)

    def __init__(self, *args, entrants=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["order"].choices = [(n, n) for n in entrants]
        self.initial.setdefault("order", list(entrants))

    def clean(self):
        data = super().clean()
        if data.get("method") != MANUAL:
            data["order"] = None
        return data


def moved(order: list[str], move: str) -> list[str]:
    """The draft manual order after an up/down button (``"<index>:up"`` / ``"<index>:down"``)."""
    index, _sep, direction = move.partition(":")
    if not index.isdigit():
        return order
    i = int(index)
    j = i - 1 if direction == "up" else i + 1
    if 0 <= i < len(order) and 0 <= j < len(order):
        order = list(order)
        order[i], order[j] = order[j], order[i]
    return order


class StartRoundForm(forms.Form):
    """Start the round the page announced (``round``): a second click, or a page out of date,
    does not start another one."""

    round = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class CancelForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=500, widget=forms.Textarea(attrs={"rows": 2}),
                             help_text=_("Kept in the tournament's history."))
