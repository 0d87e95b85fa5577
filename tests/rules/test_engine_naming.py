"""The naming convention of systems/kit/__init__.py, over every engine's command table and event
types: commands snake_case, events PascalCase in the past tense, none a framework event's name.
Names recorded before the convention stay (stored events never change); they are listed here,
so that every new name follows it."""
import re

import pytest

from systems.battle303.rules import SYSTEM as BATTLE303
from systems.battle303.rules.events import EVENT_TYPES as BATTLE303_EVENTS
from systems.duel.rules import SYSTEM as DUEL
from systems.duel.rules.evolve import HANDLERS as DUEL_HANDLERS, RECORD_ONLY as DUEL_RECORD_ONLY
from systems.kit.framework_events import FRAMEWORK_EVENTS
from systems.nightfighter.rules import SYSTEM as NIGHTFIGHTER
from systems.nightfighter.rules.apply import EVOLVE as NIGHTFIGHTER_EVOLVE, RECORD_ONLY as NIGHTFIGHTER_RECORD_ONLY

SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
PASCAL = re.compile(r"[A-Z][A-Za-z0-9]*")  # acronyms stay capitals: QFHit, MW50Used
IRREGULAR_PAST = frozenset({"drawn", "hit", "took", "spent", "overflown", "begun", "won", "lost", "made", "shot",
                            "held", "left", "set", "taken", "thrown", "given", "chosen", "dealt", "paid"})

ENGINES = {
    "duel-in-the-dark": (DUEL, DUEL_HANDLERS.keys() | DUEL_RECORD_ONLY),
    "303": (BATTLE303, set(BATTLE303_EVENTS)),
    "nightfighter-solo": (NIGHTFIGHTER, NIGHTFIGHTER_EVOLVE.keys() | NIGHTFIGHTER_RECORD_ONLY),
}
# Recorded before the convention: the case an engine keeps for all its names of one kind ...
LEGACY_CASE = {("duel-in-the-dark", "command"): PASCAL, ("nightfighter-solo", "event"): SNAKE}
# ... and the event types that name a thing rather than what happened.
LEGACY_NOT_PAST = {
    "duel-in-the-dark": {"VictoryPoints", "MosquitoCombat", "MosquitoMustReturn", "EmergencyLanding", "SoloSetup",
                         "SoloHomebound", "WildSauInterception"},
    "303": set(),
    "nightfighter-solo": {"ai_attempt", "tally_attempt", "searchlight_attempt", "location_roll", "phantom_test",
                          "jamming_check", "response_test", "serrate_check", "displacement_roll", "cup_draw",
                          "corkscrew", "corkscrew_follow", "pilot_fate", "entry_wave", "token_pending"},
}


def words(name: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z][a-z]*|[a-z]+|[0-9]+", name)]


def in_past_tense(name: str) -> bool:
    return any(w.endswith("ed") or w in IRREGULAR_PAST for w in words(name))


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_command_types_follow_the_convention(engine):
    system, _events = ENGINES[engine]
    case = LEGACY_CASE.get((engine, "command"), SNAKE)
    assert system.command_fields, engine
    assert [kind for kind in system.command_fields if not case.fullmatch(kind)] == []


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_event_types_follow_the_convention(engine):
    _system, events = ENGINES[engine]
    case = LEGACY_CASE.get((engine, "event"), PASCAL)
    assert [kind for kind in sorted(events) if not case.fullmatch(kind)] == []
    assert sorted(kind for kind in events if not in_past_tense(kind)) == sorted(LEGACY_NOT_PAST[engine])
    assert events.isdisjoint(FRAMEWORK_EVENTS)


def test_the_past_tense_check_tells_what_happened_from_a_thing():
    assert in_past_tense("FighterTookOff") and in_past_tense("QFHit") and in_past_tense("fix_placed")
    assert not in_past_tense("VictoryPoints") and not in_past_tense("location_roll")
    assert words("MW50Used") == ["mw", "50", "used"] and words("QFHit") == ["qf", "hit"]
