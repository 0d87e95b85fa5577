"""The free choices of the Duel commands a player composes by clicking (contract
``legal_actions``: entries marked ``"template": true``; issue 15).

Each function returns one entry ``{"type", "template": True, "choices", "example"}``.
``choices`` lists what may be picked, computed with the validators ``decide`` uses (the hexes
a unit face may stand on, each fighter move with its fuel cost, the card budget of a route), so
a client offering only these picks offers only legal ones; conditions on a whole command (fuel
trucks for shared airfields, the route rules R3–R9) are checked again by ``decide``.
``example`` is one complete command ``decide`` accepts as it is (the raw-command box starts
from it).  Nothing here draws a random number or reads what the side may not see.
"""
from __future__ import annotations

from systems.kit.contract import RuleViolationError
from systems.kit.hexgrid import DIRECTIONS
from .board import Board
from .fighters import check_landing, plan_move
from .ground_units import (INDESTRUCTIBLE, SHELTER, SMOKE, count, enabled_expansion_faces, fuel_trucks_needed,
                           unit_hexes)
from .state import F_AIRBORNE, F_GROUND, FLIGHT_LEVELS, airborne_fighters, is_solo
from .advanced import medals, mw50, rerouting
from .expansions import acoustic_mirror, ace_gunners, british_units, walls_have_ears, window
from .expansions.wilde_sau import blocks_airfield


def template(command_type: str, choices: dict, example: dict | None = None) -> dict:
    out = {"type": command_type, "template": True, "choices": choices}
    if example is not None:
        out["example"] = {k: v for k, v in example.items() if k not in ("template", "choices", "example")}
    return out


def german_hexes(board: Board) -> list[int]:
    return [h for h in board.hex_ids if h not in board.brit_hexes]


def ground_units(state: dict, board: Board, example: dict) -> dict:
    """§3.5 G1–G7: every tile with its two faces, the hexes each face may stand on, the
    expansion faces that replace one tile each (A-23), shelters fixed since night 1 (C-28)."""
    faces = sorted({f for t in state["tiles"].values() for f in (t["red"], t["grey"])}
                   | set(enabled_expansion_faces(state)))
    return template("PlaceGroundUnits", {
        "tiles": {tid: [t["red"], t["grey"]] for tid, t in sorted(state["tiles"].items())},
        "count": state["setup"]["solo_ground_units"] if is_solo(state) else len(state["tiles"]),
        "hexes_by_face": {face: unit_hexes(board, face) for face in faces},
        "expansion_faces": enabled_expansion_faces(state),
        "red_faces_only": state["setup"]["red_faces_only"],
        "fixed_shelters": dict(state["shelters"]),
        "new_shelters": state["night"] == 1,
        "fuel_trucks_needed": {str(h): n for h, n in sorted(fuel_trucks_needed(state).items())},
        "forbidden_hexes": sorted(board.brit_hexes), "cities": sorted(board.cities),
        "german_airfields": list(board.german_airfields),
    }, example)


def extra_units(state: dict, board: Board, example: dict) -> dict:
    """§9.10, §9.11 (A-92): two extra German units per British unit, any kind but the shelter."""
    n = british_units.EXTRA_UNITS_PER_BRITISH_UNIT * (
        len(state["british_units"]["qf"]) + len(state["british_units"]["searchlights"]))
    return template("PlaceExtraGermanUnits", {
        "count": n, "hexes_by_kind": {kind: unit_hexes(board, kind) for kind in british_units.EXTRA_KINDS}}, example)


def reposition(state: dict, board: Board) -> dict:
    """§9.2 (A-70): up to five placed units move, unflipped; shelters stay (C-28)."""
    units = {tid: {"face": t["face"], "hex": t["hex"], "hexes": unit_hexes(board, t["face"])}
             for tid, t in sorted(state["tiles"].items()) if t["hex"] is not None and t["face"] != SHELTER}
    return template("RepositionUnits", {"max": walls_have_ears.MAX_REPOSITIONS, "units": units,
                                        "crests": list(state["crests"] or [])},
                    {"type": "RepositionUnits", "moves": []})


def wild_sau_placement(state: dict, board: Board, example: dict) -> dict:
    return template("PlaceWildSau", {"count": window.allocation(state)[1], "hexes": list(board.german_airfields)},
                    example)


def british_ground_units(state: dict, board: Board, example: dict) -> dict:
    options = state["setup"]
    return template("PlaceBritishGroundUnits", {"qf": options["british_qf_guns"],
                                                "searchlights": options["british_searchlights"],
                                                "hexes": sorted(board.brit_hexes)}, example)


def hand_crests(state: dict, board: Board, example: dict) -> dict:
    return template("HandCrests", {"count": walls_have_ears.CRESTS_HANDED, "cities": sorted(board.cities),
                                   "target": state["plan"]["target"]}, example)


def window_cards(state: dict) -> dict:
    """§9.4: Window positions are move numbers of the committed route."""
    return template("DeclareWindow", {"max": window.allocation(state)[0], "route_length": len(state["plan"]["route"])},
                    {"type": "DeclareWindow", "use": False})


def route(state: dict, board: Board, targets: list[int], example: dict | None) -> dict:
    """§3.4: airfields, targets and the card rules' numbers (R8 budget, R11 inventory)."""
    return template("CommitRoute", {
        "airfields": list(board.british_airfields), "targets": targets,
        "directions": list(DIRECTIONS), "colours": ["red", "green"],
        "max_cards": state["setup"]["max_route_cards"],
        "compass_inventory": state["setup"]["compass_inventory"] or board.compass_inventory,
    }, example)


def reroute(state: dict, board: Board, example: dict | None) -> dict:
    """§7.3, §7.4 (A-50, A-51): the new cards start where the Bomber is, within the budget."""
    b, plan = state["bomber"], state["plan"]
    returning = b["target_bombed"]
    return template("ReRoute", {
        "rule": rerouting.allowed(state), "from": b["hex"],
        "heading": None if rerouting.free_heading(state) else b["heading"],
        "budget": rerouting.budget(state), "returning": returning,
        "target": plan["target"], "targets": [plan["target"]] if returning else sorted(board.cities),
        "landing_bomber": plan["landing_bomber"],
        "landing_airfields": [h for h in board.british_airfields if h != plan["landing_mosquito"]],
        "compass_inventory": state["setup"]["compass_inventory"] or board.compass_inventory,
    }, example)


def mosquito_drop(state: dict, board: Board) -> dict:
    """§4.2.1 T1–T8: what the Mosquito may drop in its hex now (bombs per target, markers, medals)."""
    m = state["mosquito"]
    hex_id = m["hex"]
    need = 1 + count(state, hex_id, SMOKE)
    targets = []
    if board.has_german_airfield(hex_id) and not blocks_airfield(state, hex_id):
        targets.append({"target": "airfield", "min": max(1, need - state["airfield_bombs"].get(str(hex_id), 0)),
                        "max": m["tokens_left"]})
    targets += [{"target": tid, "face": t["face"], "min": need, "max": need}
                for tid, t in sorted(state["tiles"].items())
                if t["hex"] == hex_id and not t["destroyed"] and t["face"] not in INDESTRUCTIBLE]
    return template("DropTokens", {
        "hex": hex_id, "tokens_left": m["tokens_left"], "targets": targets,
        "bombs_allowed": m["altitude"] == "LOW" or is_solo(state),
        "markers_allowed": board.is_city(hex_id) or not state["setup"]["markers_only_on_cities"],
        "medals_usable": medals.usable(state, "british") if medals.enabled(state) else 0,
        # with a mirror here, medals dropped on these faces must all be markers.
        "medals_markers_only_on": list(acoustic_mirror.PROTECTED) if acoustic_mirror.mirrors(state, hex_id) else [],
    }, {"type": "EndMosquitoTurn"})


def fighter_moves(state: dict, board: Board, seat: str | None) -> dict:
    """§4.3: each fighter of ``seat`` that may act, with every legal move (the command, the hexes
    it flies through, its fuel cost) and whether it may land where it is."""
    wind = state["weather"]["wind"]
    fuel_medal = medals.enabled(state) and not state["fuel_medal_used"] and medals.usable(state, "german") >= 1
    fighters, example = {}, None
    for fid, f in sorted(state["fighters"].items()):
        if f["acted"] or f["state"] not in (F_GROUND, F_AIRBORNE) or (seat is not None and state["owners"][fid] != seat):
            continue
        paths = [([], False)] + [([d], False) for d in DIRECTIONS] + [([wind, wind], False)]
        if f["mw50"] == mw50.CHARGED:
            paths += [([d1, d2], True) for d1 in DIRECTIONS for d2 in DIRECTIONS]
        moves = []
        for path, use_mw50 in paths:
            for use_medal in (False, True) if fuel_medal else (False,):
                for altitude in FLIGHT_LEVELS + (None,):
                    command = {"type": "MoveFighter", "fighter": fid, "path": path, "land": altitude is None}
                    if altitude:
                        command["altitude"] = altitude
                    if use_mw50:
                        command["use_mw50"] = True
                    if use_medal:
                        command["use_fuel_medal"] = True
                    try:
                        move = plan_move(state, board, command, seat)
                    except RuleViolationError:
                        continue
                    moves.append({"command": command, "hexes": move["hexes"], "cost": move["cost"],
                                  "fuel_after": f["fuel"] - move["cost"], "engages_mosquito": move["triggers"]})
        fighters[fid] = {"type": f["type"], "state": f["state"], "hex": f["hex"], "altitude": f["altitude"],
                         "fuel": f["fuel"], "fuel_max": f["fuel_max"], "mw50": f["mw50"],
                         "may_land_here": f["state"] == F_AIRBORNE and _may_land(state, board, f), "moves": moves}
        example = example or (moves[0]["command"] if moves else None)
    return template("MoveFighter", {"wind": wind, "fighters": fighters}, example)


def _may_land(state: dict, board: Board, f: dict) -> bool:
    if f["fuel"] == 0:
        return True  # the forced landing in place (§4.3.7)
    try:
        check_landing(state, board, f["hex"])
    except RuleViolationError:
        return False
    return True


def german_medals(state: dict, board: Board, example: dict | None) -> dict | None:
    """§7.5: German medals as a bonus on a hex with airborne fighters, or a repair (A-53, A-54)."""
    if not medals.enabled(state) or medals.usable(state, "german") < 1:
        return None
    return template("UseMedal", {
        "usable": medals.usable(state, "german"),
        "bonus_hexes": sorted({f["hex"] for f in state["fighters"].values() if f["state"] == F_AIRBORNE}),
        "repair_tiles": [tid for tid, t in sorted(state["tiles"].items()) if t["destroyed"]],
        "repair_airfields": [int(h) for h, n in sorted(state["airfield_bombs"].items(), key=lambda i: int(i[0])) if n],
    }, example)


def ace_placement(state: dict, board: Board) -> dict | None:
    """§9.9 (A-87): a held ace medal, placed in a later turn, on any hex outside BRIT."""
    if not state["setup"]["ace_gunners"]:
        return None
    grades = [g for g in (ace_gunners.SILVER, ace_gunners.GOLD)
              if state["ace_medals"][g] - state["ace_fresh"][g] >= 1]
    if not grades:
        return None
    hexes = german_hexes(board)
    return template("PlaceAceMedal", {"grades": grades, "hexes": hexes},
                    {"type": "PlaceAceMedal", "grade": grades[0], "hex": hexes[0]})


def qf_hits(state: dict, example: dict) -> dict:
    """§9.10 (A-93): each British QF gun with a target hits one fighter of its list."""
    guns = {str(qf): {"hex": state["british_units"]["qf"][qf - 1], "fighters": fids}
            for qf, fids in sorted(british_units.qf_targets(state).items())}
    return template("AllocateQFHits", {"guns": guns}, example)


def bomber_advance(state: dict, board: Board, example: dict) -> dict | None:
    """§7.5: British medals on the next Bomber move — sabotage of red-bordered units in the hex it
    enters, evasion in a fighter fight there (the British knows where the move leads)."""
    if not medals.enabled(state) or medals.usable(state, "british") < 1:
        return None
    b, plan = state["bomber"], state["plan"]
    to = board.step(b["hex"], plan["route"][b["moves_done"]]["dir"])
    return template("AdvanceBomber", {
        "altitude_required": not b["taken_off"], "altitudes": list(FLIGHT_LEVELS), "next_hex": to,
        "medals_usable": medals.usable(state, "british"),
        "sabotage_units": [{"tile": tid, "face": state["tiles"][tid]["face"]}
                           for tid in medals.sabotage_targets(state, to)],
        "evasion_allowed": bool(airborne_fighters(state, to)) and not state["medals_on_board"].get(str(to), 0),
    }, example)
