import pytest
from django.core.cache import cache

from tests.tournament.conftest import league, organiser, referee  # noqa: F401  (fixtures of table-play ratings)


@pytest.fixture(autouse=True)
def empty_cache():
    """Side-advantage reports are cached; test databases reuse ids, so start each test clean."""
    cache.clear()
