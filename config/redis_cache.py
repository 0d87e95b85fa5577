"""Django's Redis cache, holding one ``redis.Redis`` client per connection pool.

Django's client builds a new ``redis.Redis`` object for every cache call, and building one
registers a few hundred response callbacks: more CPU than the round trip it serves. The
command throttle reads and writes the cache on every move, so the client is kept instead
(``redis.Redis`` is thread-safe; connections still come from the pool per command).
"""
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property

# GET KEYS[1]; for each further key, SET it to 0 with expiry ARGV[i] unless it exists, then INCR:
# three commands' work in one, fewer bytes to pack and replies to parse than a pipeline of them.
GET_AND_COUNT = """
local counts = {}
for i = 2, #KEYS do
    redis.call('SET', KEYS[i], 0, 'EX', ARGV[i - 1], 'NX')
    counts[i - 1] = redis.call('INCR', KEYS[i])
end
return {redis.call('GET', KEYS[1]), counts}
"""


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

    def get_and_count(self, key, windows: dict[str, int], version=None) -> tuple[object, dict[str, int]]:
        """The value of ``key`` (None if absent) and each of ``windows`` added one to as
        ``incr_with_expiry`` does: one command, one round trip (the token's user and the
        throttle's count of a token-authenticated request: kernel/api/token_cache.py)."""
        keys = [self.make_and_validate_key(k, version=version) for k in (key, *windows)]
        client = self._cache.get_client(write=True)
        script = self._scripts.get(id(client))
        if script is None:
            script = self._scripts[id(client)] = client.register_script(GET_AND_COUNT)
        value, counts = script(keys=keys, args=list(windows.values()))
        return (None if value is None else self._cache._serializer.loads(value)), dict(zip(windows, counts))

    @cached_property
    def _scripts(self) -> dict:
        return {}
