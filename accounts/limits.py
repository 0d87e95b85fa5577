"""Limits on the account pages a stranger uses without logging in (sign-up, password reset):
POSTs counted per client address (kernel/client_address.py) in fixed windows, at the rates of
``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (``THROTTLE_SIGNUP``, ``THROTTLE_PASSWORD_RESET``)."""
import math
import time
from functools import wraps

from django.conf import settings
from django.shortcuts import render

from kernel.client_address import client_address
from kernel.rate_windows import count_in_window

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_rate(rate: str) -> tuple[int, int]:
    """``"20/hour"`` → (20, 3600), as DRF reads its rates."""
    count, period = rate.split("/")
    return int(count), PERIODS[period[0]]


def limit_posts(scope: str):
    """Answer 429 with a page in words once an address sent more POSTs to the view than ``scope`` allows."""
    def decorator(view):
        @wraps(view)
        def limited(request, *args, **kwargs):
            if request.method == "POST":
                allowed, seconds = parse_rate(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope])
                now = time.time()
                key = f"page-limit:{scope}:{client_address(request)}:{int(now // seconds)}"
                if count_in_window(key, seconds) > allowed:
                    minutes = math.ceil((seconds - now % seconds) / 60)
                    return render(request, "accounts/too_many_attempts.html", {"minutes": minutes}, status=429)
            return view(request, *args, **kwargs)
        return limited
    return decorator
