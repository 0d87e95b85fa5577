"""What each side may see (spec §4.5, §10.5).

British-only until revealed by play: the target (public when bombed), the landing airfields
(public when used), the take-off airfields (public at deployment), the route, its length and
the nonce (public at the end of the night, ``PlanRevealed``).  The German and spectators see the
Bomber's path card by card and the public hash commitment.  ``referee`` sees everything.
"""
from __future__ import annotations

from .planning import PLAN_FIELDS
from .state import airborne_fighters

BRITISH, REFEREE = "british", "referee"


def score_display(score: int) -> str:
    """§0.1: score > 0 → "British n", < 0 → "German |n|"."""
    if score > 0:
        return f"British {score}"
    if score < 0:
        return f"German {-score}"
    return "0"


def plan_view(state: dict, side: str | None) -> dict | None:
    plan = state["plan"]
    if plan is None:
        return None
    if side in (BRITISH, REFEREE) or state["plan_revealed"]:
        out = dict(plan)
        out["length"] = len(plan["route"])
        if side == REFEREE or state["plan_revealed"]:
            out["nonce"] = state["nonce"]
            out["superseded"] = [dict(h) for h in state["plan_history"]]
        elif state["plan_history"]:
            out["superseded"] = [dict(h["plan"]) for h in state["plan_history"]]
        if state["crest_draws"]:
            out["crest_draws"] = list(state["crest_draws"])
        return out
    return None


def window_view(state: dict, side: str | None) -> dict:
    """§9.4 / §10.5: the announcement and the hash are public; positions British-only until revealed."""
    w = state["window"]
    out = {"declared": w["declared"], "commitment": w["hash"], "revealed_at_moves": list(w["revealed"])}
    if side in (BRITISH, REFEREE) or state["plan_revealed"]:
        out["positions"] = list(w["positions"])
    return out


def public_plan(state: dict) -> dict:
    """The plan items play has revealed so far (deployment, bombing, landings)."""
    return {k: state["public_plan"][k] for k in PLAN_FIELDS if k in state["public_plan"]}


def view(state: dict, side: str | None, to_move: list[str], legal: list[dict] | None = None) -> dict:
    b, m = state["bomber"], state["mosquito"]
    out = {
        "system": state["system"],
        "ruleset_version": state["ruleset_version"],
        "viewer": side,
        "mode": state["setup"]["mode"],
        "options": {k: v for k, v in state["setup"].items() if k != "board"},
        "board": state["board_key"],
        "night": state["night"],
        "nights_total": state["nights_total"],
        "phase": state["phase"],
        "step": state["step"],
        "round": state["round"],
        "to_move": to_move,
        "score": state["score"],
        "score_display": score_display(state["score"]),
        "night_margins": list(state["night_margins"]),
        "vp_history": [dict(v) for v in state["vp_history"]],
        "weather": dict(state["weather"]) if state["weather"] else None,
        # §3.4: the summer card lies between route cards 7 and 8; bonuses count from move 8
        "summer_bonus_from_move": state["setup"]["summer_from_move"] if state["weather"] and state["weather"]["summer"] else None,
        "bomber": {
            "hex": b["hex"], "altitude": b["altitude"],
            "heading": b["heading"], "moves_done": b["moves_done"], "taken_off": b["taken_off"],
            "landed": b["landed"], "target_bombed": b["target_bombed"],
            "revealed_cards": [dict(c) for c in b["revealed_cards"]],
        },
        "mosquito": {"hex": m["hex"], "altitude": m["altitude"], "state": m["state"], "tokens_left": m["tokens_left"],
                     "must_return": m["must_return"]},
        "fighters": {fid: dict(f) for fid, f in state["fighters"].items()},
        "airborne_fighters": airborne_fighters(state),
        "ground_units": [
            {"tile": tid, "face": t["face"], "hex": t["hex"], "destroyed": t["destroyed"]}
            for tid, t in sorted(state["tiles"].items()) if t["hex"] is not None
        ],
        "unplaced_tiles": [{"tile": tid, "faces": [t["red"], t["grey"]]}
                           for tid, t in sorted(state["tiles"].items()) if t["hex"] is None],
        "shelters": dict(state["shelters"]),
        "airfield_bombs": dict(state["airfield_bombs"]),
        "target_markers": dict(state["markers"]),
        "fighters_lost": list(state["fighters_lost"]),
        "route_commitment": state["commitment"],
        "commitments": [dict(c) for c in state["commitments"]],
        "known_plan": public_plan(state),
        "plan": plan_view(state, side),
        "solo": dict(state["solo"]) if state["solo"] else None,
        # advanced rules and expansions (§7, §9): all public (§10.5)
        "medals": dict(state["medals"]),
        "medals_on_board": dict(state["medals_on_board"]),
        "fuel_medal_used": state["fuel_medal_used"],
        "weather_changes_done": list(state["weather_changes_done"]),
        "owners": dict(state["owners"]),
        "personal_track": dict(state["personal_track"]),
        "observer_badge": state["observer_badge"],
        "reroutes": len(state["plan_history"]),
        "window": window_view(state, side),
        "british_units": {k: list(v) for k, v in state["british_units"].items()},
        "crests": list(state["crests"]) if state["crests"] else None,
        "aces": {a: dict(v) for a, v in sorted(state["aces"].items())},
        "ace_medals": dict(state["ace_medals"]),
        "wild_sau": {t: dict(ws) for t, ws in sorted(state["wild_sau"].items())},
        "result": dict(state["result"]) if state["result"] else None,
    }
    if legal is not None:
        out["legal_actions"] = legal
    return out
