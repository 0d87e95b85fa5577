"""The German turn: fighter actions, fuel, landing, emergency landings and the Mosquito combat
trigger (spec §4.3, §5.4–§5.6; RULINGS C-08, C-09, C-10, C-13).

Commands:
* ``MoveFighter {fighter, path: [dir, …] (0–2), altitude: "LOW"|"HIGH", land: bool}`` — from the
  ground this is a take-off (``path`` empty = take off and stay, LOW 1 line / HIGH 2 lines);
  airborne with an empty path it is a hover (1 line).  ``land`` lands at the destination.
  ``use_mw50`` (§7.8): 2 steps in any directions at their wind costs; ``use_fuel_medal`` (§7.5):
  −1 line.  In the 3–5 player variant a seat moves only its own fighters (``not_your_fighter``).
* ``LandFighter {fighter}`` — land in place as the only action (0 lines); at 0 fuel without a
  usable airfield this is the forced emergency landing.
* ``EndGermanTurn {}`` — forced landings, automatic hovering of idle airborne fighters,
  the Mosquito combat, British QF fire (§9.10), removal of unattended German medals (§7.5), then
  the Bomber turn.  With several German seats each ends its part; the last one ends the turn.

Engine ruling D-1: an airborne fighter that took no action in a German turn hovers (1 line) at
the end of the turn — [IT §7 caccia]: a squadron "may stay in its hex" and staying costs 1 line;
there is no free option for an aircraft in the air.  This also guarantees every night ends.
"""
from __future__ import annotations

from systems.kit.hexgrid import DIRECTIONS
from .board import Board
from .emitter import Emitter
from systems.kit.contract import reject
from .ground_units import airfield_capacity
from .scoring import airfield_penalty, mosquito_combat
from .state import (F_AIRBORNE, F_GROUND, FLIGHT_LEVELS, HIGH, LOW, M_AIRBORNE, airborne_fighters,
                    grounded_fighters)
from .wind import (HOVER_COST, MAX_LINES_PER_TURN, TAKEOFF_CLIMB_HIGH_COST, TAKEOFF_STAY_LOW_COST,
                   TWO_HEX_TAILWIND_COST, is_tailwind, step_cost)
from . import turns
from .advanced import medals, mw50
from .expansions import british_units
from .expansions.multiplayer import german_seats, is_multiplayer


def _fighter(state: dict, command: dict, side: str | None = None) -> tuple[str, dict]:
    fid = command.get("fighter")
    if not isinstance(fid, str):
        reject("malformed_command", "fighter must be a fighter id")
    f = state["fighters"].get(fid)
    if f is None or f["state"] not in (F_GROUND, F_AIRBORNE):
        reject("fighter_not_available", f"fighter {fid!r} is not in play this night")
    if side is not None and state["owners"][fid] != side:
        reject("not_your_fighter", f"fighter {fid} belongs to {state['owners'][fid]} (§9.3)")
    if f["acted"]:
        reject("fighter_already_acted", f"fighter {fid} has already acted this turn")
    return fid, f


def plan_move(state: dict, board: Board, command: dict, side: str | None = None) -> dict:
    """Validates a ``MoveFighter`` and returns what it does (hexes, cost, altitude, triggers)."""
    fid, f = _fighter(state, command, side)
    path = command.get("path", [])
    land = command.get("land", False)
    altitude = command.get("altitude")
    use_mw50, use_medal = command.get("use_mw50", False), command.get("use_fuel_medal", False)
    if not isinstance(path, list) or not all(d in DIRECTIONS for d in path) or not isinstance(land, bool) \
            or not isinstance(use_mw50, bool) or not isinstance(use_medal, bool):
        reject("malformed_command", "path must be a list of directions; land, use_mw50, use_fuel_medal booleans")
    if len(path) > 2:
        reject("too_many_hexes", "a fighter moves at most 2 hexes (§4.3.1)")
    airborne = f["state"] == F_AIRBORNE
    if airborne and f["fuel"] == 0:
        reject("must_land", f"fighter {fid} has no fuel left and must land where it is (§4.3.7)")
    if not airborne:
        if not path and land:
            reject("takeoff_not_allowed", "taking off and landing again in the same hex is not an action (A-31)")
        if _anti_stall(state):
            reject("takeoff_not_allowed", "both British aircraft are down: fighters may not take off (A-06)")
    if not land and altitude not in FLIGHT_LEVELS:
        reject("invalid_altitude", "altitude must be LOW or HIGH")
    wind = state["weather"]["wind"]
    crosswind = state["setup"]["crosswind_fuel_cost"]
    hexes, cur = [], f["hex"]
    for d in path:
        nxt = board.step(cur, d)
        if nxt is None:
            reject("hex_not_on_board", f"no hex {d} of {cur}: aircraft may not leave the board")
        hexes.append(nxt)
        cur = nxt
    if use_mw50:
        cost = mw50.cost(state, fid, path)
        if not airborne and not land and altitude == HIGH:
            reject("takeoff_climb_not_allowed", "an MW-50 move on a take-off turn ends LOW (A-29)")
    elif len(path) == 2 and not all(is_tailwind(d, wind) for d in path):
        reject("two_hex_move_needs_tailwind", f"a 2-hex move needs both steps downwind ({wind}) (§4.3.3)")
    elif not path:
        cost = HOVER_COST if airborne else (TAKEOFF_CLIMB_HIGH_COST if altitude == HIGH else TAKEOFF_STAY_LOW_COST)
    elif len(path) == 1:
        cost = step_cost(path[0], wind, crosswind)
        if not airborne and not land and altitude == HIGH:
            reject("takeoff_climb_not_allowed", "a fighter leaving its hex on take-off arrives LOW (§4.3.4)")
    else:
        cost = TWO_HEX_TAILWIND_COST
    if use_medal:
        medals.spend(state, "german", 1)
        if state["fuel_medal_used"]:
            reject("fuel_medal_already_used", "the fuel medal may be used once per night (C-21)")
        cost = max(0, cost - 1)
    if cost > MAX_LINES_PER_TURN and not use_mw50:
        reject("fuel_per_turn_exceeded", f"{cost} lines: at most {MAX_LINES_PER_TURN} per turn")
    if cost > f["fuel"]:
        reject("fuel_exhausted", f"the move costs {cost} lines, fighter {fid} has {f['fuel']}")
    end = hexes[-1] if hexes else f["hex"]
    if land:
        check_landing(state, board, end)
    m = state["mosquito"]
    triggers = m["state"] == M_AIRBORNE and (m["hex"] in hexes or (not airborne and m["hex"] == f["hex"]))
    return {"fighter": fid, "from": f["hex"], "hexes": hexes, "cost": cost, "takeoff": not airborne,
            "altitude": LOW if land else altitude, "land": land, "end": end, "triggers": triggers,
            "use_mw50": use_mw50, "use_fuel_medal": use_medal}


def check_landing(state: dict, board: Board, hex_id: int) -> None:
    if not board.has_german_airfield(hex_id):
        reject("no_german_airfield", f"hex {hex_id} has no German airfield")
    if len(grounded_fighters(state, hex_id)) >= airfield_capacity(state, hex_id):
        reject("airfield_full", f"airfield {hex_id} is full (capacity 1 + fuel trucks, §4.3.8)")


def _anti_stall(state: dict) -> bool:
    return (state["setup"]["fighter_anti_stall"] and state["bomber"]["landed"]
            and state["mosquito"]["state"] != M_AIRBORNE)


def move_fighter(em: Emitter, board: Board, command: dict, rng) -> None:
    move = plan_move(em.state, board, command, em.side if is_multiplayer(em.state) else None)
    fid, f = move["fighter"], em.state["fighters"][move["fighter"]]
    if move["takeoff"]:
        amount, reasons = airfield_penalty(em.state, move["from"], fid, "take-off")
        em.emit("FighterTookOff", {"fighter": fid, "hex": move["from"]})
        if amount:
            em.score("british", amount, reasons, "fighter take-off")
    if move["use_mw50"]:
        em.emit("MW50Used", {"fighter": fid})
    if move["use_fuel_medal"]:
        em.emit("MedalsSpent", {"side": "german", "count": 1, "use": "fuel"})
        em.emit("FuelMedalUsed", {"fighter": fid})
    fuel_after = f["fuel"] - move["cost"]
    em.emit("FighterMoved", {"fighter": fid, "from": move["from"], "path": move["hexes"],
                             "directions": list(command.get("path", [])), "altitude": move["altitude"],
                             "cost": move["cost"], "fuel_before": f["fuel"], "fuel_after": fuel_after})
    if move["triggers"]:
        em.emit("MosquitoEngaged", {"fighter": fid, "hex": em.state["mosquito"]["hex"]})
    if move["land"]:
        amount, reasons = airfield_penalty(em.state, move["end"], fid, "landing")
        em.emit("FighterLanded", {"fighter": fid, "hex": move["end"], "fuel_after": f["fuel_max"]})
        if amount:
            em.score("british", amount, reasons, "fighter landing")


def land_fighter(em: Emitter, board: Board, command: dict, rng) -> None:
    fid, f = _fighter(em.state, command, em.side if is_multiplayer(em.state) else None)
    if f["state"] != F_AIRBORNE:
        reject("fighter_not_airborne", f"fighter {fid} is on the ground")
    if f["fuel"] == 0:
        turns.land_in_place(em, board, fid, "no fuel")
        return
    check_landing(em.state, board, f["hex"])  # A-36: no voluntary emergency landing
    amount, reasons = airfield_penalty(em.state, f["hex"], fid, "landing")
    em.emit("FighterLanded", {"fighter": fid, "hex": f["hex"], "fuel_after": f["fuel_max"]})
    if amount:
        em.score("british", amount, reasons, "fighter landing")


def end_german_turn(em: Emitter, board: Board, command: dict, rng) -> None:
    """§4.3.11: forced landings, idle hovering (D-1), the Mosquito combat (§4.3.10, §5.4).
    In the 3–5 player variant every German seat ends its part; the last one ends the turn."""
    if is_multiplayer(em.state):
        em.emit("GermanSeatEnded", {"seat": em.side})
        if len(em.state["german_turn"]["ended"]) < len(german_seats(em.state["setup"])):
            return
    s = em.state
    for fid in airborne_fighters(s):
        f = em.state["fighters"][fid]
        if f["acted"]:
            continue
        if f["fuel"] == 0:
            turns.land_in_place(em, board, fid, "no fuel")
        else:
            em.emit("FighterMoved", {"fighter": fid, "from": f["hex"], "path": [], "directions": [],
                                     "altitude": f["altitude"], "cost": HOVER_COST, "fuel_before": f["fuel"],
                                     "fuel_after": f["fuel"] - HOVER_COST, "automatic": "hover (D-1)"})
    s = em.state
    m = s["mosquito"]
    attackers = list(s["german_turn"]["triggered"])
    if s["setup"]["mosquito_attacks_remaining_fighters"] and m["state"] == M_AIRBORNE:
        attackers += [fid for fid in airborne_fighters(s, m["hex"]) if fid not in attackers]
    if attackers and m["state"] == M_AIRBORNE:
        em.emit("MosquitoCombat", {"hex": m["hex"], "fighters": attackers})
        amount, reasons = mosquito_combat(em.state, attackers)
        em.score("british", amount, reasons, "Mosquito combat")
    if british_units.qf_targets(em.state):
        em.emit("PhaseStarted", {"phase": 6, "step": "qf_fire"})  # §4.3.11 (3): the British allocates
        return
    turns.finish_german_turn(em)
