"""Which database a read goes to (kernel/replica.py), without a replica running: only the
router's decision. tests/faults/test_replica_reads.py reads from a real one."""
import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.test import RequestFactory

from game.models import Game
from kernel import replica
from kernel.replica import ReplicaRouter, reads_may_lag

ROUTER = ReplicaRouter()


@reads_may_lag
def where_reads_go(request):
    outside = ROUTER.db_for_read(Game)
    with transaction.atomic():
        inside = ROUTER.db_for_read(Game)
    return outside, inside, ROUTER.db_for_write(Game)


@pytest.fixture
def replica_configured(monkeypatch):
    monkeypatch.setattr(replica, "configured", lambda: True)  # as with DATABASE_REPLICA_URL


def request(method: str):
    made = RequestFactory().generic(method, "/")
    made.user = AnonymousUser()
    return made


@pytest.mark.django_db(transaction=True)  # outside the test's own transaction
def test_a_marked_read_goes_to_the_replica_but_not_inside_a_transaction(replica_configured):
    assert where_reads_go(request("GET")) == ("replica", "default", "default")


@pytest.mark.django_db
def test_an_unsafe_request_reads_the_primary_even_in_a_marked_view(replica_configured):
    assert where_reads_go(request("POST")) == ("default", "default", "default")


@pytest.mark.django_db
def test_unmarked_reads_and_the_replica_migrations_stay_on_the_primary(replica_configured):
    assert ROUTER.db_for_read(Game) == "default"
    assert ROUTER.allow_migrate("replica", "game") is False and ROUTER.allow_migrate("default", "game") is True
