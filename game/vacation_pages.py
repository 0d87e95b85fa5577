"""The vacation page: days left this year, take a vacation, end it early. It calls the same
functions as ``/api/vacation/`` (game/vacations.py); a refusal is shown beside its field."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _, gettext_lazy
from django.views.decorators.http import require_http_methods

from . import vacations
from .form_errors import sentence, show_rejection
from kernel.refusals import CommandRejected

FIELD_OF_CODE = {"vacation_days_used_up": "days", "invalid_vacation_days": "days",
                 "vacation_in_past": "starts_on", "vacation_not_this_year": "starts_on"}


class VacationForm(forms.Form):
    days = forms.IntegerField(label=gettext_lazy("Days"), min_value=1, max_value=366, initial=7,
                              help_text=gettext_lazy("Whole days; a day begun counts as a day."))
    starts_on = forms.DateField(label=gettext_lazy("From"), required=False,
                                widget=forms.DateInput(attrs={"type": "date"}),
                                help_text=gettext_lazy("Leave empty to start now; the day starts at 00:00 UTC."))


@login_required
@require_http_methods(["GET", "POST"])
def vacation_page(request):
    if request.POST.get("what") == "end":
        return _end(request)
    form = VacationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            vacations.take(request.user, form.cleaned_data["days"], form.cleaned_data["starts_on"])
        except CommandRejected as exc:
            show_rejection(form, exc, FIELD_OF_CODE)
        else:
            messages.success(request, _("Your vacation is saved: your correspondence clocks stand still meanwhile."))
            return redirect("vacation-page")
    return render(request, "game/vacation.html", {"form": form, "summary": vacations.summary(request.user),
                                                   "now": timezone.now()},
                  status=400 if form.errors else 200)


def _end(request):
    try:
        vacations.end(request.user)
    except CommandRejected as exc:
        messages.error(request, sentence(exc.message))
    else:
        messages.success(request, _("Your vacation is over: your clocks run again."))
    return redirect("vacation-page")
