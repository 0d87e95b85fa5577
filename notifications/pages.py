"""Notification pages (issue 16): your notifications, and how you want to be told.

The settings page calls the same service as ``PUT /api/notifications/preferences/``.
"""
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from . import inbox, preferences
from .forms import PreferencesForm

PAGE_SIZE = 50


@login_required
@require_http_methods(["GET", "POST"])
def notification_settings(request):
    choices = preferences.choices_of([request.user.pk])[request.user.pk]
    form = PreferencesForm(request.POST or None, choices=choices)
    if request.method == "POST" and form.is_valid():
        preferences.update_choices(request.user, form.choices())
        messages.success(request, _("Your notification settings are saved."))
        return redirect("notification-settings")
    return render(request, "notifications/settings.html", {"form": form, "has_email": bool(request.user.email)})


@login_required
@require_http_methods(["GET", "POST"])
def notification_list(request):
    if request.method == "POST":
        inbox.mark_read(request.user)
        return redirect("notification-list-page")
    return render(request, "notifications/list.html", {
        "notes": inbox.shown_to(request.user)[:PAGE_SIZE]})
