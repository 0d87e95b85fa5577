"""The cluster of scripts/cluster.sh on the PostgreSQL test database (issue 31), for the faults
one server cannot show: a web node, a stream node or the replica gone while the rest serves.

One cluster for the module (its start is the slow part): the proxy on port 8350, the replica
on 5434 (``NIGHTDUEL_TEST_CLUSTER_PORT``, ``NIGHTDUEL_TEST_REPLICA_PORT``), Redis one database
after the suite's (throttles, cache and queue apart from the suite's, which each test clears).
The test database is migrated and granted already: the nodes log in as the service role.
"""
import os
import uuid
from urllib.parse import urlsplit

import pytest
import redis
from django.db import connection

from bench.load.cluster import Cluster
from tests import database_owner
from tests.parallel import redis_database_after
from tests.services import missing_service
from tests.worker import DEFAULT_REDIS, database_url, debug_off_env


@pytest.fixture(scope="module")
def cluster(django_db_setup):
    if connection.vendor != "postgresql":
        missing_service("the cluster runs on the PostgreSQL test database, an outside service (set DATABASE_URL)")
    redis_url = os.environ.get("REDIS_URL", DEFAULT_REDIS)
    try:
        redis.Redis.from_url(redis_url, socket_connect_timeout=2).ping()
    except redis.RedisError:
        missing_service(f"the cluster needs Redis at {redis_url}, an outside service")
    owner_url = database_url()
    service = urlsplit(owner_url)._replace(
        netloc=f"{database_owner.SERVICE_ROLE}@{urlsplit(owner_url).netloc.split('@')[-1]}").geturl() \
        if database_owner.acting_as_service() else owner_url
    port = int(os.environ.get("NIGHTDUEL_TEST_CLUSTER_PORT", "8350"))
    running = Cluster({
        "NIGHTDUEL_CLUSTER_PORT": port, "NIGHTDUEL_CLUSTER_DIR": f"/var/tmp/nd-cluster-test-{port}",
        "NIGHTDUEL_CLUSTER_OWNER_URL": owner_url, "NIGHTDUEL_CLUSTER_SERVICE_URL": service,
        "NIGHTDUEL_CLUSTER_MIGRATE": 0,
        "NIGHTDUEL_CLUSTER_REPLICA_PORT": os.environ.get("NIGHTDUEL_TEST_REPLICA_PORT", "5434"),
        "REDIS_URL": redis_database_after(redis_url, 1), "CELERY_TASK_DEFAULT_QUEUE": f"cluster-{uuid.uuid4().hex[:8]}",
        "THROTTLE_COMMANDS": "100000/min", "LOG_LEVEL": "ERROR", **debug_off_env()})
    running.start()
    try:
        yield running
    finally:
        running.stop()
