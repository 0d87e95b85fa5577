"""The vacation page: days left this year, take a vacation, end it early. It calls the same
functions as ``/api/vacation/`` (game/vacations.py); a refusal is shown beside its field."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _, gettext_lazy

from . import vacations
from kernel.form_errors import sentence
from kernel.form_views import ServiceFormView
from kernel.refusals import Refusal
from kernel.form_errors import sentence

FIELD_OF_CODE = {"vacation_days_used_up": "days", "invalid_vacation_days": "days",
                 "vacation_in_past": "starts_on", "vacation_not_this_year": "starts_on"}


class VacationForm(forms.Form):
    days = forms.IntegerField(label=gettext_lazy("Days"), min_value=1, max_value=366, initial=7,
                              help_text=gettext_lazy("Whole days; a day begun counts as a day."))
    starts_on = forms.DateField(label=gettext_lazy("From"), required=False,
                                widget=forms.DateInput(attrs={"type": "date"}),
                                help_text=gettext_lazy("Leave empty to start now; the day starts at 00:00 UTC."))


class VacationPage(ServiceFormView):
    form_class = VacationForm
    template_name = "game/vacation.html"
    refusal_fields = FIELD_OF_CODE
    status_kinds = ()  # this page answers every refused vacation as a mistake in its form (400)

    def post(self, request, *args, **kwargs):
        if request.POST.get("what") == "end":
            return _end(request)
        return super().post(request, *args, **kwargs)

    def perform(self, form):
        vacations.take(self.request.user, form.cleaned_data["days"], form.cleaned_data["starts_on"])

    def success_message(self, form, result):
        return _("Your vacation is saved: your correspondence clocks stand still meanwhile.")

    def get_success_url(self, form, result):
        return reverse("vacation-page")


    def get_context_data(self, **kwargs):
        return super().get_context_data(summary=vacations.summary(self.request.user), now=timezone.now(), **kwargs)


vacation_page = login_required(VacationPage.as_view())


def _end(request):
    try:
        vacations.end(request.user)
    except Refusal as exc:
        messages.error(request, sentence(exc.message))
    else:
        messages.success(request, _("Your vacation is over: your clocks run again."))
    return redirect("vacation-page")
