"""The embedded default runs its periodic jobs itself (issue 26): on serve.sh's shape — SQLite,
tasks inline, runserver, no worker and no beat started — a table report
nobody answers counts by itself at its time, and a game whose player let the clock run out is
adjudicated. The server is a real ``manage.py runserver`` process on a temporary SQLite file,
with the sweeps every second (``NIGHTDUEL_*_SWEEP_SECONDS``) and a tournament confirming after
three seconds; the player reports from her phone in Chromium."""
import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from datetime import datetime

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, log_in
from tests.worker import ROOT, wait_until

pytestmark = pytest.mark.browser

# Run by ``manage.py shell`` on the server's database before it starts: the people, a 303 Swiss
# at the table confirming unanswered reports after 3 s.
SETUP = """
import json
from django.contrib.auth import get_user_model
from leagues.models import League
from tournament import services
users = {n: get_user_model().objects.create_user(n, password="pw-" + n) for n in ("olga", "alice", "bob")}
league = League.objects.create(name="Club", slug="club")
league.organisers.add(users["olga"])
t = services.create_tournament(league=league, name="Laptop Swiss", system="303", format="swiss",
                               created_by=users["olga"],
                               options={"play_mode": "at_table", "auto_confirm_minutes": 0.05})
for name in ("alice", "bob"):
    services.register(t.pk, name, "olga")
services.seed(t.pk, "olga")
services.start_round(t.pk, "olga")
pairing = next(p for p in services.load_state(t).pairings.values() if not p["bye"])
print(json.dumps({"tournament": t.pk, "pairing": {k: pairing[k] for k in ("id", "a", "b", "first_sides")},
}))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def embedded_env(database) -> dict:
    """serve.sh's environment: no broker (tasks inline), SQLite, DEBUG on; sweeps every second."""
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL", "NIGHTDUEL_EMBEDDED_BEAT")}
    env.update(DATABASE_URL=f"sqlite:///{database}", DEBUG="1", DJANGO_SETTINGS_MODULE="config.settings",
               NIGHTDUEL_AUTO_CONFIRM_SWEEP_SECONDS="1", NIGHTDUEL_TIMEOUT_SWEEP_SECONDS="1")
    return env


def manage(env, *args) -> str:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def call(url: str, body: dict | None = None, token: str | None = None) -> dict:
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Token {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def game_with_one_move(base: str) -> tuple[str, list]:
    """Alice (Luftwaffe) challenges bob to a 303 game at 5 s per move through the API and makes the
    first move (a game nobody moved in is aborted, not adjudicated); from then on the side to
    move has 5 s. The game, and who is to move."""
    token = call(f"{base}/api/auth/token/", {"username": "alice", "password": "pw-alice"})["token"]
    game_id = call(f"{base}/api/games/", {"system": "303", "players": {"luftwaffe": "alice", "raf": "bob"},
                                          "time_control": {"kind": "per-move", "seconds": 5}}, token)["id"]
    game = call(f"{base}/api/games/{game_id}/", token=token)
    action = next(a for a in game["legal_actions"] if not a.get("template"))
    call(f"{base}/api/games/{game_id}/commands/", {"expected_version": game["version"], "command": action}, token)
    return game_id, call(f"{base}/api/games/{game_id}/", token=token)["to_move"]


@pytest.fixture
def embedded_server(tmp_path):
    env = embedded_env(tmp_path / "nightduel.sqlite3")
    manage(env, "migrate", "--noinput", "-v0")
    facts = json.loads(manage(env, "shell", "-c", SETUP).strip().splitlines()[-1])
    port = free_port()
    log = (ROOT / "artifacts" / "embedded-server.log").open("wb")
    # serve.sh's command line, without the autoreloader: a file saved during the test must not restart it.
    server = subprocess.Popen([sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
                              cwd=ROOT, env=env,
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: _answers(base), timeout=60, interval=0.3)
        yield base, facts
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        log.close()


def _answers(base) -> bool:
    try:
        urllib.request.urlopen(base + "/api/schema/", timeout=2)
        return True
    except OSError:
        return False


def test_a_report_counts_by_itself_and_an_overdue_game_is_adjudicated_on_the_embedded_default(
        embedded_server, new_context, shot):
    from tournament import table
    from tournament.table_forms import ending_label

    base, facts = embedded_server
    pairing, leg = facts["pairing"], 1
    game_id, to_move = game_with_one_move(base)
    moved = datetime.now().astimezone()
    alice = new_context(PHONE).new_page()
    log_in(alice, base, "alice")
    alice.goto(f"{base}/tournaments/{facts['tournament']}/pairings/{pairing['id']}/report/")
    section = alice.locator("#leg-1")
    # A winner the ending contradicts is refused beside "How did the game end?" (issue 26, item 1).
    wrong = next(e for e in table.endings_for("303") if e != table.ending_won_by("303", pairing, leg, "alice"))
    section.get_by_label("alice", exact=True).check()
    section.get_by_label(ending_label(wrong)).check()
    section.get_by_role("button", name="Report the match").click()
    expect(alice.locator("#leg-1 .errorlist")).to_contain_text("in this leg, not alice")
    shot(alice, "embedded-beat-00-contradiction-refused-phone")
    section = alice.locator("#leg-1")
    section.get_by_label("alice", exact=True).check()
    section.get_by_label(ending_label(table.ending_won_by("303", pairing, leg, "alice"))).check()
    section.get_by_role("button", name="Report the match").click()
    expect(alice.get_by_text("Reported. Your opponent confirms it")).to_be_visible()
    expect(alice.locator("#leg-1")).to_contain_text("Counts by itself at")
    shot(alice, "embedded-beat-01-reported-phone")

    def confirmed() -> bool:
        alice.reload()
        return alice.locator("#leg-1 .leg-status").inner_text().startswith("Confirmed")
    wait_until(confirmed, timeout=30, interval=1)
    shot(alice, "embedded-beat-02-confirmed-by-itself-phone")
    report = call(f"{base}/api/pairings/{pairing['id']}/")["legs"][0]["report"]
    assert (report["status"], report["confirmed_by"]) == ("confirmed", table.AUTO_CONFIRM_ACTOR)

    # Nobody moved again: the sweep adjudicates the game once the 5 s of the side to move are over.
    wait_until(lambda: call(f"{base}/api/games/{game_id}/")["status"] != "running", timeout=40, interval=1)
    events = call(f"{base}/api/games/{game_id}/events/")
    events = events["events"] if isinstance(events, dict) else events
    [ending] = [e for e in events if e["type"] == "TimeoutAdjudicated"]
    assert [ending["payload"]["outcome"]["loser"]] == to_move, ending
    assert (datetime.fromisoformat(ending["recorded_at"]) - moved).total_seconds() >= 4
