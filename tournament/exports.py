"""A finished tournament as one file for the league's server (issue 30, "Upload the day to the league").

The file is JSON: the tournament's stream and the stream of every game it created, each event
with its chain hash (kernel/chain.py) and each stream with its head hash. The file's
``head_hash`` is the tournament stream's: every ``GameResultRecorded`` carries its game's head
hash, so it stands for the games too. Only a finished tournament is exported: before its end the
games' commands and the tournament's seed are still secret. tournament/uploads.py reads it back.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from kernel import refusals
from game.models import Game
from game.replay import EventRecord
from kernel.refusals import CommandRejected
from kernel.store import read_events

from . import events as ev
from .models import Tournament
from .state import FINISHED, TournamentState

EXPORT_FORMAT = "nightduel-tournament-export/1"


def stream_records(stream: str) -> list[dict]:
    return [EventRecord.from_row(row).as_dict() for row in read_events(stream)]


def export_tournament(tournament: Tournament) -> dict:
    """The whole finished tournament as one JSON object (see the module's docstring)."""
    events = stream_records(tournament.stream)
    state = TournamentState(events)
    if state.status != FINISHED:
        raise CommandRejected(refusals.CONFLICT, "tournament_not_finished",
                              _("only a finished tournament is exported: its games and seed are secret until its end"))
    game_ids = [e["payload"]["game_id"] for e in events if e["type"] == ev.PAIRING_GAME_CREATED]
    systems = {str(pk): system for pk, system in Game.objects.filter(pk__in=game_ids).values_list("pk", "system")}
    games = []
    for game_id in game_ids:
        stream = f"game-{game_id}"
        records = stream_records(stream)
        games.append({"stream": stream, "system": systems.get(game_id),
                      "head_hash": records[-1]["hash"] if records else None, "events": records})
    head = events[-1]["hash"]
    return {"format": EXPORT_FORMAT, "head_hash": head, "name": tournament.name,
            "tournament": {"stream": tournament.stream, "head_hash": head, "events": events}, "games": games}

