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
        key = self.make_and_validate_key(key, version=version)
        pipe = self._cache.get_client(key, write=True).pipeline(transaction=False)
        pipe.set(key, 0, ex=timeout, nx=True)
        pipe.incr(key)
        return pipe.execute()[1]
