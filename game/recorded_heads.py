"""Head hashes kept apart from a stream, which a rewrite of the whole stream cannot match.

An owner who edits an event and recomputes every hash after it leaves a chain that checks out
on its own (kernel/chain.py). What it cannot change without a trace is a head hash recorded
elsewhere: the game row's ``head_hash`` (written with every append), an event of another
stream carrying ``{"game_id", "game_head_hash"}`` (a tournament's result of that game), or an
event carrying ``{"head_hash"}`` of its own stream's history before it (a finished tournament's
last event). ``manage.py verify_history`` compares each with the stored chain.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import TextField
from django.db.models.functions import Cast
from django.utils.translation import gettext as _

from .models import Game, stream_for_game
from kernel.models import StoredEvent


@dataclass(frozen=True)
class RecordedHead:
    hash: str
    stream: str  # where it is recorded: a stream, or "" for the game row
    seq: int


def recorded_heads(streams=None) -> tuple[dict[str, str], dict[str, list[RecordedHead]]]:
    """The game rows' head hashes by stream, and the head hashes other streams recorded of a
    game stream (only those of ``streams`` when given)."""
    games = Game.objects.exclude(head_hash="")
    if streams:
        games = games.filter(id__in=[s.removeprefix("game-") for s in streams if s.startswith("game-")])
    rows = {stream_for_game(game_id): head for game_id, head in games.values_list("id", "head_hash")}
    elsewhere: dict[str, list[RecordedHead]] = defaultdict(list)
    # The payload column is ``json``, not ``jsonb``: no key lookup, so its text is searched.
    events = (StoredEvent.objects.annotate(text=Cast("payload", TextField()))
              .filter(text__contains='"game_head_hash"').values_list("stream", "seq", "payload"))
    for stream, seq, payload in events.iterator(chunk_size=2000):
        target = stream_for_game(payload.get("game_id")) if isinstance(payload, dict) else ""
        if target and payload.get("game_head_hash") and (not streams or target in streams):
            elsewhere[target].append(RecordedHead(payload["game_head_hash"], stream, seq))
    return rows, elsewhere


def head_problems(stream: str, rows: list, row_head: str | None, elsewhere: list[RecordedHead]) -> list[str]:
    """What in ``rows`` (the stream's events in seq order) contradicts a head hash recorded
    apart from them, each said in words."""
    hashes = {row.hash for row in rows}
    problems = []
    if row_head and (not rows or rows[-1].hash != row_head):
        problems.append(_("%(stream)s: the game row's head hash %(head)s is not the hash of its last event")
                        % {"stream": stream, "head": row_head})
    for recorded in elsewhere:
        if recorded.hash not in hashes:
            problems.append(_("%(stream)s: the head hash %(head)s recorded in %(where)s at seq %(seq)s is the hash "
                              "of none of its events") % {"stream": stream, "head": recorded.hash,
                                                          "where": recorded.stream, "seq": recorded.seq})
    for before, row in zip(rows, rows[1:]):
        published = row.payload.get("head_hash") if isinstance(row.payload, dict) else None
        if published and published != before.hash:
            problems.append(_("%(stream)s: the head hash published at seq %(seq)s is not the hash of the event "
                              "before it") % {"stream": stream, "seq": row.seq})
    return problems
