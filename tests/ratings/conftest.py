import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def empty_cache():
    """Side-advantage reports are cached; test databases reuse ids, so start each test clean."""
    cache.clear()
