import time

import pytest

from kernel.announcements import hub
from tests.tournament.conftest import league, organiser, referee  # noqa: F401  (fixtures)


@pytest.fixture(autouse=True)
def streams_end_with_the_test(settings):
    """A server-side stream notices a gone client only at its next write; end them all at
    the test's end (as their maximum age would), so none holds a database connection."""
    yield
    settings.NIGHTDUEL_STREAM_MAX_SECONDS = 0
    deadline = time.monotonic() + 10
    while hub.open_streams() and time.monotonic() < deadline:
        hub.wake_all()
        time.sleep(0.05)
