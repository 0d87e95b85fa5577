"""Counting requests in fixed windows, one cache round trip each (the API's throttles and the
account pages' limits)."""
from django.core.cache import cache


def count_in_window(key: str, seconds: int) -> int:
    """Add one to ``key``'s count, which starts at 0 and expires ``seconds`` after its first use."""
    counter = getattr(cache, "incr_with_expiry", None)
    if counter is not None:
        return counter(key, seconds)
    cache.add(key, 0, seconds)
    return cache.incr(key)
