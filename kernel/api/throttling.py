"""Rate limits counted in one cache round trip (issue 18).

DRF's ``ScopedRateThrottle`` keeps a list of request times per user: a cache read and a cache
write per request, and a pickled list that grows with the rate. This throttle keeps DRF's
scopes, rates and keys but counts requests in fixed windows of the rate's duration, with one
atomic increment (on Redis: SET NX EX + INCR, pipelined; kernel/rate_windows.py). A fixed
window lets a client send up to twice the rate across a window edge, which is well within what
the limits are for.
"""
from rest_framework.throttling import ScopedRateThrottle

from kernel.client_address import client_address
from kernel.rate_windows import count_in_window


class WindowedScopedRateThrottle(ScopedRateThrottle):
    """Counted per user, or per client address (never a client-supplied ``X-Forwarded-For``)."""

    def get_ident(self, request):
        return client_address(request)

    def allow_request(self, request, view):
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = self.timer()
        window = int(self.now // self.duration)
        return count_in_window(f"{self.key}:{window}", self.duration) <= self.num_requests

    def wait(self):
        return self.duration - self.now % self.duration
