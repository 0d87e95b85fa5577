"""Django's Redis cache, holding one ``redis.Redis`` client per connection pool.

Django's client builds a new ``redis.Redis`` object for every cache call, and building one
registers a few hundred response callbacks: more CPU than the round trip it serves. The
command throttle reads and writes the cache on every move, so the client is kept instead
(``redis.Redis`` is thread-safe; connections still come from the pool per command).
"""
from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class PooledRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class PooledRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = PooledRedisCacheClient

    def incr_with_expiry(self, key, timeout: int, version=None) -> int:
        """Add one to ``key`` (created at 0, expiring in ``timeout`` seconds): one round trip."""
        return self.get_and_count(None, {key: timeout}, version=version)[1][key]

    def get_and_count(self, key, windows: dict[str, int], version=None) -> tuple[object, dict[str, int]]:
        """The value of ``key`` (None: none asked, or absent) and each of ``windows`` added one to as
        ``incr_with_expiry`` does, in one pipelined round trip (the token's user and the
        throttle's count of a token-authenticated request: kernel/api/token_cache.py)."""
        keys = {window: self.make_and_validate_key(window, version=version) for window in windows}
        client = self._cache.get_client(write=True)
        pipe = client.pipeline(transaction=False)
        if key is not None:
            pipe.get(self.make_and_validate_key(key, version=version))
        for window, timeout in windows.items():
            pipe.set(keys[window], 0, ex=timeout, nx=True)
            pipe.incr(keys[window])
        replies = pipe.execute()
        value = replies.pop(0) if key is not None else None
        return (None if value is None else self._cache._serializer.loads(value)), dict(zip(windows, replies[1::2]))
