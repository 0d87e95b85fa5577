"""An unanswered table report is confirmed by the beat task (issue 14 "Reporting"), with a real
Celery beat sending ``auto_confirm_table_reports`` to a real worker on Redis: the report counts
once, after the tournament's ``auto_confirm_minutes``, and never twice however often beat runs."""
import os
import subprocess
import sys
import time

import pytest

from kernel.store import read_events
from tests.conftest import client_for
from tests.tournament.test_table_play import first_pairing, leg_url, state_of, table_tournament, user
from tests.worker import ROOT, database_url, debug_off_env, wait_until
from tournament import events as ev, table


@pytest.fixture
def real_celery_beat(real_celery_worker):
    """``celery beat`` (the project's DatabaseScheduler) sending to the worker's queue, the
    auto-confirmation sweep every second."""
    log = ROOT / "artifacts" / f"celery-beat-{real_celery_worker.queue}.log"
    env = {**os.environ, "DATABASE_URL": database_url(), "REDIS_URL": real_celery_worker.redis_url,
           "CELERY_TASK_DEFAULT_QUEUE": real_celery_worker.queue, "DJANGO_SETTINGS_MODULE": "config.settings",
           "NIGHTDUEL_AUTO_CONFIRM_SWEEP_SECONDS": "1", **debug_off_env()}
    process = subprocess.Popen([sys.executable, "-m", "celery", "-A", "config", "beat", "-l", "INFO",
                                "--max-interval", "1"], cwd=ROOT, env=env, stdout=log.open("ab"),
                               stderr=subprocess.STDOUT)
    try:
        yield process
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.mark.celery_worker
@pytest.mark.django_db(transaction=True)
def test_beat_confirms_an_unanswered_report_once(league, organiser, referee, real_celery_beat):
    t = table_tournament(league, organiser, referee, auto_confirm_minutes=0.05)  # 3 seconds
    p = first_pairing(t)
    shot_down_or_london = table.ending_won_by("303", p, 1, p["b"])
    assert client_for(user(p["a"])).post(leg_url(p, 1, "report"), {"winner": p["b"], "ended_by": shot_down_or_london},
                                         format="json").status_code == 201
    wait_until(lambda: 1 in state_of(t).pairings[p["id"]]["results"], timeout=90, interval=0.5)
    report = state_of(t).pairings[p["id"]]["reports"][1]
    assert (report["status"], report["confirmed_by"]) == ("confirmed", "system:auto-confirm")
    time.sleep(3)  # beat keeps sweeping: nothing more is confirmed
    assert [e.type for e in read_events(t.stream)].count(ev.LEG_CONFIRMED) == 1
