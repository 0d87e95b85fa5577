"""The Bomber turn (spec §4.4, §4.6, §5.1–§5.3, §5.7).

Command: ``AdvanceBomber {altitude: "LOW"|"HIGH", sabotage: [tile], evasion: n}`` — altitude on
the first move only (fixed for the night); ``sabotage``/``evasion`` spend British medals (§7.5).
The next route card is revealed (direction and colour, never the rest of the route), the Bomber
moves one hex, British sabotage destroys units (A-40) and the entered hex is resolved in the
order of §4.6: storm, flak, fighters (then German medals and the 3–5 player personal tracks),
medals for the move, Wilde Sau, Window, target bombing, landing (with the fog check and the
Window overflow penalty); Wilde Sau that flew in the German turn then leave (§4.4 step 9).
"""
from __future__ import annotations

from .board import Board
from .emitter import Emitter
from systems.kit.contract import reject
from .scoring import fighter_combat, flak_combat, target_bombing, term
from .state import FLIGHT_LEVELS, airborne_fighters
from .weather import cloud, fog, storm
from .advanced import medals
from .expansions import ace_gunners, wilde_sau, window
from .expansions.ju88 import JU88_ID, badge_side
from .expansions.multiplayer import is_multiplayer, personal_gain


def take_off(em: Emitter, altitude: str) -> None:
    """§4.4 step 4, §5.7: altitude fixed for the night; fog on the take-off hex costs 1."""
    hex_id = em.state["bomber"]["hex"]
    em.emit("BomberTookOff", {"hex": hex_id, "altitude": altitude})
    if fog(em.state, hex_id):
        em.score("german", 1, [term("5.7:takeoff_fog", 1)], "Bomber take-off in fog")


def move_and_resolve(em: Emitter, board: Board, direction: str, target: int | None, lands: bool,
                     extra_markers: int = 0, sabotage: list | None = None, evasion: int = 0) -> int:
    """Moves the Bomber one hex and resolves it (§4.6). ``target`` = bomb this hex if entered first."""
    b = em.state["bomber"]
    frm, to, move_no = b["hex"], board.step(b["hex"], direction), b["moves_done"] + 1
    in_hex = airborne_fighters(em.state, to)
    sabotage = medals.check_sabotage(em.state, to, sabotage)
    evasion = medals.check_evasion(em.state, to, evasion, bool(in_hex))
    em.emit("BomberMoved", {"from": frm, "to": to, "heading": direction, "move_no": move_no})
    if sabotage:
        em.emit("MedalsSpent", {"side": "british", "count": len(sabotage), "use": "sabotage"})
        for tid in sabotage:
            em.emit("UnitDestroyed", {"tile": tid, "hex": to, "face": em.state["tiles"][tid]["face"],
                                      "by": "British medal (§7.5)"})
    if storm(em.state, to):
        em.score("german", 2, [term("5.7:storm", 2)], "storm")
    flak = flak_combat(em.state, to)
    if flak:
        em.score("german", flak[0], flak[1], "flak combat")
        ace_gunners.mark_fired_at_bomber(em, to)
        ace_gunners.award_after_flak(em, to)
    window_cancels = em.state["setup"]["window_cancels_fighters"] and move_no in em.state["window"]["positions"]
    if in_hex and not window_cancels:  # C-44 option: Window cancels the fighters' fight in its hex
        _fighter_fight(em, to, evasion)
    medals.award_for_entry(em, in_hex, move_no, lands)
    if em.state["wild_sau"]:
        wilde_sau.interception(em, to)
    if em.state["window"]["positions"]:
        window.on_move(em, to, move_no)
    if target is not None and to == target and not em.state["bomber"]["target_bombed"]:
        city = board.cities[to]
        amount, reasons = target_bombing(em.state, board, to, extra_markers)
        em.emit("TargetBombed", {"hex": to, "city": city["name"], "breakdown": reasons})
        em.score("british", amount, reasons, "target bombed")
    if lands:
        land(em, to)
        if em.state["window"]["positions"]:
            window.on_landing(em)
    if em.state["wild_sau"]:
        wilde_sau.remove_flown(em)
    return to


def _fighter_fight(em: Emitter, hex_id: int, evasion: int) -> None:
    """§5.1 with the Ju 88 badge (§9.1), medals (§7.5) and the personal tracks (§9.3)."""
    s = em.state
    in_hex = airborne_fighters(s, hex_id)
    badge = badge_side(s) if JU88_ID in in_hex and cloud(s, hex_id) else None
    if badge:
        em.emit("ObserverBadgeUsed", {"fighter": JU88_ID, "leg": badge, "hex": hex_id})
    if evasion:
        em.emit("MedalsSpent", {"side": "british", "count": evasion, "use": "evasion"})
    amount, reasons = fighter_combat(em.state, hex_id, evasion, JU88_ID if badge else None)
    if amount >= 0:
        em.score("german", amount, reasons, "fighter combat")
    else:  # §5.11 friendly_flak_can_score_british
        em.score("british", -amount, reasons, "fighter combat")
    if str(hex_id) in em.state["medals_on_board"]:
        em.emit("GermanMedalsRemoved", {"hex": hex_id, "reason": "spent_in_fight"})
    if is_multiplayer(em.state):
        em.emit("PersonalTrackAdvanced", {"hex": hex_id, "gains": personal_gain(em.state, in_hex)})


def land(em: Emitter, hex_id: int) -> None:
    em.emit("BomberLanded", {"hex": hex_id})
    if fog(em.state, hex_id):
        vp = em.state["setup"]["bomber_fog_landing_vp"]
        em.score("german", vp, [term("5.7:landing_fog", vp)], "Bomber landing in fog")


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
    sabotage, evasion = command.get("sabotage") or [], command.get("evasion") or 0
    if (sabotage or evasion) and not em.state["setup"]["medals"]:
        reject("option_not_enabled", "medals (advanced rule 4) are not in use")
    k = b["moves_done"]
    card = plan["route"][k]
    em.emit("CompassCardRevealed", {"move_no": k + 1, "dir": card["dir"], "colour": card["colour"]})
    if not b["taken_off"]:
        take_off(em, altitude)
    last = k + 1 == len(plan["route"])
    move_and_resolve(em, board, card["dir"], plan["target"], last, sabotage=sabotage, evasion=evasion)
    em.emit("TurnEnded", {"actor": "bomber"})
