"""A user's notifications on the site (issue 16): the unread summary pages show, marking read."""
from __future__ import annotations

from django.db import transaction
from django.db.models import Case, F, Q, Value, When
from django.utils import timezone

from kernel.announcements import announce, user_key

from .models import Notification

LATEST = 5
COUNT_CAP = 99  # "99+" is all a badge needs to say


def shown_to(user):
    return Notification.objects.filter(user=user, in_page=True)


def as_dict(note: Notification) -> dict:
    return {"id": note.pk, "kind": note.kind, "text": note.text, "url": note.url,
            "created_at": note.created_at, "read": note.read_at is not None}


def unread_summary(user) -> dict:
    """``{"unread": n, "latest": [...]}`` — what the tab title, the favicon badge and a browser
    notification show; one query."""
    unread = list(shown_to(user).filter(read_at__isnull=True)[:COUNT_CAP + 1])
    return {"unread": len(unread), "latest": [as_dict(n) for n in unread[:LATEST]]}


def mark_read(user, ids=None, url: str | None = None) -> int:
    """Mark ``user``'s notifications read (all, those of ``ids``, or those pointing at ``url``);
    e-mail still waiting for them is dropped."""
    notes = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        notes = notes.filter(pk__in=ids)
    if url is not None:
        notes = notes.filter(url=url)
    with transaction.atomic():
        notes.filter(mail=Notification.Mail.PENDING).update(mail=Notification.Mail.READ_ON_SITE)
        return notes.update(read_at=timezone.now())


def mark_read_for(user, path: str) -> int:
    """Opening a page reads ``user``'s notifications that link to it (their query and fragment
    aside): one UPDATE, e-mail still waiting for them dropped; the user's other tabs are told."""
    notes = Notification.objects.filter(Q(url=path) | Q(url__startswith=f"{path}?") | Q(url__startswith=f"{path}#"),
                                        user=user, read_at__isnull=True)
    marked = notes.update(read_at=timezone.now(), mail=Case(
        When(mail=Notification.Mail.PENDING, then=Value(Notification.Mail.READ_ON_SITE)), default=F("mail")))
    if marked:
        announce(user_key(user.pk))
    return marked
