"""The night's state at set-up (docs/rules/nightfighter-solo.md §3.4, §3.6, §3.8, §3.13; campaign pilots §3.14).

The state is plain JSON: hexes are ``CCRR`` ints, and tokens off the map have ``hex: None``.
"""
from __future__ import annotations

from .aircraft import BOMBERS, FIGHTERS, speed_pair
from .scenarios import load_scenario

RULESET_VERSION = "nightfighter-solo/1"
PILOT_LEVELS = ("green", "regular", "veteran", "ace")


def _fighter(spec: dict, pilot: dict | None) -> dict:
    data = FIGHTERS[spec["type"]]
    pilot = pilot or {"id": None, "level": spec.get("pilot", "regular")}
    return {
        "type": spec["type"], "hex": spec["hex"], "facing": spec.get("facing", "N"),
        "speed_max": spec.get("speed", data["speed"]), "ai": spec.get("ai", data["ai"]),
        "good_view": spec.get("good_view", data["good_view"]), "firepower": spec.get("firepower", data["firepower"]),
        "devices": list(spec.get("devices", [])), "pilot": {"id": pilot.get("id"), "level": pilot.get("level", "regular")},
        "status": "active", "tally": None, "ai_fix": None, "moved": False, "ai_used": False,
        "basic_tally_used": False, "advanced_tally_used": False, "attacked": False,
        "kills": 0, "hits_taken": 0, "fate": None,
    }


def _bomber(spec: dict, options: dict) -> dict:
    data = BOMBERS[spec.get("type", "Medium bomber")]
    return {
        "type": spec.get("type", "Medium bomber"), "speed": speed_pair(spec.get("speed", data["speed"])),
        "firepower": spec.get("firepower", data["firepower"]), "toughness": spec.get("toughness", data["toughness"]),
        "altitude": spec.get("altitude", "normal"), "certain": bool(data.get("certain", False)),
        "h2s": bool(spec.get("h2s", False)), "heading": spec.get("heading", "S"), "entry_turn": spec["turn"],
        "status": "scheduled", "hits": 0, "track": None, "track_ever": False,
        "fixes": {"tally": [], "ai": [], "searchlight": None}, "tokens": [], "killed_by": None, "history": [],
        "contact": bool(options["opt_7"] and spec.get("contact", True)),
    }


def new_night(setup: dict) -> dict:
    scenario = load_scenario(setup)
    options = scenario["options"]
    pilots = setup.get("pilots", {})
    return {
        "ruleset": RULESET_VERSION,
        "scenario": {k: scenario[k] for k in ("id", "turns", "kills_target", "ai_jamming", "deploy_area")}
        | {"name": scenario.get("name", scenario["id"])},
        "options": options,
        "map": dict(scenario["map"]),
        "phase": "setup",
        "turn": 0,
        "weather": {"visibility": scenario["visibility"], "moon": scenario["moon"]},
        "bombers": {b["id"]: _bomber(b, options) for b in scenario["bombers"]},
        "tokens": {},
        "fighters": {f["id"]: _fighter(f, pilots.get(f["id"])) for f in scenario["fighters"]},
        "radars": {r["id"]: dict(r) for r in scenario["radars"]},
        "zones": {z["id"]: {"kind": z["kind"], "hexes": sorted(z["hexes"]), "active": z.get("active", True)}
                  for z in scenario["zones"]},
        "cloud_hexes": sorted(scenario["cloud_hexes"]),
        "exclusions": {},
        "turn_flags": {"zones_used": [], "tracked": [], "corkscrewed": []},
        "waves": 0,
        "cup": dict(scenario.get("cup", {"ju88": 2, "other": 28})),
        "seed_commitment": setup.get("seed_commitment"),
        "result": None,
    }
