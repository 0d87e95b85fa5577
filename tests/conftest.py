import pytest
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
