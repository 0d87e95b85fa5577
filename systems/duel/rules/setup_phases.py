"""Phases 1–5 of a night as commands (spec §3.2–§3.6, §10.3).

Commands: ``PlaceFighters``, ``DrawWeather``, ``CommitRoute``, ``PlaceGroundUnits``,
``DeployBritish``.  In the solo mission the German places fighters and ground units first and
the weather and the British start are automatic (§8.1).
"""
from __future__ import annotations

from .board import Board
from .emitter import Emitter
from systems.kit.contract import reject
from .ground_units import validate_placements
from .planning import commitment, parse_plan, validate_plan
from .state import F_RESERVE, is_solo
from .weather import card_payload, choose_card
from . import solo, turns
from .advanced import mw50
from . import phase5
from .expansions import walls_have_ears
from .expansions.multiplayer import is_multiplayer


def place_fighters(em: Emitter, board: Board, command: dict) -> None:
    """§3.2: every available fighter on a German airfield; sharing needs fuel trucks (checked in phase 4).
    In the 3–5 player variant each German seat places its own fighters (§9.3); ``mw50_fighter``
    puts the MW-50 token (§7.8)."""
    s = em.state
    placements = command.get("placements")
    if not isinstance(placements, dict):
        reject("malformed_command", "placements must map fighter id → hex")
    seat = em.side if is_multiplayer(s) else None
    available = sorted(fid for fid, f in s["fighters"].items()
                       if f["state"] == F_RESERVE and (seat is None or s["owners"][fid] == seat))
    for fid, hex_id in placements.items():
        if fid not in s["fighters"] or fid not in available:
            reject("fighter_not_available", f"fighter {fid!r} is not available this night")
        if not isinstance(hex_id, int) or isinstance(hex_id, bool):
            reject("malformed_command", "hexes must be integers")
        if hex_id not in board.grid:
            reject("hex_not_on_board", f"hex {hex_id} is not on the board")
        if not board.has_german_airfield(hex_id):
            reject("not_german_airfield", f"hex {hex_id} has no German airfield")
    if sorted(placements) != available:
        reject("fighter_count_mismatch", f"place every available fighter: {available}")
    own = [fid for fid in available if s["fighters"][fid]["state"] == F_RESERVE]
    tokens = mw50.assignment(s, seat or "german", own, command.get("mw50_fighter"))
    em.emit("FightersPlaced", {"placements": {fid: placements[fid] for fid in available}})
    if tokens:
        em.emit("MW50Assigned", {"fighters": tokens})
    if any(f["state"] == F_RESERVE for f in em.state["fighters"].values()):
        return  # other German seats still place theirs
    if is_solo(s):
        em.emit("PhaseStarted", {"phase": 4, "step": "ground_units"})
    else:
        em.emit("PhaseStarted", {"phase": 2, "step": "weather"})


def draw_weather(em: Emitter, board: Board, rng) -> None:
    """§3.3: the British draws the weather card (seeded draw; swap/forced card per §1.6)."""
    card_id = choose_card(em.state, board, rng)
    em.emit("WeatherDrawn", card_payload(board, card_id))


def weather(em: Emitter, board: Board, command: dict, rng) -> None:
    draw_weather(em, board, rng)
    em.emit("PhaseStarted", {"phase": 3, "step": "planning"})


def commit_route(em: Emitter, board: Board, command: dict, rng) -> None:
    """§3.4: the secret plan (British-only event) and its public hash commitment."""
    plan = parse_plan(command)
    validate_plan(plan, board, em.state["setup"])
    walls_have_ears.check_target(em.state, plan["target"])
    nonce = rng.token()
    em.emit("PlanCommitted", {"night": em.state["night"], "plan": plan, "nonce": nonce}, "british")
    em.emit("RouteCommitted", {"night": em.state["night"], "hash": commitment(plan, nonce)})
    em.emit("PhaseStarted", {"phase": 4, "step": "ground_units"})


def place_ground_units(em: Emitter, board: Board, command: dict, rng) -> None:
    """§3.5 G1–G6 (all 40 tiles, A-21; fewer in a harder solo game, §8.6 H2)."""
    s = em.state
    expected = s["setup"]["solo_ground_units"] if is_solo(s) else 40
    placements = validate_placements(s, board, command.get("placements"), expected)
    em.emit("GroundUnitsPlaced", {"placements": placements})
    if is_solo(s):
        em.emit("PhaseStarted", {"phase": 2, "step": "weather"})
        draw_weather(em, board, rng)
        em.emit("PhaseStarted", {"phase": 5, "step": "deploy"})
        solo.deploy(em, board)
        turns.start_duel(em, board, rng)
    else:
        em.emit("PhaseStarted", {"phase": 5, "step": phase5.first_step(em.state)})


def deploy_british(em: Emitter, board: Board, command: dict, rng) -> None:
    """§3.6: Bomber on TB, Mosquito on TM, both from the committed plan."""
    plan = em.state["plan"]
    for key, field in (("bomber", "takeoff_bomber"), ("mosquito", "takeoff_mosquito")):
        if key in command and command[key] != plan[field]:
            reject("deployment_does_not_match_plan", f"the {key} must start on its committed airfield")
    em.emit("BritishDeployed", {"bomber": plan["takeoff_bomber"], "mosquito": plan["takeoff_mosquito"]})
