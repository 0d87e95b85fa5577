"""Scripted players under locust: one simulated user per game (issue 9 "bench/load").

    python bench/load/clients.py GAMES.json RESULTS.json --host http://127.0.0.1:PORT

Each user posts its game's commands in turn (both sides' tokens), pausing a think time
between moves, and records the latency and outcome of every request. A 201 is an
acknowledgement: its version and event seqs are written to RESULTS for verification. Any
other answer ends that user's game (its script no longer applies) and counts as an error.

GAMES is a pool larger than the users (``--users``): a player whose game ends starts the next
one from the pool, so every user keeps offering load until the pool runs dry. RESULTS says
when the last user sent his first command and when the pool first ran dry: between the two
every user was playing, which is the window run.py measures the offered load in.

With ``--retry`` every command carries an ``Idempotency-Key`` (its game and expected version)
and an answer that says nothing was decided or that none came (a cut connection, 502, 503,
504) is sent again with the same key, a bounded number of times: each such failed attempt is
kept in ``retried`` with its wall-clock time, and the latency is that of all attempts together.
"""
from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402

import gevent  # noqa: E402
from locust import FastHttpUser, task  # noqa: E402
from locust.env import Environment  # noqa: E402
from locust.exception import StopUser  # noqa: E402

GAMES: list[dict] = []
RESULTS = {"latencies_ms": [], "sent_s": [], "acks": [], "errors": [], "retried": [], "attempts": 0,
           "finished_games": 0, "first_sent": None, "last_answered": None, "users_started": 0, "all_started": None,
           "pool_dry": None}
SETTINGS = {"think": 0.5, "floor": False, "retry": False}
# Answers after which the command may be sent again with its key: no answer at all (status 0), or
# the proxy's "no node answered" (502, 504) and the service's "nothing decided" (503).
RETRYABLE = {0, 502, 503, 504}
ATTEMPTS = 20
RETRY_PAUSE_S = 0.25


class ScriptedPlayers(FastHttpUser):
    network_timeout = 30.0
    connection_timeout = 10.0

    def on_start(self):
        self.next_game()
        self.started = False
        gevent.sleep(random.uniform(0, SETTINGS["think"] * 2))  # players do not all start at once

    def next_game(self) -> None:
        """The next game of the pool, or the end of this user once it is dry."""
        if not GAMES:
            RESULTS["pool_dry"] = RESULTS["pool_dry"] or time.perf_counter()
            raise StopUser()
        self.game = GAMES.pop()
        self.steps, self.failed = iter(self.game["steps"]), False

    @task
    def play(self):
        step = next(self.steps, None)
        if step is None:
            RESULTS["finished_games"] += not self.failed
            self.next_game()
            step = next(self.steps)
        started = time.perf_counter()
        if RESULTS["first_sent"] is None:
            RESULTS["first_sent"] = started
        if not self.started:
            self.started = True
            RESULTS["users_started"] += 1
            if RESULTS["users_started"] == SETTINGS["users"]:
                RESULTS["all_started"] = started
        headers = {"Authorization": f"Token {self.game['tokens'][step['side']]}"}
        if SETTINGS["retry"]:
            headers["Idempotency-Key"] = f"{self.game['id']}:{step['expected_version']}"
        for _ in range(ATTEMPTS if SETTINGS["retry"] else 1):
            status, body = self._post(step, headers)
            if not (SETTINGS["retry"] and status in RETRYABLE):
                break
            RESULTS["retried"].append({"game": self.game["id"], "status": status, "at": time.time()})
            gevent.sleep(RETRY_PAUSE_S)
        RESULTS["last_answered"] = time.perf_counter()
        RESULTS["latencies_ms"].append((RESULTS["last_answered"] - started) * 1000)
        RESULTS["sent_s"].append(started)
        if status == 201 and (SETTINGS["floor"] or body.get("version") == step["version"]):
            RESULTS["acks"].append({"game": self.game["id"], "version": body["version"],
                                    "events": [[e["seq"], e["type"]] for e in body.get("events", [])]})
        else:
            RESULTS["errors"].append({"game": self.game["id"], "status": status,
                                      "expected_version": step["version"], "body": body})
            self.steps, self.failed = iter(()), True  # its script no longer applies: on to the next game
        gevent.sleep(random.uniform(0.5, 1.5) * SETTINGS["think"])

    def _post(self, step: dict, headers: dict) -> tuple[int, dict]:
        RESULTS["attempts"] += 1
        with self.client.post(
            "/api/bench/floor/" if SETTINGS["floor"] else f"/api/games/{self.game['id']}/commands/",
            json={"expected_version": step["expected_version"], "command": step["command"]},
            headers=headers, name="command", catch_response=True,
        ) as response:
            body = self._json(response)
            if response.status_code == 201:
                response.success()
            else:
                response.failure(f"{response.status_code}")
            return response.status_code, body

    @staticmethod
    def _json(response) -> dict:
        try:
            body = response.json()
        except Exception:  # an HTML error page or a cut connection is an error, not a crash
            return {"unparsed": (response.text or "")[:200]}
        return body if isinstance(body, dict) else {"unparsed": str(body)[:200]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games")
    parser.add_argument("results")
    parser.add_argument("--host", required=True)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds between a game's commands")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--floor", action="store_true", help="post every step to the framework floor endpoint")
    parser.add_argument("--users", type=int, help="simulated players at once (default: one per game)")
    parser.add_argument("--retry", action="store_true",
                        help="send an Idempotency-Key with each command and retry it when nothing was decided")
    args = parser.parse_args()
    with open(args.games) as f:
        GAMES.extend(json.load(f))
    users = min(args.users or len(GAMES), len(GAMES))
    SETTINGS.update(think=args.think, floor=args.floor, retry=args.retry, users=users)
    env = Environment(user_classes=[ScriptedPlayers], host=args.host)
    runner = env.create_local_runner()
    started = time.perf_counter()
    runner.start(users, spawn_rate=users)
    deadline = started + args.timeout
    gevent.sleep(1)
    while runner.user_count and time.perf_counter() < deadline:
        gevent.sleep(0.2)
    elapsed = time.perf_counter() - started
    runner.quit()
    RESULTS["elapsed_s"] = elapsed
    RESULTS["busy_s"] = (RESULTS["last_answered"] or 0) - (RESULTS["first_sent"] or 0)
    RESULTS["timed_out"] = time.perf_counter() >= deadline
    with open(args.results, "w") as f:
        json.dump(RESULTS, f)


if __name__ == "__main__":
    main()
