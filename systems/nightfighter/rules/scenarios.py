"""Built-in scenarios and scenario loading (docs/rules/nightfighter-solo.md §3.13, H18/H19, A26).

A scenario is plain data; ``setup["scenario"]`` is a built-in id or a full scenario dict, and
``setup["options"]`` switches the seed's scenario changes (§1.17) on or off.
"""
from __future__ import annotations

import copy

from systems.kit.contract import reject
from .geometry import cell_of, distance, hex_id

DEFAULT_OPTIONS = {
    "contrails": False, "follow_corkscrews": True, "opt_2B": False, "opt_2C": False,
    "opt_4G": False, "opt_4H": False, "opt_6C": False, "opt_6H": False, "opt_7": False,
    "opt_8F": False,
}
MAX_ENTRANTS_PER_TURN = 3  # H3: more are rejected when the scenario is loaded


def _circle(center: int, radius: int) -> list[int]:
    c = cell_of(center)
    return sorted(
        hex_id((col, row)) for col in range(1, 19) for row in range(1, 28)
        if distance(c, (col, row)) <= radius
    )


def _fighters(kind: str, hexes=(620, 1320), **extra) -> list[dict]:
    return [{"id": f"F{i + 1}", "type": kind, "hex": h, "facing": "N", **extra} for i, h in enumerate(hexes)]


def _bombers(kind: str, turns: list[int], **extra) -> list[dict]:
    return [{"id": f"B{i + 1}", "type": kind, "turn": t, **extra} for i, t in enumerate(turns)]


FREYA = {"id": "FREYA", "name": "Freya", "kind": "standard", "search": 2, "jamming": "none"}
WURZBURG = {"id": "WURZBURG", "name": "Würzburg", "kind": "standard", "search": 1, "jamming": "none"}
HIMMELBETT = {"id": "HIMMELBETT", "name": "Himmelbett", "kind": "gci", "search": 1, "jamming": "none"}


def _builtins() -> dict[str, dict]:
    zone_m = _circle(922, 2)
    return {
        "HS1": {"name": "Lone Raider", "turns": 14, "kills_target": 1, "visibility": "medium", "moon": "half",
                "fighters": _fighters("Visual fighter", (920, 1020)), "bombers": _bombers("H8K1 Emily", [1]),
                "radars": [{"id": "SCR270", "name": "SCR-270", "kind": "standard", "search": 2, "jamming": "none"}],
                "options": {"opt_4H": True, "opt_2C": True}},
        "HS2": {"name": "Freya Line", "turns": 24, "kills_target": 2, "visibility": "medium", "moon": "none",
                "fighters": _fighters("Me110C-4"), "bombers": _bombers("Medium bomber", [1, 3, 5, 7, 9, 11]),
                "radars": [FREYA, WURZBURG]},
        "HS3": {"name": "Searchlight Belt", "turns": 20, "kills_target": 2, "visibility": "good", "moon": "none",
                "fighters": _fighters("Me110C-4"), "bombers": _bombers("Medium bomber", [1, 2, 3, 4, 5, 6]),
                "zones": [{"id": "K", "kind": "radar_directed", "hexes": _circle(915, 2)},
                          {"id": "L", "kind": "standard", "hexes": _circle(1415, 2)},
                          {"id": "M", "kind": "standard", "hexes": zone_m}],
                "cloud_hexes": zone_m},
        "HS4": {"name": "Himmelbett", "turns": 16, "kills_target": 3, "visibility": "medium", "moon": "half",
                "fighters": [{"id": "F1", "type": "Ju88G-1", "hex": 620, "facing": "N"},
                             {"id": "F2", "type": "Me110C-4", "hex": 1320, "facing": "N"}],
                "bombers": _bombers("Medium bomber", [1, 1, 1, 2, 2, 2, 3, 3, 3]),
                "radars": [HIMMELBETT, FREYA]},
        "HS5": {"name": "Tame Boar", "turns": 20, "kills_target": 4, "visibility": "medium", "moon": "half",
                "fighters": _fighters("Ju88G-1", devices=["flensburg", "naxos"]),
                "bombers": _bombers("Halifax", [t for t in range(1, 9) for _ in range(3)]),
                "bombers_6C": _bombers("Halifax", [t for t in range(1, 9) for _ in range(2)]),
                "radars": [{**FREYA, "jamming": "light"}, {**HIMMELBETT, "jamming": "heavy"}],
                "ai_jamming": "light", "options": {"opt_6H": True}},
        "HS6": {"name": "Y-Control", "turns": 24, "kills_target": 2, "visibility": "medium", "moon": "none",
                "fighters": _fighters("Y-guided fighter"), "bombers": _bombers("Medium bomber", [1, 3, 5, 7, 9, 11]),
                "radars": [FREYA], "options": {"opt_4G": True}},
        "HS7": {"name": "Serrate", "turns": 20, "kills_target": 1, "visibility": "poor", "moon": "none",
                "fighters": _fighters("Mosquito NF.XIII", devices=["serrate"]),
                "bombers": _bombers("Halifax", [t for t in range(1, 11) for _ in range(3)]),
                "cup": {"ju88": 2, "other": 28}, "options": {"opt_7": True}},
        "HS8": {"name": "Diver", "turns": 16, "kills_target": 4, "visibility": "good", "moon": "none",
                "fighters": _fighters("Mosquito NF.XIII"), "bombers": _bombers("V-1", list(range(1, 9))),
                "options": {"opt_8F": True}},
        "HB2": {"name": "Dunaja", "turns": 24, "kills_target": 1, "visibility": "random", "moon": "random",
                "fighters": [{"id": "F1", "type": "Me110C-4", "hex": 920, "facing": "N"}],
                "bombers": _bombers("Early medium bomber", [1, 5, 10]), "radars": [FREYA]},
        "HB3": {"name": "Kammhuber Line", "turns": 24, "kills_target": 1, "visibility": "random", "moon": "random",
                "fighters": [{"id": "F1", "type": "Ju88C-2", "hex": 920, "facing": "N", "pilot": "ace"}],
                "bombers": _bombers("Wellington Ic", [1, 4, 7]), "radars": [FREYA, WURZBURG]},
    }


BUILTIN_IDS = tuple(_builtins())


def load_scenario(setup: dict) -> dict:
    """Resolve ``setup`` into a complete scenario dict with defaults and options applied."""
    chosen = setup.get("scenario", "HS2")
    if isinstance(chosen, str):
        table = _builtins()
        if chosen not in table:
            reject("unknown_scenario", f"no built-in scenario {chosen!r}")
        scenario = {"id": chosen, **copy.deepcopy(table[chosen])}
    elif isinstance(chosen, dict):
        scenario = copy.deepcopy(chosen)
        scenario.setdefault("id", "custom")
    else:
        reject("malformed_command", "setup.scenario must be an id or a dict")
    options = {**DEFAULT_OPTIONS, **scenario.get("options", {}), **setup.get("options", {})}
    scenario["options"] = options
    if options["opt_6C"] and "bombers_6C" in scenario:
        scenario["bombers"] = scenario["bombers_6C"]
    scenario.pop("bombers_6C", None)
    if options["opt_2B"]:
        for b in scenario["bombers"]:
            b["speed"] = [2, 2]
    if options["opt_4H"]:
        for r in scenario.get("radars", []):
            if r.get("name") == "SCR-270":
                r["jamming"] = "light"
    for key in ("visibility", "moon", "turns", "kills_target"):
        if key in setup:
            scenario[key] = setup[key]
    scenario.setdefault("map", {"cols": 18, "rows": 27})
    scenario.setdefault("radars", [])
    scenario.setdefault("zones", [])
    scenario.setdefault("cloud_hexes", [])
    scenario.setdefault("ai_jamming", "none")
    scenario.setdefault("deploy_area", {"rows": [12, scenario["map"]["rows"]]})
    for b in scenario["bombers"]:
        if isinstance(b["turn"], list):  # A26: an entry window enters on its first turn
            b["turn"] = int(b["turn"][0])
    per_turn: dict[int, int] = {}
    for b in scenario["bombers"]:
        per_turn[b["turn"]] = per_turn.get(b["turn"], 0) + 1
    if any(n > MAX_ENTRANTS_PER_TURN for n in per_turn.values()) and not options["opt_8F"]:
        reject("schedule_invalid", "more than 3 bombers enter in one turn")
    return scenario
