"""Counting requests in fixed windows, one cache round trip each (the API's throttles and the
account pages' limits), or together with a cache read (a token's user: kernel/api/token_cache.py)."""
from django.core.cache import cache


def count_in_window(key: str, seconds: int) -> int:
    """Add one to ``key``'s count, which starts at 0 and expires ``seconds`` after its first use."""
    counter = getattr(cache, "incr_with_expiry", None)
    if counter is not None:
        return counter(key, seconds)
    cache.add(key, 0, seconds)
    return cache.incr(key)


def read_and_count(key: str, windows: dict[str, int]) -> tuple[object, dict[str, int]]:
    """The cached value of ``key`` (None if absent) and each window's count after adding one (its
    seconds as ``count_in_window``'s): one round trip on Redis."""
    reader = getattr(cache, "get_and_count", None)
    if reader is not None:
        return reader(key, windows)
    return cache.get(key), {window: count_in_window(window, seconds) for window, seconds in windows.items()}
