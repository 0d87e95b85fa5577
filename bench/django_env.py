"""Set up Django for a benchmark script: the given DATABASE_URL, else a fresh SQLite file."""
import os
import secrets
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Printed by the benchmarks that play the test double: their figures are the service's own
# cost (API, store, folds, follow-up work) with a near-free engine, not a real system's.
ON_THE_TEST_DOUBLE = ("game system: dice-race, the test double of tests/doubles.py (one die per command), "
                      "not a real engine: the figures are the service's cost around a near-free engine")


def setup_django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if "DATABASE_URL" not in os.environ:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    os.environ.setdefault("NIGHTDUEL_EXTRA_SYSTEMS", "dice-race=tests.doubles:SYSTEM")
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # DEBUG is off with DATABASE_URL
    os.environ.setdefault("HTTPS", "0")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
