"""The Bomber turn (spec §4.4, §4.6, §5.1–§5.3, §5.7).

Command: ``AdvanceBomber {altitude: "LOW"|"HIGH"}`` — altitude on the first move only (fixed for
the night).  The next route card is revealed (direction and colour, never the rest of the
route), the Bomber moves one hex and the entered hex is resolved in the order of §4.6: storm,
flak, fighters, target bombing, landing (with the fog check).
"""
from __future__ import annotations

from .board import Board
from .emitter import Emitter
from .errors import reject
from .scoring import fighter_combat, flak_combat, target_bombing, term
from .state import FLIGHT_LEVELS
from .weather import fog, storm
from . import turns


def take_off(em: Emitter, altitude: str) -> None:
    """§4.4 step 4, §5.7: altitude fixed for the night; fog on the take-off hex costs 1."""
    hex_id = em.state["bomber"]["hex"]
    em.emit("BomberTookOff", {"hex": hex_id, "altitude": altitude})
    if fog(em.state, hex_id):
        em.score("german", 1, [term("§5.7 Bomber takes off in fog", 1)], "Bomber take-off in fog")


def move_and_resolve(em: Emitter, board: Board, direction: str, target: int | None, lands: bool,
                     extra_markers: int = 0) -> int:
    """Moves the Bomber one hex and resolves it (§4.6). ``target`` = bomb this hex if entered first."""
    b = em.state["bomber"]
    frm, to, move_no = b["hex"], board.step(b["hex"], direction), b["moves_done"] + 1
    em.emit("BomberMoved", {"from": frm, "to": to, "heading": direction, "move_no": move_no})
    if storm(em.state, to):
        em.score("german", 2, [term("§5.7 Bomber enters a storm", 2)], "storm")
    flak = flak_combat(em.state, to)
    if flak:
        em.score("german", flak[0], flak[1], "flak combat")
    fighters = fighter_combat(em.state, to)
    if fighters:
        em.score("german", fighters[0], fighters[1], "fighter combat")
    if target is not None and to == target and not em.state["bomber"]["target_bombed"]:
        city = board.cities[to]
        amount, reasons = target_bombing(em.state, board, to, extra_markers)
        em.emit("TargetBombed", {"hex": to, "city": city["name"], "breakdown": reasons})
        em.score("british", amount, reasons, "target bombed")
    if lands:
        land(em, to)
    return to


def land(em: Emitter, hex_id: int) -> None:
    em.emit("BomberLanded", {"hex": hex_id})
    if fog(em.state, hex_id):
        vp = em.state["setup"]["bomber_fog_landing_vp"]
        em.score("german", vp, [term("§5.7 Bomber lands in fog (C-02)", vp)], "Bomber landing in fog")


def advance_bomber(em: Emitter, board: Board, command: dict, rng) -> None:
    s = em.state
    b, plan = s["bomber"], s["plan"]
    if b["landed"]:
        reject("route_exhausted", "the Bomber has landed")
    altitude = command.get("altitude")
    if not b["taken_off"]:
        if altitude is None:
            reject("altitude_required", "the first move sets the Bomber's altitude for the night")
        if altitude not in FLIGHT_LEVELS:
            reject("invalid_altitude", "altitude must be LOW or HIGH")
    elif altitude is not None:
        reject("altitude_fixed", "the Bomber's altitude was fixed on its first move")
    k = b["moves_done"]
    card = plan["route"][k]
    em.emit("CompassCardRevealed", {"move_no": k + 1, "dir": card["dir"], "colour": card["colour"]})
    if not b["taken_off"]:
        take_off(em, altitude)
    last = k + 1 == len(plan["route"])
    move_and_resolve(em, board, card["dir"], plan["target"], last)
    em.emit("TurnEnded", {"actor": "bomber"})
    turns.advance(em, board, "bomber", rng)
