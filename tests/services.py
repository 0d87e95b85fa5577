"""What a test does when an outside service (PostgreSQL, Redis, a server program) is missing."""
import os

import pytest


def missing_service(reason: str) -> None:
    """A skip for an outside service that is not there; a failure where CI promised it
    (``NIGHTDUEL_REQUIRE_SERVICES=1``)."""
    if os.environ.get("NIGHTDUEL_REQUIRE_SERVICES") == "1":
        pytest.fail(f"NIGHTDUEL_REQUIRE_SERVICES=1 but {reason}")
    pytest.skip(reason)
