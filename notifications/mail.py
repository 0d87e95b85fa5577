"""E-mail of notifications through Django's e-mail framework (issue 16).

A user's waiting notifications go out as one e-mail. While the user is on the site
(notifications/presence.py) the e-mail waits — they see it there — for at most
``NIGHTDUEL_MAIL_HOLD_SECONDS``; whatever they read on the site meanwhile is dropped.
At most once: the notifications are marked sent in a committed transaction (rows locked,
so two workers cannot both take them) before the e-mail is handed to the backend. A worker
killed between the two loses that e-mail rather than sending it twice.
"""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils import translation
from django.utils.translation import ngettext

from accounts.language import profile_language

from .models import Notification
from .presence import is_active

PENDING = Notification.Mail.PENDING


def _claim(user_id, now) -> list[Notification]:
    with transaction.atomic():
        due = list(Notification.objects.select_for_update(skip_locked=True)
                   .filter(user_id=user_id, mail=PENDING).order_by("id"))
        Notification.objects.filter(pk__in=[n.pk for n in due], mail=PENDING).update(
            mail=Notification.Mail.SENT, mailed_at=now)
    return due


def message_for(user, notes: list[Notification]) -> EmailMessage:
    """The e-mail in the language of the user's profile (the site's default without one)."""
    with translation.override(profile_language(user) or settings.LANGUAGE_CODE):
        return _message(user, notes)


def _message(user, notes: list[Notification]) -> EmailMessage:
    site = settings.NIGHTDUEL_SITE_URL.rstrip("/")
    subject = notes[0].text if len(notes) == 1 else ngettext(
        "Nightduel: %(count)d update", "Nightduel: %(count)d updates", len(notes)) % {"count": len(notes)}
    body = render_to_string("notifications/mail.txt", {
        "user": user, "notes": [(n.text, site + n.url if n.url else "") for n in notes],
        "settings_url": site + reverse("notification-settings")})
    return EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, [user.email])


def send_waiting(user_id, now=None) -> int:
    """Send ``user_id``'s waiting notifications as one e-mail now, unless they should wait."""
    now = now or timezone.now()
    oldest = (Notification.objects.filter(user_id=user_id, mail=PENDING)
              .order_by("created_at").values_list("created_at", flat=True).first())
    if oldest is None:
        return 0
    if is_active(user_id) and now - oldest < timedelta(seconds=settings.NIGHTDUEL_MAIL_HOLD_SECONDS):
        return 0
    due = _claim(user_id, now)
    if due:
        message_for(get_user_model().objects.get(pk=user_id), due).send()
    return len(due)


def send_all_waiting() -> int:
    """The periodic pass: users who left the site, or waited long enough, get their e-mail."""
    users = Notification.objects.filter(mail=PENDING).values_list("user_id", flat=True).distinct()
    return sum(send_waiting(user_id) for user_id in list(users))

