"""Twenty answers to one challenge at the same moment start exactly one game: the challenge row
is locked while it is answered (``select_for_update``). Threads use their own connections.

PostgreSQL only: the in-memory SQLite test database locks whole tables, not rows, and cannot be
flushed after a transactional test (the events table is append-only).
"""
import threading

import pytest
from django.conf import settings as django_settings
from django.db import connection

from game.models import Game
from kernel.refusals import CommandRejected
from matchmaking import services
from matchmaking.models import Challenge

from .conftest import DUEL

pytestmark = [
    pytest.mark.skipif("postgresql" not in django_settings.DATABASES["default"]["ENGINE"], reason="needs PostgreSQL, an outside service (set DATABASE_URL)"),
    pytest.mark.django_db(transaction=True),
]
ANSWERS = 20


def at_once(call, times: int) -> tuple[list, list]:
    barrier = threading.Barrier(times)
    results, refusals = [], []

    def run():
        try:
            barrier.wait()
            results.append(call())
        except CommandRejected as exc:
            refusals.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(times)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results, refusals


def test_twenty_concurrent_accepts_create_exactly_one_game(players):
    made = services.propose(challenger=players["alice"], system=DUEL, setup={"medals": True},
                            seats={"british": players["alice"], "german": players["bob"]})
    results, refusals = at_once(lambda: services.accept(made.pk, players["bob"]), ANSWERS)
    assert refusals == [] and len(results) == ANSWERS
    assert Game.objects.count() == 1
    assert {r.game_id for r in results} == {Game.objects.get().pk}
    assert Challenge.objects.get(pk=made.pk).status == Challenge.Status.STARTED


def test_twenty_players_joining_one_seek_at_once_fill_its_seat_once(players):
    from tests.conftest import make_user

    joiners = [make_user(f"pilot{i}") for i in range(ANSWERS)]
    seek = services.open_seek(challenger=players["carol"], system="303", setup={})
    queue = iter(joiners)
    lock = threading.Lock()

    def join():
        with lock:
            user = next(queue)
        return services.join(seek.pk, user)

    results, refusals = at_once(join, ANSWERS)
    assert len(results) == 1 and sorted(set(refusals)) == ["seek_taken"]
    assert Game.objects.count() == 1
