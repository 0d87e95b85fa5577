"""The suite on several processes (pytest-xdist, ``scripts/test.sh``): what each worker keeps apart.

- PostgreSQL: pytest-django gives each worker a test database of its own (``test_<name>_gw<n>``);
  pub/sub channels and LISTEN/NOTIFY are named after it or scoped to it already.
- Redis: every test empties its cache database (``fresh_rate_limits``), which is also where the
  broker keeps its queues. Each worker therefore gets a Redis database of its own, set in its
  environment before it starts — Django's settings are read before any conftest is.
- The tests that stop or load a server the others share (marker ``exclusive``) run on their own,
  before the rest (``scripts/test.sh``).
"""
from urllib.parse import urlsplit

REDIS_DATABASES = 16  # a default Redis server's
# The suite's own database, and the one after it for the cluster's nodes (tests/cluster/conftest.py).
DATABASES_BEFORE_THE_WORKERS = 2


def redis_database_after(url: str, offset: int) -> str:
    """``url`` with the Redis database ``offset`` places after its own (wrapping at the last)."""
    parts = urlsplit(url)
    return parts._replace(path=f"/{(int(parts.path.lstrip('/') or 0) + offset) % REDIS_DATABASES}").geturl()


def worker_redis_url(url: str, index: int) -> str:
    """``url`` with the Redis database of worker ``index`` (0, 1, …)."""
    if index + DATABASES_BEFORE_THE_WORKERS >= REDIS_DATABASES:
        raise ValueError(f"{index + 1} workers need more than Redis's {REDIS_DATABASES} databases")
    return redis_database_after(url, DATABASES_BEFORE_THE_WORKERS + index)


def separate_workers(specs, environ) -> None:
    """``pytest_xdist_setupnodes``: each worker's Redis database, in its environment."""
    if not environ.get("REDIS_URL"):
        return  # no Redis: every worker runs its tasks inline and caches in its own memory
    for index, spec in enumerate(specs):
        spec.env["REDIS_URL"] = worker_redis_url(environ["REDIS_URL"], index)
