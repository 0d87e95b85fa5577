"""After the load run: nothing lost, nothing doubled (issue 9 "bench/load").

Every stream's seq is exactly 1..n; the read model's version is n; every event a client saw
acknowledged in a 201 is stored at that seq with that type; a game played to its end holds
exactly the scripted number of events.
"""
from __future__ import annotations

from collections import defaultdict


def verify_store(games: list[dict], acks: list[dict]) -> list[str]:
    from django.db import connection

    from game.models import Game, stream_for_game
    from kernel.models import StoredEvent

    problems = []
    with connection.cursor() as cursor:
        cursor.execute("SELECT stream, COUNT(*), MIN(seq), MAX(seq) FROM events GROUP BY stream")
        shape = {stream: (count, low, high) for stream, count, low, high in cursor.fetchall()}
    for stream, (count, low, high) in shape.items():
        if not (low == 1 and high == count):
            problems.append(f"{stream}: {count} events with seq {low}..{high} (gap or duplicate)")
    versions = {str(pk): version for pk, version in Game.objects.values_list("id", "version")}
    final_versions = {g["id"]: g["steps"][-1]["version"] for g in games}
    reached = defaultdict(int)
    for ack in acks:
        reached[ack["game"]] = max(reached[ack["game"]], ack["version"])
    for game_id, final in final_versions.items():
        count = shape.get(stream_for_game(game_id), (0, 0, 0))[0]
        if versions.get(game_id) != count:
            problems.append(f"game {game_id}: read model at version {versions.get(game_id)}, {count} events stored")
        if reached[game_id] == final and count != final:
            problems.append(f"game {game_id}: played to the end with {count} events, {final} scripted")
    stored = defaultdict(dict)
    for stream, seq, kind in StoredEvent.objects.filter(stream__startswith="game-").values_list("stream", "seq", "type"):
        stored[stream][seq] = kind
    for ack in acks:
        events = stored[stream_for_game(ack["game"])]
        for seq, kind in ack["events"]:
            if events.get(seq) != kind:
                problems.append(f"game {ack['game']}: acknowledged {kind}@{seq}, stored {events.get(seq)}")
    return problems
