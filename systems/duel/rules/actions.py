"""Command templates a client may offer (contract ``legal_actions``; spec §10.3–§10.4).

Entries without ``"template": true`` are complete commands that ``decide`` accepts as they are
(phase-6 moves are enumerated and checked by the same validators ``decide`` uses).  Entries with
``"template": true`` describe a command with free choices (``choices`` lists them; built in
:mod:`.templates`); complete suggestions for those commands are listed too, before any template
added for clicking clients.  No random numbers are drawn here.
"""
from __future__ import annotations

from systems.kit.contract import RuleViolationError
from systems.kit.hexgrid import DIRECTIONS
from .board import Board
from .fighters import check_landing, plan_move
from .ground_units import FIRE_ENGINE, FUEL_TRUCK, SHELTER, INDESTRUCTIBLE, SMOKE, count, enabled_expansion_faces
from .mosquito import plan_drop, plan_mosquito_move
from .planning import find_route
from .state import F_AIRBORNE, F_GROUND, F_RESERVE, FLIGHT_LEVELS, M_WAITING, airborne_fighters, is_solo
from .emitter import Emitter
from .advanced import medals, mw50, rerouting
from .expansions import ace_gunners, british_units, railway_flak, walls_have_ears, wilde_sau, window
from .expansions.multiplayer import designated_german, is_multiplayer
from . import templates


def _valid(check, *args) -> bool:
    try:
        check(*args)
    except RuleViolationError:
        return False
    return True


def legal_actions(state: dict, board: Board, side: str) -> list[dict]:
    step = state["step"]
    seat = side if is_multiplayer(state) else None
    builders = {
        "place_fighters": lambda s, b: _place_fighters(s, b, seat),
        "weather": lambda s, b: [{"type": "DrawWeather"}],
        "planning": _planning, "ground_units": _ground_units,
        "deploy": lambda s, b: [{"type": "DeployBritish"}], "mosquito": _mosquito,
        "mosquito_drop": _mosquito_drop, "german": lambda s, b: _german(s, b, seat), "bomber": _bomber,
        "window": lambda s, b: window.suggestions(s) + [templates.window_cards(s)],
        "wild_sau": lambda s, b: _with_template(wilde_sau.placement_suggestions(s, b), templates.wild_sau_placement, s, b),
        "british_units": lambda s, b: _with_template(british_units.british_suggestions(s, b),
                                                     templates.british_ground_units, s, b),
        "extra_units": lambda s, b: _with_template(british_units.extra_suggestions(s, b), templates.extra_units, s, b),
        "hand_crests": lambda s, b: _with_template(walls_have_ears.crest_suggestions(s, b), templates.hand_crests, s, b),
        "reposition": lambda s, b: walls_have_ears.reposition_suggestions(s, b) + [templates.reposition(s, b)],
        "qf_fire": lambda s, b: _with_template(british_units.allocation_suggestions(s, b), templates.qf_hits, s),
        "gold_ace": ace_gunners.shot_suggestions,
    }
    return builders[step](state, board) if step in builders else []


def _with_template(suggestions: list[dict], build, *args) -> list[dict]:
    """The complete suggestions, then the template for composing one (its example: the first)."""
    return suggestions + [build(*args, suggestions[0])]


def _place_fighters(state: dict, board: Board, seat: str | None) -> list[dict]:
    fighters = sorted(fid for fid, f in state["fighters"].items()
                      if f["state"] == F_RESERVE and (seat is None or state["owners"][fid] == seat))
    taken = {f["hex"] for f in state["fighters"].values() if f["state"] == F_GROUND}
    airfields = [h for h in board.german_airfields if h not in taken]
    choosing = bool(mw50.assignment(state, seat or "german", fighters, None)) \
        and mw50.choosing_seat(state, seat or "german", fighters)
    out = [{"type": "PlaceFighters", "template": True,
            "choices": {"fighters": fighters, "hexes": list(airfields),
                        "types": {fid: state["fighters"][fid]["type"] for fid in fighters},
                        "mw50_fighters": [f for f in fighters if mw50.eligible(state, f)] if choosing else []}}]
    if len(airfields) >= len(fighters):
        for pick in (airfields[:len(fighters)], airfields[::-1][:len(fighters)]):
            out.append({"type": "PlaceFighters", "placements": dict(zip(fighters, pick))})
    if choosing:
        out += [dict(cmd, mw50_fighter=fid) for cmd in out[1:] for fid in fighters if mw50.eligible(state, fid)]
    if len(out) > 1:
        out[0]["example"] = out[1]
    return out


def suggested_plans(state: dict, board: Board) -> list[dict]:
    """One shortest legal plan per reachable city (Bomber and Mosquito on two airfields)."""
    fields = board.british_airfields
    plans = []
    for city in sorted(board.cities):
        best = None
        for i, tb in enumerate(fields):
            tm = fields[(i + 1) % len(fields)]
            route = find_route(board, tb, city, tb, state["setup"]["max_route_cards"])
            if route and (best is None or len(route) < len(best["route"])):
                best = {"type": "CommitRoute", "takeoff_bomber": tb, "takeoff_mosquito": tm, "target": city,
                        "landing_bomber": tb, "landing_mosquito": tm, "route": route}
        if best:
            plans.append(best)
    return plans


def _planning(state: dict, board: Board) -> list[dict]:
    draws = state["crest_draws"]
    if state["setup"]["walls_random_target"] and not draws:
        return [{"type": "DrawTargetCrest"}]  # §9.2 optional rule: the target is drawn first
    targets = [draws[-1]] if state["setup"]["walls_random_target"] else sorted(board.cities)
    plans = [p for p in suggested_plans(state, board) if p["target"] in targets]
    out = [templates.route(state, board, targets, plans[0] if plans else None)] + plans
    if state["setup"]["walls_random_target"] and len(draws) == 1:
        out.append({"type": "RedrawTargetCrest"})
    return out


def suggest_ground_units(state: dict, board: Board, style: str) -> list[dict]:
    """A legal placement: ``basic`` uses red faces, ``mixed`` also grey ones; shelters stay put
    (C-28) and airfields shared in phase 1 get their fuel trucks (G5)."""
    expected = state["setup"]["solo_ground_units"] if is_solo(state) else 40
    german_hexes = [h for h in board.hex_ids if h not in board.brit_hexes]
    cities = sorted(board.cities)
    shared: list[int] = []
    seen: set[int] = set()
    for f in sorted(state["fighters"].values(), key=lambda f: (f["hex"] is None, f["hex"] or 0)):
        if f["state"] == F_GROUND:
            if f["hex"] in seen:
                shared.append(f["hex"])
            seen.add(f["hex"])
    out, spot = [], 0
    specials = list(enabled_expansion_faces(state)) if style == "mixed" else []
    for tid, t in sorted(state["tiles"].items()):
        if len(out) == expected:
            break
        if specials and tid not in state["shelters"] and t["grey"] != FUEL_TRUCK:
            out.append({"tile": tid, "face": specials.pop(), "hex": german_hexes[(spot * 5) % len(german_hexes)]})
            spot += 1
            continue
        if tid in state["shelters"]:
            out.append({"tile": tid, "face": SHELTER, "hex": state["shelters"][tid]})
            continue
        face = t["red"]
        if t["grey"] == FUEL_TRUCK and shared:
            out.append({"tile": tid, "face": FUEL_TRUCK, "hex": shared.pop()})
            continue
        if style == "mixed" and not state["setup"]["red_faces_only"]:
            if t["grey"] == FIRE_ENGINE:
                out.append({"tile": tid, "face": FIRE_ENGINE, "hex": cities[spot % len(cities)]})
                spot += 1
                continue
            if t["grey"] not in (SHELTER, FUEL_TRUCK) or (t["grey"] == SHELTER and state["night"] == 1):
                face = t["grey"]
        out.append({"tile": tid, "face": face, "hex": german_hexes[(spot * 7) % len(german_hexes)]})
        spot += 1
    return out


def _ground_units(state: dict, board: Board) -> list[dict]:
    suggestions = [{"type": "PlaceGroundUnits", "placements": suggest_ground_units(state, board, style)}
                   for style in ("basic", "mixed")]
    return [templates.ground_units(state, board, suggestions[0])] + suggestions


def _mosquito(state: dict, board: Board) -> list[dict]:
    m = state["mosquito"]
    out = [{"type": "WaitMosquito"}] if m["state"] == M_WAITING else []
    for to in board.within(m["hex"], 2):
        for altitude in FLIGHT_LEVELS:
            cmd = {"type": "MoveMosquito", "to": to, "altitude": altitude}
            if _valid(plan_mosquito_move, state, board, cmd):
                out.append(cmd)
        cmd = {"type": "MoveMosquito", "to": to, "land": True}
        if _valid(plan_mosquito_move, state, board, cmd):
            out.append(cmd)
    return out


def _mosquito_drop(state: dict, board: Board) -> list[dict]:
    hex_id = state["mosquito"]["hex"]
    need = 1 + count(state, hex_id, SMOKE)
    candidates = [{"type": "DropTokens", "bombs": [{"target": "airfield", "count": need}], "markers": 0}]
    for tid, t in sorted(state["tiles"].items()):
        if t["hex"] == hex_id and not t["destroyed"] and t["face"] not in INDESTRUCTIBLE:
            candidates.append({"type": "DropTokens", "bombs": [{"target": tid, "count": need}], "markers": 0})
    candidates.append({"type": "DropTokens", "bombs": [], "markers": 1})
    if medals.enabled(state) and medals.usable(state, "british") >= 1:
        candidates.append({"type": "DropTokens", "bombs": [], "markers": 2, "medals": 1})
    out = [{"type": "EndMosquitoTurn"}]
    out += [c for c in candidates if _valid(plan_drop, state, board, c)]
    return out + [templates.mosquito_drop(state, board)]


def _german(state: dict, board: Board, seat: str | None) -> list[dict]:
    out = []
    wind = state["weather"]["wind"]
    paths = [[]] + [[d] for d in DIRECTIONS] + [[wind, wind]]
    for fid, f in sorted(state["fighters"].items()):
        if f["acted"] or f["state"] not in (F_GROUND, F_AIRBORNE):
            continue
        if seat is not None and state["owners"][fid] != seat:
            continue
        if f["state"] == F_AIRBORNE:
            out.append({"type": "LandFighter", "fighter": fid})
        for path in paths:
            for altitude in FLIGHT_LEVELS:
                out.append({"type": "MoveFighter", "fighter": fid, "path": path, "altitude": altitude, "land": False})
            out.append({"type": "MoveFighter", "fighter": fid, "path": path, "land": True})
        if f["mw50"] == mw50.CHARGED:
            for d1 in DIRECTIONS:
                for d2 in (d1, DIRECTIONS[(DIRECTIONS.index(d1) + 1) % 6]):
                    out.append({"type": "MoveFighter", "fighter": fid, "path": [d1, d2], "altitude": "LOW",
                                "land": False, "use_mw50": True})
        if medals.enabled(state) and not state["fuel_medal_used"]:
            out += [{"type": "MoveFighter", "fighter": fid, "path": [d], "altitude": "LOW", "land": False,
                     "use_fuel_medal": True} for d in DIRECTIONS]
    out = [c for c in out if _valid(_check_german, state, board, c, seat)]
    extra = [templates.fighter_moves(state, board, seat)]
    if seat is None or seat == designated_german(state["setup"]):
        medal_uses = [c for c in medals.german_actions(state) if _valid(_check_medal, state, board, c)]
        out += medal_uses
        out += wilde_sau.suggestions(state, board)
        out += railway_flak.suggestions(state, board)
        out += ace_gunners.suggestions(state, board)
        extra += [t for t in (templates.german_medals(state, board, medal_uses[0] if medal_uses else None),
                              templates.ace_placement(state, board)) if t]
    return out + [{"type": "EndGermanTurn"}] + extra


def _check_medal(state: dict, board: Board, command: dict) -> None:
    em = Emitter(state)
    medals.use_medal(em, board, command, None)


def _check_german(state: dict, board: Board, command: dict, seat: str | None = None) -> None:
    if command["type"] == "MoveFighter":
        plan_move(state, board, command, seat)
        return
    f = state["fighters"][command["fighter"]]
    if f["fuel"] > 0:
        check_landing(state, board, f["hex"])


def _bomber(state: dict, board: Board) -> list[dict]:
    if state["bomber"]["taken_off"]:
        out = [{"type": "AdvanceBomber"}]
    else:
        out = [{"type": "AdvanceBomber", "altitude": a} for a in FLIGHT_LEVELS]
    out += _medal_advances(state, board, out[0])
    reroutes = rerouting.suggestions(state, board)
    extra = [templates.bomber_advance(state, board, out[0])]
    if rerouting.allowed(state):
        extra.append(templates.reroute(state, board, reroutes[0] if reroutes else None))
    return out + reroutes + [t for t in extra if t]


def _medal_advances(state: dict, board: Board, base: dict) -> list[dict]:
    """§7.5 British sabotage / evasion on the next move (the British knows where it leads)."""
    if not medals.enabled(state) or medals.usable(state, "british") < 1:
        return []
    b, plan = state["bomber"], state["plan"]
    to = board.step(b["hex"], plan["route"][b["moves_done"]]["dir"])
    out = [dict(base, sabotage=[tid]) for tid, t in sorted(state["tiles"].items())
           if t["hex"] == to and not t["destroyed"] and t["face"] in medals.RED_BORDERED]
    out.append(dict(base, evasion=1))
    return [c for c in out if _valid(_check_advance, state, to, c)]


def _check_advance(state: dict, to: int, command: dict) -> None:
    medals.check_sabotage(state, to, command.get("sabotage"))
    medals.check_evasion(state, to, command.get("evasion"), bool(airborne_fighters(state, to)))
