"""The address a request came from, the one every rate limit and lock-out counts.

``X-Forwarded-For`` is a header anyone may send with any addresses in it: only the entries that
the ``TRUSTED_PROXIES`` reverse proxies in front of us appended are believed. With N of them,
the client is the N-th address from the right (what the outermost trusted proxy saw connect to
it); with none (the default), the header is ignored and the connecting address counts.
"""
from django.conf import settings


def client_address(request) -> str:
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXIES
    if proxies <= 0:
        return remote
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if a.strip()]
    if not forwarded:
        return remote
    return forwarded[-min(proxies, len(forwarded))]
