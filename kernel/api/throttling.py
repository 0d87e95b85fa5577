"""Rate limits counted in one cache round trip (issue 18).

DRF's ``ScopedRateThrottle`` keeps a list of request times per user: a cache read and a cache
write per request, and a pickled list that grows with the rate. This throttle keeps DRF's
scopes, rates and keys but counts requests in fixed windows of the rate's duration, with one
atomic increment (on Redis: SET NX EX + INCR, pipelined; kernel/rate_windows.py). A fixed
window lets a client send up to twice the rate across a window edge, which is well within what
the limits are for.

A token-authenticated request is counted by its token's digest, in the round trip that reads
the token's cached user (``count_token_windows``, called by kernel/api/token_cache.py): no
round trip of its own. DRF keeps one token per user, so that count is the user's.
"""
from rest_framework.throttling import ScopedRateThrottle

from kernel.client_address import client_address
from kernel.rate_windows import count_in_window, read_and_count


class WindowedScopedRateThrottle(ScopedRateThrottle):
    """Counted per token, per user (a session), or per client address (never a client-supplied
    ``X-Forwarded-For``)."""

    def get_ident(self, request):
        return client_address(request)

    def get_cache_key(self, request, view):
        digest = getattr(request, "token_digest", None)
        if digest is not None:
            return self.cache_format % {"scope": self.scope, "ident": f"token-{digest}"}
        return super().get_cache_key(request, view)

    def window(self, request, view) -> str | None:
        """The cache key of the window this request counts in (None: not throttled here)."""
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return None
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return None
        self.now = self.timer()
        return f"{self.key}:{int(self.now // self.duration)}"

    def allow_request(self, request, view):
        window = self.window(request, view)
        if window is None:
            return True
        count = getattr(request, "counted_windows", {}).get(window)
        if count is None:  # not counted with the token's read (or a new window began since)
            count = count_in_window(window, self.duration)
        return count <= self.num_requests

    def wait(self):
        return self.duration - self.now % self.duration


def count_token_windows(request, digest: str, cache_key: str):
    """Read ``cache_key`` (a token's cached user) and count the request in the windows of its view's
    throttles, keyed by the token's ``digest``: one round trip. The counts wait on the request for
    the throttles; returns the cached value (None if absent)."""
    request.token_digest = digest
    view = (getattr(request, "parser_context", None) or {}).get("view")
    windows = {}
    for throttle in view.get_throttles() if view is not None else ():
        if isinstance(throttle, WindowedScopedRateThrottle) and (window := throttle.window(request, view)):
            windows[window] = throttle.duration
    value, request.counted_windows = read_and_count(cache_key, windows)
    return value
