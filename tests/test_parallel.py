"""The suite's workers keep their Redis databases apart (tests/parallel.py): every test empties
its cache database, and the broker's queues live there too."""
import pytest
from execnet import XSpec

from tests.parallel import separate_workers, worker_redis_url


def test_each_worker_gets_a_database_of_its_own_past_the_suites_and_the_clusters():
    specs = [XSpec("popen") for _ in range(6)]
    separate_workers(specs, {"REDIS_URL": "redis://localhost:6379/3"})
    assert [spec.env["REDIS_URL"] for spec in specs] == [f"redis://localhost:6379/{n}" for n in range(5, 11)]


def test_the_numbers_wrap_at_sixteen_and_fourteen_workers_are_too_many():
    assert worker_redis_url("redis://h:1/15", 0) == "redis://h:1/1"
    assert worker_redis_url("redis://h:1", 13) == "redis://h:1/15"
    with pytest.raises(ValueError, match="more than Redis's 16 databases"):
        worker_redis_url("redis://h:1/0", 14)


def test_without_redis_the_workers_are_left_as_they_are():
    specs = [XSpec("popen"), XSpec("popen")]
    separate_workers(specs, {})
    assert all(not spec.env for spec in specs)
