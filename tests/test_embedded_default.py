"""The embedded default (no environment, issue 26): its scheduler (config/embedded_beat.py) is
Celery's beat scheduler over the very table ``celery beat`` reads, never started by the test
suite unless a test asks; e-mail links follow the port serve.sh serves on."""
from django.conf import settings

from config import embedded_beat
from config.celery import app


def test_the_in_process_scheduler_reads_every_entry_of_the_beat_table():
    scheduler = embedded_beat.InlineScheduler(app=app)
    assert set(settings.CELERY_BEAT_SCHEDULE) <= set(scheduler.schedule)
    assert {name: entry.task for name, entry in scheduler.schedule.items() if name in settings.CELERY_BEAT_SCHEDULE} \
        == {name: entry["task"] for name, entry in settings.CELERY_BEAT_SCHEDULE.items()}


def test_it_is_off_under_pytest_so_no_test_starts_it_by_accident():
    assert settings.NIGHTDUEL_EMBEDDED_BEAT is False
    assert embedded_beat.start() is None


def test_e_mail_links_follow_the_port_serve_sh_serves_on():
    """``PORT=8080 bash scripts/serve.sh``: links in e-mails lead to port 8080, not 8000."""
    import os
    import subprocess
    import sys

    from tests.worker import ROOT

    def site_url(**env) -> str:
        environment = {k: v for k, v in os.environ.items() if k not in ("SITE_URL", "PORT")}
        return subprocess.run([sys.executable, "-c", "from django.conf import settings; import django; "
                               "django.setup(); print(settings.NIGHTDUEL_SITE_URL)"],
                              cwd=ROOT, env={**environment, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
                              capture_output=True, text=True, check=True).stdout.strip()
    assert site_url(PORT="8080") == "http://127.0.0.1:8080"
    assert site_url() == "http://127.0.0.1:8000"
    assert site_url(PORT="8080", SITE_URL="https://club.example.org") == "https://club.example.org"
