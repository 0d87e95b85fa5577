"""Benchmark: what deriving the integration messages (tournament/messages.py) adds to each write
of a tournament stream. Every append folds its events onto the state before it and compares
pairings and standings before and after; this measures that, on the appends of a Swiss
tournament of N entrants at the table (registrations, round starts, legs reported and confirmed),
against the same appends with the derivation replaced by nothing (no consumer runs in either).

Prints, per size: appends, milliseconds per append with and without the messages, and the
messages written. SQLite file unless DATABASE_URL is given (the machine is shared: note its load).

Run: .venv/bin/python bench/bench_tournament_messages.py [entrants ...]
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.django_env import setup_django  # noqa: E402  (after the path is set)

DEFAULT_SIZES = (16, 64)
ROUNDS = 3


def play(n: int, label: str) -> tuple[int, float]:
    """Create, fill and play ``ROUNDS`` rounds at the table; (appends, seconds spent appending)."""
    from django.contrib.auth import get_user_model

    from kernel.models import StoredEvent
    from leagues.models import League
    from tournament import services, table

    league = League.objects.create(name=f"Bench {label} {n}", slug=f"bench-{label}-{n}")
    olga = get_user_model().objects.create_user(f"olga-{label}-{n}")
    league.organisers.add(olga)
    names = [get_user_model().objects.create_user(f"{label}{n}-{i:03d}").username for i in range(n)]
    started = time.perf_counter()
    t = services.create_tournament(league=league, name="Bench cup", system="303", format="swiss",
                                   created_by=olga, options={"play_mode": "at_table"})
    for i, name in enumerate(names):
        services.register(t.pk, name, olga.username, rating=2000 - i)
    services.seed(t.pk, olga.username)
    for _ in range(ROUNDS):
        state = services.start_round(t.pk, olga.username)
        for p in [p for p in state.pairings.values() if not p["bye"] and not p["results"]]:
            for leg in (1, 2):
                services.enter_leg_result(t.pk, p["id"], leg, olga.username, winner=p["a"],
                                          ended_by=table.ending_won_by("303", p, leg, p["a"]), reason="bench")
    return StoredEvent.objects.filter(stream=t.stream).count(), time.perf_counter() - started


def main(sizes) -> None:
    setup_django()
    from django.conf import settings

    from kernel.models import OutboxMessage
    from tournament import messages

    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {}  # the producer's side only: the consumers are not timed
    derive = messages.derive
    print(f"load average {os.getloadavg()[0]:.2f}")
    for n in sizes:
        before = OutboxMessage.objects.count()
        appends, with_messages = play(n, "with")
        written = OutboxMessage.objects.count() - before
        messages.derive = lambda tournament, state, rows: [state.apply(r) for r in rows] and []
        try:
            _appends, without = play(n, "without")
        finally:
            messages.derive = derive
        print(f"{n} entrants, {appends} appends: {1000 * with_messages / appends:.1f} ms/append with the messages "
              f"({written} written), {1000 * without / appends:.1f} ms without")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or DEFAULT_SIZES)
