"""Faults in the cluster (issue 31), through its proxy: a web node killed under a scripted load,
the stream node serving an open play page killed, the replica stopped. Each runs on the one
cluster of the module, in this order: web1 stays dead after the first, the replica after the last.
"""
import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import psutil
import psycopg
import pytest

from bench.load.cluster import kill_under_load
from bench.load.scripts import create_scripted_games
from bench.load.verify import verify_store
from game import endings, services
from game.api.views import games_with_seats, visible_events
from game.models import Game
from tests.browser.conftest import advance, cup_of_four, log_in
from tests.conftest import make_user
from tests.worker import ROOT, wait_until

# A cluster of its own on fixed ports, loaded hard: alone (tests/parallel.py).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.exclusive]

# Every stored-event the page's EventSource received, with the connection it came on, and the
# last id it saw (a stored-event's seq or a version message's version: its Last-Event-ID).
RECORD_STREAMS = """(() => {
  const Native = window.EventSource;
  const log = window.__streams = {opened: 0, events: [], lastId: null};
  function Recorded(url, options) {
    const source = new Native(url, options);
    source.addEventListener("open", () => { log.opened += 1; });
    source.addEventListener("stored-event", (e) => {
      log.events.push({id: Number(e.lastEventId), seq: JSON.parse(e.data).seq, connection: log.opened});
      log.lastId = e.lastEventId;
    });
    source.addEventListener("version", (e) => { log.lastId = e.lastEventId; });
    return source;
  }
  Recorded.prototype = Native.prototype;
  Object.assign(Recorded, {CONNECTING: 0, OPEN: 1, CLOSED: 2});
  window.EventSource = Recorded;
})();"""


def play_scripts(url: str, games: list[dict], workdir: Path, think: float) -> dict:
    """bench/load/clients.py with retries against ``url``: its results."""
    (workdir / "games.json").write_text(json.dumps(games))
    subprocess.run([sys.executable, str(ROOT / "bench/load/clients.py"), str(workdir / "games.json"),
                    str(workdir / "results.json"), "--host", url, "--think", str(think), "--timeout", "40",
                    "--retry"], cwd=ROOT, check=True, timeout=100)
    return json.loads((workdir / "results.json").read_text())


def test_a_web_node_killed_under_load_loses_and_doubles_no_acknowledged_command(cluster, tmp_path):
    games = create_scripted_games(8)
    commands = sum(len(g["steps"]) for g in games)
    web1 = psutil.Process(cluster.group("web1"))
    processes = [web1, *web1.children(recursive=True)]

    results = kill_under_load(cluster, "web1", lambda: play_scripts(cluster.url, games, tmp_path, think=0.2),
                              kill_after_s=1.5)

    assert not any(p.is_running() and p.status() != psutil.STATUS_ZOMBIE for p in processes)  # really killed
    assert results["taken_out_s"] < 2.0  # the proxy's health checks took it out within two seconds
    assert results["retried"], "the kill cut no request in flight"  # the clients saw it and retried
    assert results["errors"] == []  # every command answered in the end, none refused (a retry never doubled)
    assert len(results["acks"]) == commands
    assert verify_store(games, results["acks"]) == []  # every acknowledged event stored once, streams 1..n
    assert cluster.servers()["web2"]["status"] == "UP"


@pytest.mark.browser
def test_b_a_killed_stream_node_resumes_the_play_page_on_the_other_from_last_event_id(cluster, new_context, settings):
    alice = make_user("alice")
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]  # one the nodes know
    bob = make_user("bob")
    players = {"luftwaffe": alice, "raf": bob}
    game = services.create_game(system_name="303", setup={}, players=players)
    page = new_context().new_page()
    page.add_init_script(RECORD_STREAMS)
    requests = []
    page.on("request", lambda r: requests.append(r) if f"/api/games/{game.pk}/stream/" in r.url else None)
    log_in(page, cluster.url, "bob")
    page.goto(f"{cluster.url}/games/{game.pk}/")
    page.wait_for_function("window.__streams.opened === 1")
    first = served_by(requests[0])
    opened_after = int(requests[0].url.rsplit("after=", 1)[1])

    game = advance(game, players, 2)  # seen on the first node, up to the batch's version message
    page.wait_for_function(f"window.__streams.lastId === '{game.version}'")
    last_before = page.evaluate("window.__streams.events.at(-1).id")
    last_id = str(game.version)
    cluster.kill(first)
    game = advance(game, players, 4)  # while the page has no stream

    final = max(e["seq"] for e in visible(game, bob))
    page.wait_for_function(f"window.__streams.opened >= 2 && window.__streams.events.at(-1).id >= {final}",
                           timeout=15_000)
    received = page.evaluate("window.__streams.events")
    seqs = [e["seq"] for e in received]
    assert seqs == [e["seq"] for e in visible(game, bob, after=opened_after)]  # none missing, none repeated
    assert [e["id"] for e in received] == seqs
    resumed = [e for e in received if e["connection"] >= 2]
    assert resumed and resumed[0]["seq"] > last_before  # the new connection went on after the last one seen
    assert requests[-1].all_headers().get("last-event-id") == last_id  # the reconnect said where it was
    assert len(requests) >= 2 and served_by(requests[-1]) not in (first, None)  # on the other node
    version = Game.objects.get(pk=game.pk).version  # and the page shows where the game is
    page.wait_for_function(f"Number(document.getElementById('game-version').textContent) === {version}")


def served_by(request) -> str | None:
    """The stream node that answered ``request`` (the proxy's X-Served-By)."""
    response = request.response()
    return response.headers.get("x-served-by") if response else None


def visible(game: Game, user, after: int = 0) -> list[dict]:
    return visible_events(games_with_seats().get(pk=game.pk), user, after)


def test_c_with_the_replica_stopped_the_lag_tolerant_pages_answer_from_the_primary(cluster):
    cup = cup_of_four("Cluster Cup", "single-elimination")
    game = services.create_game(system_name="303", setup={}, players={"luftwaffe": make_user("ann"),
                                                                         "raf": make_user("ben")})
    pages = ["/league/", f"/tournaments/{cup.pk}/"]
    for path in pages:
        assert get(cluster.url + path)[0] == 200
    replica = cluster.settings["NIGHTDUEL_CLUSTER_REPLICA_PORT"]
    assert replica_sessions(int(replica)), "no lag-tolerant read reached the replica"

    stop = subprocess.run(["bash", str(ROOT / "scripts/replica.sh"), "stop", replica, str(cluster.run_dir / "replica")],
                          capture_output=True, text=True, timeout=60)
    assert stop.returncode == 0, stop.stderr
    ended = endings.resign(game.pk, game.seats.get(side="raf").user)  # written after: only the primary has it
    answers = [get(cluster.url + path) for path in [*pages, f"/games/{game.pk}/replay/"] for _ in range(3)]
    assert [status for status, _ in answers] == [200] * len(answers)
    assert ended.head_hash and all(ended.head_hash in body for _, body in answers[-3:])  # as just written


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.read().decode()


def replica_sessions(port: int) -> int:
    """Client connections to the test database on the replica (the web nodes keep theirs open)."""
    from django.db import connection

    with psycopg.connect(host="localhost", port=port, user="postgres", dbname="postgres", autocommit=True) as c:
        return c.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND backend_type = 'client backend'",
                         [connection.settings_dict["NAME"]]).fetchone()[0]
