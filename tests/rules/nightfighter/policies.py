"""A deterministic simple player for whole nights (docs/rules/nightfighter-solo.md §3.2 phases; for API tests).

``simple_policy(view, legal_actions, side) -> command`` uses only the view and the offered
templates: chase the nearest bomber token, search and tally whatever is offered, attack when
possible, otherwise pass the phase. It never concedes.
"""
from __future__ import annotations

from systems.nightfighter.rules.geometry import hex_distance

PASS_ORDER = ("start_night", "end_movement")
SEARCH_ORDER = ("attack", "advanced_tally", "tally", "searchlight_search", "ai_search")


def _targets(view: dict, fighter: dict) -> list[int]:
    tokens = {t["id"]: t for t in view["tokens"] if t["state"] == "on_map"}
    if fighter["tally"] or fighter["ai_fix"]:
        bomber = fighter["tally"] or fighter["ai_fix"]
        held = [t["hex"] for t in tokens.values() if t["bomber"] == bomber]
        if held:
            return held
    return [t["hex"] for t in tokens.values()]


def _move_score(view: dict, action: dict) -> tuple:
    fighter = view["fighters"][action["fighter"]]
    if action.get("exit"):
        return (10_000, 1)
    targets = _targets(view, fighter)
    if not targets:
        return (0, 0 if action["facing"] == "S" else 1, len(action["path"]))
    return (min(hex_distance(action["to"], t) for t in targets), 0 if action["facing"] == "S" else 1,
            len(action["path"]))


def _command(action: dict) -> dict:
    return {k: v for k, v in action.items() if k not in ("to", "facing") or action["type"] != "move_fighter"}


def _radar_command(view: dict, actions: list[dict]) -> dict:
    """Greedy: each source takes the first token it may search that no other source took."""
    chosen, sources, tokens = [], set(), set()
    for action in actions:
        if action["type"] != "assign_searches" or not action["searches"]:
            continue
        marker = action["searches"][0]
        key = repr(marker["source"])
        fighter_serrate = repr(marker["source"][0]) + "serrate" if isinstance(marker["source"], list) else None
        if key in sources or fighter_serrate in sources or (marker.get("token") and marker["token"] in tokens):
            continue
        chosen.append(marker)
        sources.add(key)
        if fighter_serrate and "serrate" in marker["source"][1]:
            sources.add(fighter_serrate)
        if marker.get("token"):
            tokens.add(marker["token"])
    return {"type": "assign_searches", "searches": chosen}


def simple_policy(view: dict, legal_actions: list[dict], side: str) -> dict:
    types = {a["type"] for a in legal_actions}
    for kind in PASS_ORDER:
        if kind in types:
            return {"type": kind}
    moves = [a for a in legal_actions if a["type"] == "move_fighter"]
    if moves:
        first_fighter = moves[0]["fighter"]
        return _command(min((a for a in moves if a["fighter"] == first_fighter), key=lambda a: _move_score(view, a)))
    if "assign_searches" in types:
        return _radar_command(view, legal_actions)
    for kind in SEARCH_ORDER:
        for action in legal_actions:
            if action["type"] == kind:
                return dict(action)
    if "end_phase" in types:
        return {"type": "end_phase"}
    return {"type": "end_night"}
