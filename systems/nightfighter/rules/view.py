"""What the player (and anyone) sees (docs/rules/nightfighter-solo.md §0: the whole state is public).

No bomber has a secret true position in this model: a token's area is where the bomber may be,
and location rolls decide its hex when a method pins it down. Every side gets the same view.
"""
from __future__ import annotations

import copy

from .environment import cloud_covered, illuminated_cloud
from .scoring import summary
from .search_areas import fighter_ai_area
from .uncertainty import level, live_tokens, pattern_kind, token_area


def _token_view(state: dict, token_id: str) -> dict:
    token = state["tokens"][token_id]
    view = {"id": token_id, "bomber": token["bomber"], "state": token["state"], "hex": token["hex"]}
    if token["state"] == "on_map":
        view["pattern"] = pattern_kind(state, token["bomber"])
        view["area"] = sorted(token_area(state, token_id))
        view["excluded"] = state["exclusions"].get(token_id, [])
    elif token["state"] == "pending":
        view["entry_turn"], view["column"] = token["entry_turn"], token["column"]
    return view


def build_view(state: dict, side: str | None) -> dict:
    bombers = {}
    for bomber_id, bomber in sorted(state["bombers"].items()):
        bombers[bomber_id] = {
            "type": bomber["type"], "status": bomber["status"], "level": level(state, bomber_id),
            "entry_turn": bomber["entry_turn"], "hits": bomber["hits"], "toughness": bomber["toughness"],
            "firepower": bomber["firepower"], "altitude": bomber["altitude"], "h2s": bomber["h2s"],
            "heading": bomber["heading"], "track": bomber["track"], "fixes": bomber["fixes"],
            "live_tokens": live_tokens(state, bomber_id) if bomber["status"] == "in_play" else [],
        }
    fighters = {
        fid: {**{k: f[k] for k in ("type", "hex", "facing", "speed_max", "ai", "devices", "pilot", "status", "tally",
                                   "ai_fix", "moved", "ai_used", "basic_tally_used", "advanced_tally_used",
                                   "attacked", "kills", "fate", "firepower", "good_view")},
              "ai_area": sorted(fighter_ai_area(state, fid)) if f["status"] == "active" else []}
        for fid, f in sorted(state["fighters"].items())
    }
    zones = {zid: {**z, "cloud_covered": cloud_covered(state, zid), "used": zid in state["turn_flags"]["zones_used"]}
             for zid, z in sorted(state["zones"].items())}
    return copy.deepcopy({
        "system": "nightfighter-solo", "ruleset": state["ruleset"], "side": side,
        "scenario": state["scenario"], "options": state["options"], "map": state["map"],
        "turn": state["turn"], "phase": state["phase"], "weather": state["weather"],
        "tokens": [_token_view(state, t) for t in sorted(state["tokens"]) if state["tokens"][t]["state"] != "removed"],
        "bombers": bombers, "fighters": fighters, "radars": state["radars"], "zones": zones,
        "cloud_hexes": state["cloud_hexes"],
        "illuminated_clouds": [h for h in state["cloud_hexes"] if illuminated_cloud(state, h)],
        "score": summary(state), "result": state["result"], "seed_commitment": state["seed_commitment"],
    })
