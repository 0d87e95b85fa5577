"""A signed-in viewer's notifications on every live stream they have open (issue 16).

A side feed (settings ``NIGHTDUEL_LIVE_SIDE_FEEDS``, kernel/streaming.py): on each read it
sends the unread summary as a ``notifications`` message when it changed, and notes that the
user is on the site (which holds their e-mail back, notifications/mail.py).
"""
from __future__ import annotations

from kernel.announcements import user_key
from kernel.streaming import Message

from .inbox import unread_summary
from .presence import seen


class NotificationFeed:
    def __init__(self, user):
        self.user = user if user is not None and user.is_authenticated else None
        self.keys = (user_key(self.user.pk),) if self.user else ()
        self.last: dict | None = None

    def read(self) -> list[Message]:
        seen(self.user.pk)
        summary = unread_summary(self.user)
        if summary == self.last:
            return []
        self.last = summary
        return [Message("notifications", summary)]


class NotificationsOnly:
    """The feed of ``/api/notifications/stream/``: for pages that follow no game or tournament."""

    def __init__(self, user):
        self.side = NotificationFeed(user)
        self.keys = self.side.keys

    def share_key(self, after: int):
        return None

    def read(self, after: int) -> tuple[list[Message], int, bool]:
        return self.side.read(), after, False
