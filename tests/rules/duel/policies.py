"""Deterministic simple policies for Duel in the Dark: ``policy(view, legal_actions, side) -> command``.

They play whole nights (two-player and solo) using only what ``view`` shows the side and the
commands ``legal_actions`` offers; used by the engine tests and the API tests.
"""
from __future__ import annotations


def _complete(actions: list[dict]) -> list[dict]:
    return [a for a in actions if not a.get("template")]


def _strip(command: dict) -> dict:
    return {k: v for k, v in command.items() if k not in ("template", "choices")}


def british_policy(view: dict, legal_actions: list[dict], side: str = "british") -> dict:
    """Plans the shortest raid on the cheapest reachable city, flies HIGH, keeps the Mosquito
    next to the Bomber and brings it home once the Bomber has landed."""
    actions = _complete(legal_actions)
    kinds = {a["type"] for a in actions}
    if "CommitRoute" in kinds:
        plans = sorted((a for a in actions if a["type"] == "CommitRoute"), key=lambda a: (len(a["route"]), a["target"]))
        return _strip(plans[0])
    if "AdvanceBomber" in kinds:
        return _strip(next((a for a in actions if a.get("altitude") in (None, "HIGH")), actions[0]))
    if "MoveMosquito" in kinds or "WaitMosquito" in kinds:
        moves = [a for a in actions if a["type"] == "MoveMosquito"]
        landing = [a for a in moves if a.get("land")]
        if landing and view["bomber"]["landed"]:
            return landing[0]
        if view["bomber"]["landed"]:
            home = view["plan"]["landing_mosquito"]
            return min(moves, key=lambda a: (a["to"] != home, abs(a["to"] - home), a["to"]))
        target = view["bomber"]["hex"]
        high = [a for a in moves if a.get("altitude") == "HIGH"]
        return min(high, key=lambda a: (abs(a["to"] - target), a["to"])) if high else actions[0]
    if "EndMosquitoTurn" in kinds:
        markers = [a for a in actions if a["type"] == "DropTokens" and a["markers"]]
        return markers[0] if markers and view["plan"] and view["mosquito"]["hex"] == view["plan"]["target"] else {"type": "EndMosquitoTurn"}
    return _strip(actions[0])


def german_policy(view: dict, legal_actions: list[dict], side: str = "german") -> dict:
    """Places fighters and units from the suggestions; fighters take off early, chase the Bomber
    and land when fuel runs low."""
    actions = _complete(legal_actions)
    kinds = {a["type"] for a in actions}
    if kinds & {"PlaceFighters", "PlaceGroundUnits"}:
        return _strip(actions[-1])
    if "EndGermanTurn" not in kinds:
        return _strip(actions[0])
    fighters = view["fighters"]
    bomber_hex = view["bomber"]["hex"]
    for a in actions:
        if a["type"] == "LandFighter":
            return a
        if a["type"] == "MoveFighter" and a.get("land") and fighters[a["fighter"]]["fuel"] <= 4 \
                and fighters[a["fighter"]]["state"] == "airborne":
            return a
    for a in actions:
        f = fighters.get(a.get("fighter"), {})
        if a["type"] == "MoveFighter" and not a.get("land") and f.get("state") == "airborne" and f["fuel"] > 4 \
                and a["path"] and a.get("altitude") == "HIGH" and bomber_hex is not None:
            return a
    for a in actions:
        f = fighters.get(a.get("fighter"), {})
        if a["type"] == "MoveFighter" and f.get("state") == "ground" and not a["path"] and not a.get("land") \
                and a.get("altitude") == "LOW" and view["round"] <= 2:
            return a
    return {"type": "EndGermanTurn"}


POLICIES = {"british": british_policy, "german": german_policy}


def policy_for(side: str):
    """The policy of a seat: ``german1``…``german4`` (3–5 player variant, §9.3) play the German."""
    return POLICIES["german" if side.startswith("german") else side]


def _uses_an_option(action: dict) -> bool:
    """Commands of the advanced rules / expansions the options policy takes whenever offered
    (each is finite: medals are spent, a re-route is once per turn, MW-50 empties its token)."""
    if action["type"] in ("ReRoute", "UseMedal", "MoveWildSau", "MoveRailwayFlak", "PlaceAceMedal", "RedrawTargetCrest"):
        return True
    if action["type"] == "DeclareWindow":
        return action["use"]
    if action["type"] == "AdvanceBomber":
        return bool(action.get("sabotage") or action.get("evasion"))
    if action["type"] == "DropTokens":
        return bool(action.get("medals"))
    return action["type"] == "MoveFighter" and bool(action.get("use_mw50") or action.get("use_fuel_medal"))


def options_policy(view: dict, legal_actions: list[dict], side: str) -> dict:
    """The base policies, but every command of an advanced rule or expansion that
    ``legal_actions`` offers is taken at once, so a game with every option on exercises them."""
    for action in _complete(legal_actions):
        if _uses_an_option(action):
            return _strip(action)
    return policy_for(side)(view, legal_actions, side)


def play(system, state: dict, rng_factory, max_commands: int = 5000, policy=None) -> tuple[dict, list]:
    """Plays with the policies (or ``policy`` for every seat) until the game ends; returns the
    final state and all events."""
    events = []
    for n in range(max_commands):
        sides = system.to_move(state)
        if not sides:
            return state, events
        side = sides[0]
        chooser = policy or policy_for(side)
        command = chooser(system.view(state, side), system.legal_actions(state, side), side)
        result = system.decide(state, command, side, rng_factory(n))
        if not isinstance(result, list):
            raise AssertionError(f"policy command {command} rejected: {result}")
        for event in result:
            state = system.evolve(state, event)
            events.append(event)
    raise AssertionError("game did not end")
