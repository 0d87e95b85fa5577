"""Notification pages (issue 16): your notifications, and how you want to be told.

The settings page calls the same service as ``PUT /api/notifications/preferences/``.
"""
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from kernel.form_views import ServiceFormView

from . import inbox, preferences
from .forms import PreferencesForm

PAGE_SIZE = 50


class NotificationSettings(ServiceFormView):
    form_class = PreferencesForm
    template_name = "notifications/settings.html"
    invalid_status = 200  # an invalid grid is shown again with 200, as this page always has

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "choices": preferences.choices_of([self.request.user.pk])[self.request.user.pk]}

    def perform(self, form):
        preferences.update_choices(self.request.user, form.choices())

    def success_message(self, form, result):
        return _("Your notification settings are saved.")

    def get_success_url(self, form, result):
        return reverse("notification-settings")

    def get_context_data(self, **kwargs):
        return super().get_context_data(has_email=bool(self.request.user.email), **kwargs)


notification_settings = login_required(NotificationSettings.as_view())


@login_required
@require_http_methods(["GET", "POST"])
def notification_list(request):
    if request.method == "POST":
        inbox.mark_read(request.user)
        return redirect("notification-list-page")
    return render(request, "notifications/list.html", {
        "notes": inbox.shown_to(request.user)[:PAGE_SIZE]})
