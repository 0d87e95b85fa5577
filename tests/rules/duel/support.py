"""Test rig for the Duel in the Dark engine: apply commands, build placements and set up a duel."""
from __future__ import annotations

from systems.kit.contract import RuleViolation
from systems.kit.dice import SeededDice
from systems.duel.rules import SYSTEM
from systems.duel.rules.ground_units import TILE_MIX

FILLER_HEX = 43  # far south-east: no airfield, no city, never used by the scripted games


def dice(n: int = 0):
    return SeededDice("test-seed", "duel", n)


def apply(state: dict, side: str, command: dict, rng=None):
    """Decide + evolve; returns (new state, events); fails on a rejection."""
    result = SYSTEM.decide(state, command, side, rng or dice())
    assert isinstance(result, list), f"{command} rejected: {result}"
    for event in result:
        state = SYSTEM.evolve(state, event)
    return state, result


def rejected(state: dict, side: str, command: dict, rng=None) -> RuleViolation:
    result = SYSTEM.decide(state, command, side, rng or dice())
    assert isinstance(result, RuleViolation), f"{command} was accepted"
    return result


def tile_ids_by_faces() -> dict[str, list[str]]:
    out, n = {}, 0
    for count, red, grey in TILE_MIX:
        for _ in range(count):
            n += 1
            out[f"t{n:02d}"] = [red, grey]
    return out


def layout(wanted: list[tuple[str, int]], filler_hex: int = FILLER_HEX) -> list[dict]:
    """40 placements: each (face, hex) in ``wanted`` gets a tile showing that face (grey faces are
    assigned first, they constrain the choice), every other tile its red face in ``filler_hex``."""
    free = tile_ids_by_faces()
    out = []
    for face, hex_id in sorted(wanted, key=lambda w: w[0] in ("flak", "searchlight", "radar")):
        tid = next(t for t, faces in free.items() if face in faces)
        del free[tid]
        out.append({"tile": tid, "face": face, "hex": hex_id})
    for tid, faces in free.items():
        out.append({"tile": tid, "face": faces[0], "hex": filler_hex})
    return out


def to_duel(setup: dict | None = None, fighters: dict | None = None, plan: dict | None = None,
            units: list | None = None, weather_card: int = 12) -> dict:
    """A night set up to the start of phase 6 (weather card 12: no weather, NW wind, no moon)."""
    setup = dict(setup or {})
    setup.setdefault("weather_card", weather_card)
    state = SYSTEM.initial_state(setup, None)
    state, _ = apply(state, "german", {"type": "PlaceFighters",
                                        "placements": fighters or {"red": 18, "green": 4, "yellow": 24, "blue": 11}})
    state, _ = apply(state, "british", {"type": "DrawWeather"})
    state, _ = apply(state, "british", dict({"type": "CommitRoute"}, **(plan or EMDEN_PLAN)))
    state, _ = apply(state, "german", {"type": "PlaceGroundUnits", "placements": units or layout([])})
    state, _ = apply(state, "british", {"type": "DeployBritish"})
    return state


ROUTE = [("NE", "red"), ("E", "red"), ("E", "red"), ("NW", "green"), ("W", "green"), ("W", "green")]
EMDEN_PLAN = {"takeoff_bomber": 16, "takeoff_mosquito": 23, "target": 11, "landing_bomber": 1,
              "landing_mosquito": 8, "route": [{"dir": d, "colour": c} for d, c in ROUTE]}
