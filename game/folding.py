"""Folding a game stream into state, with snapshots as a cache (docs/rules/service.md, "Event sourcing").

The aggregate is ``{"engine": <engine state>, "final": <outcome override or None>,
"ended": bool}``: the engine folds its own events, the service folds its framework events.
"""
from __future__ import annotations

from django.conf import settings

from systems.kit.framework_events import (
    FRAMEWORK_EVENTS, GAME_CREATED, GAME_ENDED, OUTCOME_OVERRIDES, STATE_SETTERS,
)
from kernel.models import Snapshot
from systems.kit.contract import Event
from systems.kit.dice import RecordedDice
from systems.registry import get_system
from kernel.store import read_events


def evolve_aggregate(system, aggregate: dict | None, event_type: str, payload: dict, dice) -> dict:
    if event_type == GAME_CREATED:
        engine_state = system.initial_state(payload["setup"], RecordedDice(dice or []))
        return {"engine": engine_state, "final": None, "ended": False}
    if event_type in STATE_SETTERS:  # a sandbox's fork or take-back: the state it was at (game/sandboxes.py)
        return {"engine": payload["state"], "final": None, "ended": False}
    if event_type in OUTCOME_OVERRIDES:
        return {**aggregate, "final": payload["outcome"], "ended": True}
    if event_type == GAME_ENDED:
        return {**aggregate, "ended": True}
    if event_type in FRAMEWORK_EVENTS:
        return aggregate
    return {**aggregate, "engine": system.evolve(aggregate["engine"], Event(event_type, payload))}


def outcome_of(system, aggregate: dict) -> dict | None:
    if aggregate["final"] is not None:
        return aggregate["final"]
    return system.outcome(aggregate["engine"])


def fold(system, rows, aggregate: dict | None = None) -> dict | None:
    for row in rows:
        aggregate = evolve_aggregate(system, aggregate, row.type, row.payload, row.dice)
    return aggregate


def engine_of(game):
    """The engine that folds ``game``: its system's, of the ruleset version it was created under."""
    return get_system(game.system, game.ruleset_version or None)


def load_aggregate(system_name: str, stream: str, version: int, ruleset_version: str | None = None) -> dict:
    """State at ``version``: the newest snapshot at or below it, plus the events after it."""
    system = get_system(system_name, ruleset_version)
    snapshot = (
        Snapshot.objects.filter(stream=stream, ruleset_version=system.ruleset_version, seq__lte=version)
        .order_by("-seq")
        .first()
    )
    if snapshot and snapshot.seq == version:
        return snapshot.state  # nothing to fold on top: spare the events query
    base, after = (snapshot.state, snapshot.seq) if snapshot else (None, 0)
    return fold(system, read_events(stream, after=after, until=version), base)


def game_aggregate(game) -> dict:
    """State at the game's version: its stored head when an engine of this ruleset wrote it."""
    system = engine_of(game)
    if game.head_version == game.version and game.head_ruleset == system.ruleset_version:
        return game.head_state
    return load_aggregate(game.system, game.stream, game.version, game.ruleset_version or None)


def store_head(game, system, aggregate: dict) -> None:
    """Keep ``aggregate`` as the game's head at its (new) version; the caller saves the row."""
    game.head_state, game.head_version, game.head_ruleset = aggregate, game.version, system.ruleset_version


def maybe_snapshot(system_name: str, stream: str, previous_version: int, version: int, aggregate: dict,
                   ruleset_version: str | None = None) -> None:
    """Store a snapshot whenever an append crosses a multiple of NIGHTDUEL_SNAPSHOT_EVERY."""
    every = settings.NIGHTDUEL_SNAPSHOT_EVERY
    if every and version // every > previous_version // every:
        # One INSERT ... ON CONFLICT DO NOTHING: an equal snapshot stored already is just as good.
        Snapshot.objects.bulk_create(
            [Snapshot(stream=stream, ruleset_version=get_system(system_name, ruleset_version).ruleset_version, seq=version,
                      state=aggregate)],
            ignore_conflicts=True,
        )
