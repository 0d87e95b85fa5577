import io
import os

import pytest
from django.core.management import call_command
from django.core.management.commands import flush as flush_command
from django.db import connection
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from config.celery import app as celery_app
from systems.registry import register_system
from tests import database_owner
from tests.parallel import separate_workers
from tests.doubles import RACE, SYSTEM
from tests.chromium import chromium, new_context  # noqa: F401  (fixtures: one browser for the whole run)
from tests.worker import real_celery_worker  # noqa: F401  (fixture)

register_system(RACE, SYSTEM)


def pytest_xdist_setupnodes(config, specs):
    separate_workers(specs, os.environ)


def make_user(username: str, **extra):
    return get_user_model().objects.create_user(username=username, password="pw-" + username, **extra)


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """Throttle counters live in the cache; each test starts with none."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def eager_tasks(settings):
    """In-process tests run tasks inline; ``real_celery_worker`` switches to a real broker."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    celery_app.conf.task_always_eager = True


@pytest.fixture
def users(db):
    return {name: make_user(name) for name in ("alice", "bob", "carol")}


@pytest.fixture
def admin_user_(db):
    return make_user("admin", is_staff=True, is_superuser=True)


def uses_database(request) -> str | None:
    """``"transactional_db"``, ``"db"`` or None: how the test uses the database (as pytest-django decides)."""
    marker = request.node.get_closest_marker("django_db")
    names = set(request.fixturenames)
    if (marker and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences"))) or \
            names & {"transactional_db", "live_server", "django_db_reset_sequences"}:
        return "transactional_db"
    return "db" if marker or "db" in names else None


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The flush after a transactional test leaves ``events`` to the owner's path; in the
    production shape the migrated test database grants the service role what the service
    needs, and every new connection acts as that role (tests/database_owner.py)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(flush_command, "sql_flush", database_owner.flush_all_but_events)
        if not database_owner.acting_as_service():
            yield
            return
        with django_db_blocker.unblock():
            call_command("grant_service_role", database_owner.SERVICE_ROLE, stdout=io.StringIO())
        options = connection.settings_dict["OPTIONS"]
        options["assume_role"] = database_owner.SERVICE_ROLE
        yield
        options.pop("assume_role")  # the test database is dropped by its owner


@pytest.fixture(autouse=True)
def database_roles(request):
    """Each database test acts as the service role (in the production shape); after a
    transactional test the owner empties ``events``, which pytest-django's flush leaves out.

    The database fixture is set up from here, so that it is torn down — flushed — after this.
    """
    kind = uses_database(request)
    if kind is None:
        yield
        return
    request.getfixturevalue(kind)
    database_owner.act_as_service()
    yield
    if kind == "transactional_db":
        database_owner.empty_event_table()
