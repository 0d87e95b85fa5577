"""What every page's header needs to tell a signed-in user what is new (issue 16): the unread
count (counted only when a page shows it) and the words static/js/live.js puts in the tab title."""
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext_lazy as _

from .inbox import unread_summary

LIVE_WORDS = {"your_move": _("Your move"), "site": "Nightduel"}


def unread_notifications(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notifications": SimpleLazyObject(lambda: unread_summary(user)), "live_words": LIVE_WORDS}
