import importlib

import pytest
from django.db import connection
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from config.celery import app as celery_app
from game.rules.registry import register_system
from tests.doubles import RACE, SYSTEM
from tests.worker import real_celery_worker  # noqa: F401  (fixture)

register_system(RACE, SYSTEM)


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


APPEND_ONLY = importlib.import_module("game.migrations.0002_events_append_only")


@pytest.fixture(autouse=True)
def flushable_event_table(request):
    """Let pytest-django flush SQLite after a transactional (live-server) test.

    SQLite's flush deletes row by row, which the append-only triggers rightly refuse;
    PostgreSQL truncates, which row triggers do not see. So on SQLite the rows are cleared
    with the triggers lifted for that one statement, and the triggers are put back.
    """
    yield
    marker = request.node.get_closest_marker("django_db")
    transactional = "transactional_db" in request.fixturenames or bool(marker and marker.kwargs.get("transaction"))
    if not transactional or connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        for sql in APPEND_ONLY.SQLITE_DOWN + ["DELETE FROM events"] + APPEND_ONLY.SQLITE_UP:
            cursor.execute(sql)
