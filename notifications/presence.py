"""Whether a user is on the site now: an open live stream refreshes it (issue 16).

Kept in the cache (Redis in production, shared by web processes and workers), so it costs no
database write; a lost entry only means an e-mail is sent a little early.
"""
from django.conf import settings
from django.core.cache import cache


def _key(user_id) -> str:
    return f"nightduel:presence:{user_id}"


def seen(user_id) -> None:
    cache.set(_key(user_id), 1, timeout=settings.NIGHTDUEL_ACTIVE_SECONDS)


def is_active(user_id) -> bool:
    return cache.get(_key(user_id)) is not None
