"""Advanced rules 3a and 3b — re-routing (docs/rules/duel-in-the-dark.md §7.3, §7.4; C-33, A-49–A-51).

Command (Bomber turn, before ``AdvanceBomber``): ``ReRoute {route: [{dir, colour}], target?,
landing_bomber?}``.
* 3a (``reroute_after_weather_change``): right after a weather change this turn; before the
  bombing the target may change (any city) and red + green cards are used; after it green only.
* 3b (``reroute_after_bombing``): any Bomber turn after the bombing; green cards only.
The new cards replace the unexecuted rest; budget ``max_route_cards − cards executed`` (A-50);
the first card turns at most one notch from the current heading unless the Bomber stands on the
target it has just bombed (A-51); a new landing airfield must differ from ``LM``.  One re-route
per Bomber turn.  The new plan is British-only and committed publicly by a new hash; every
superseded plan is revealed with its nonce at the end of the night.
"""
from __future__ import annotations

from ..board import Board
from systems.kit.contract import reject
from ..planning import GREEN, RED, shortest_leg, commitment, parse_plan, validate_route


def allowed(state: dict) -> str | None:
    """Which rule permits a re-route now ("3a" / "3b"), or None."""
    options, b = state["setup"], state["bomber"]
    if b["landed"] or state["rerouted_this_turn"] or state["step"] != "bomber":
        return None
    if options["reroute_after_weather_change"] and state["weather_changed_this_turn"]:
        return "3a"
    if options["reroute_after_bombing"] and b["target_bombed"]:
        return "3b"
    return None


def budget(state: dict) -> int:
    """``max_route_cards`` − cards executed; revealed Window cards count as executed (A-50)."""
    return state["setup"]["max_route_cards"] - state["bomber"]["moves_done"] - len(state["window"]["revealed"])


def free_heading(state: dict) -> bool:
    b, cards = state["bomber"], state["bomber"]["revealed_cards"]
    return b["heading"] is None or (b["target_bombed"] and bool(cards) and cards[-1]["colour"] == RED)


def new_plan(state: dict, board: Board, command: dict) -> dict:
    """Validates a ``ReRoute`` and returns the whole new plan (executed cards + new ones)."""
    if not (state["setup"]["reroute_after_weather_change"] or state["setup"]["reroute_after_bombing"]):
        reject("option_not_enabled", "re-routing (advanced rules 3a/3b) is not in use")
    if allowed(state) is None:
        reject("reroute_not_allowed", "no re-route now: needs a weather change this turn (3a) or the "
                                      "target bombed (3b), once per Bomber turn")
    plan, b = state["plan"], state["bomber"]
    target = command.get("target", plan["target"])
    landing = command.get("landing_bomber", plan["landing_bomber"])
    parsed = parse_plan(dict(plan, target=target, landing_bomber=landing, route=command.get("route")))
    if b["target_bombed"] and parsed["target"] != plan["target"]:
        reject("reroute_not_allowed", "the target has been bombed; it cannot change")
    if parsed["target"] not in board.cities:
        reject("not_a_city", f"hex {parsed['target']} is not a German city")
    if parsed["landing_bomber"] not in board.british_airfields:
        reject("not_british_airfield", f"landing_bomber {parsed['landing_bomber']} is not a British airfield")
    if parsed["landing_bomber"] == plan["landing_mosquito"]:
        reject("same_landing_airfield", "the Bomber's new landing airfield must differ from LM (§7.3)")
    done = b["moves_done"]
    validate_route(parsed["route"], b["hex"], parsed["target"], parsed["landing_bomber"], board, state["setup"],
                   heading=None if free_heading(state) else b["heading"],
                   limit=budget(state), returning=b["target_bombed"])
    parsed["route"] = plan["route"][:done] + parsed["route"]
    return parsed


def reroute(em, board: Board, command: dict, rng) -> None:
    s = em.state
    rule = allowed(s)
    plan = new_plan(s, board, command)
    nonce = rng.token()
    em.emit("PlanCommitted", {"night": s["night"], "plan": plan, "nonce": nonce, "reroute": rule}, "british")
    em.emit("RouteCommitted", {"night": s["night"], "hash": commitment(plan, nonce), "reroute": rule})


def suggestions(state: dict, board: Board) -> list[dict]:
    """Complete ``ReRoute`` commands: the shortest way home (or to the current target and home)."""
    if allowed(state) is None:
        return []
    plan = state["plan"]
    left = budget(state)
    out = []
    for landing in board.british_airfields:
        if landing == plan["landing_mosquito"]:
            continue
        cmd = _suggest(state, board, plan["target"], landing, left)
        if cmd is not None:
            out.append(cmd)
    return out


def _suggest(state: dict, board: Board, target: int, landing: int, budget: int) -> dict | None:
    b = state["bomber"]
    heading = None if free_heading(state) else b["heading"]
    if b["target_bombed"]:
        leg = shortest_leg(board, b["hex"], landing, heading, None)
        route = [{"dir": d, "colour": GREEN} for d in leg] if leg else None
    else:
        out = shortest_leg(board, b["hex"], target, heading, target)
        back = shortest_leg(board, target, landing, None, None) if out else None
        route = ([{"dir": d, "colour": RED} for d in out] + [{"dir": d, "colour": GREEN} for d in back]) \
            if out and back else None
    if not route or len(route) > budget:
        return None
    return {"type": "ReRoute", "route": route, "target": target, "landing_bomber": landing}
