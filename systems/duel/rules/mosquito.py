"""The Mosquito turn (spec §4.2, §4.2.1, §5.8; A-04, A-05, A-24–A-28).

Commands:
* ``MoveMosquito {to: hex, altitude: "LOW"|"HIGH", land: bool}`` — any hex within 2 (path
  irrelevant, A-24); altitude is set after moving; the first move is the take-off and needs an
  altitude.  ``land: true`` lands on the committed ``LM`` and ends the turn.
* ``WaitMosquito {}`` — before its first take-off the Mosquito may stay on the ground (A-04).
* ``DropTokens {bombs: [{target: "airfield"|tile id, count}], markers: int, medals: int}`` — after
  the move; one bombing action per turn (§5.8); ends the turn.  ``medals`` of the dropped tokens
  are British medals instead of real tokens (§7.5 use 2: at most as many as the real ones).
* ``EndMosquitoTurn {}`` — end the turn without dropping.
"""
from __future__ import annotations

from .board import Board
from .emitter import Emitter
from systems.kit.contract import reject
from .ground_units import INDESTRUCTIBLE, SMOKE, count
from .scoring import balloon_barrages
from .state import FLIGHT_LEVELS, LOW, M_AIRBORNE, M_LANDED, M_WAITING, is_solo
from .advanced import medals
from .expansions import acoustic_mirror, ace_gunners, quad_flak
from .expansions.wilde_sau import blocks_airfield


def _require_mosquito_up(state: dict) -> dict:
    m = state["mosquito"]
    if m["state"] == M_LANDED:
        reject("mosquito_landed", "the Mosquito has landed for the night")
    return m


def plan_mosquito_move(state: dict, board: Board, command: dict) -> dict:
    m = _require_mosquito_up(state)
    to, land, altitude = command.get("to"), command.get("land", False), command.get("altitude")
    if not isinstance(to, int) or isinstance(to, bool) or not isinstance(land, bool):
        reject("malformed_command", "to must be a hex number, land a boolean")
    if to not in board.grid:
        reject("hex_not_on_board", f"hex {to} is not on the board")
    if board.dist(m["hex"], to) > 2:
        reject("mosquito_too_far", f"hex {to} is more than 2 hexes from {m['hex']} (§4.2 M1)")
    landing = state["plan"]["landing_mosquito"]
    if m["must_return"]:
        d = board.dist(m["hex"], landing)
        if board.dist(to, landing) != max(0, d - 2):
            reject("must_return_home", "the Mosquito must close on its landing airfield (A-05)")
        if to == landing and not land:
            reject("must_return_home", "the Mosquito must land on reaching its airfield (A-05)")
    if land:
        if m["state"] != M_AIRBORNE:
            reject("mosquito_not_airborne", "the Mosquito has not taken off")
        if to != landing:
            reject("landing_airfield_not_committed", "the Mosquito may land only on its committed airfield (C-27)")
    elif altitude is None and m["state"] == M_WAITING:
        reject("altitude_required", "the take-off move needs an altitude (§4.2 M3)")
    elif altitude is None:
        altitude = m["altitude"]
    if not land and altitude not in FLIGHT_LEVELS:
        reject("invalid_altitude", "altitude must be LOW or HIGH")
    return {"from": m["hex"], "to": to, "altitude": altitude, "land": land, "took_off": m["state"] == M_WAITING}


def move_mosquito(em: Emitter, board: Board, command: dict, rng) -> None:
    mv = plan_mosquito_move(em.state, board, command)
    if mv["land"]:
        em.emit("MosquitoMoved", {"from": mv["from"], "to": mv["to"], "altitude": em.state["mosquito"]["altitude"],
                                  "took_off": False, "then_drop": False})
        em.emit("MosquitoLanded", {"hex": mv["to"]})
        em.emit("TurnEnded", {"actor": "mosquito"})
        return
    em.emit("MosquitoMoved", {"from": mv["from"], "to": mv["to"], "altitude": mv["altitude"],
                              "took_off": mv["took_off"]})
    if mv["to"] != mv["from"] and mv["altitude"] == LOW:
        quad_flak.fire(em, mv["to"], "LOW Mosquito entered the hex")
    ace_gunners.offer_mosquito_shot(em)


def wait_mosquito(em: Emitter, board: Board, command: dict, rng) -> None:
    if em.state["mosquito"]["state"] != M_WAITING:
        reject("mosquito_already_airborne", "only a Mosquito still on the ground may wait (A-04)")
    em.emit("MosquitoWaited", {})
    em.emit("TurnEnded", {"actor": "mosquito"})


def end_mosquito_turn(em: Emitter, board: Board, command: dict, rng) -> None:
    em.emit("TurnEnded", {"actor": "mosquito"})


def plan_drop(state: dict, board: Board, command: dict) -> dict:
    """Validates §4.2.1 T1–T8; returns the normalised bombs and markers."""
    m = state["mosquito"]
    if m["state"] != M_AIRBORNE:
        reject("mosquito_not_airborne", "the Mosquito has not taken off")
    bombs, markers = command.get("bombs", []), command.get("markers", 0)
    if not isinstance(bombs, list) or not isinstance(markers, int) or isinstance(markers, bool) or markers < 0:
        reject("malformed_command", "bombs must be a list of {target, count}, markers a count")
    hex_id = m["hex"]
    smoke = count(state, hex_id, SMOKE)
    seen, out, total_bombs = set(), [], 0
    for b in bombs:
        target, n = (b.get("target"), b.get("count")) if isinstance(b, dict) else (None, None)
        if not isinstance(target, str) or not isinstance(n, int) or isinstance(n, bool) or n < 1:
            reject("malformed_command", "each bomb entry needs a target and a positive count")
        if target in seen:
            reject("target_listed_twice", f"target {target} listed twice")
        seen.add(target)
        if target == "airfield":
            if not board.has_german_airfield(hex_id):
                reject("no_airfield_in_hex", f"hex {hex_id} has no German airfield")
            if blocks_airfield(state, hex_id):
                reject("target_indestructible", "an airfield holding Wilde Sau cannot be bombed (§9.4)")
            if state["airfield_bombs"].get(str(hex_id), 0) + n < 1 + smoke:
                reject("bombs_insufficient_for_smoke", f"{1 + smoke} bombs needed to hit the airfield (C-17)")
        else:
            tile = state["tiles"].get(target)
            if tile is None or tile["hex"] != hex_id or tile["destroyed"]:
                reject("target_not_in_hex", f"no intact unit {target} in hex {hex_id}")
            if tile["face"] in INDESTRUCTIBLE:
                reject("target_indestructible", f"a {tile['face']} cannot be destroyed by the Mosquito (T7)")
            if n < 1 + smoke:
                reject("bombs_insufficient_for_smoke", f"{1 + smoke} bombs needed per unit here (T6, C-17)")
            if n > 1 + smoke:
                reject("bombs_exceed_needed", f"exactly {1 + smoke} bombs destroy a unit here (T6)")
        total_bombs += n
        out.append({"target": target, "count": n})
    medal_tokens = command.get("medals", 0)
    if not isinstance(medal_tokens, int) or isinstance(medal_tokens, bool) or medal_tokens < 0:
        reject("malformed_command", "medals must be a count")
    if medal_tokens:
        medals.spend(state, "british", medal_tokens)
        if medal_tokens > total_bombs + markers - medal_tokens:
            reject("medals_exceed_real_tokens", "medals dropped may not outnumber the real tokens dropped (§7.5)")
        acoustic_mirror.check_medal_bombs(state, hex_id, out, markers, medal_tokens)
    if total_bombs + markers - medal_tokens > m["tokens_left"]:
        reject("no_tokens_left", f"only {m['tokens_left']} tokens left")
    if total_bombs and m["altitude"] != LOW and not is_solo(state):
        reject("bombs_require_low_altitude", "bombs can be dropped only from LOW altitude (T4)")
    if markers and state["setup"]["markers_only_on_cities"] and not board.is_city(hex_id):
        reject("markers_not_on_city", "target markers are dropped on city hexes (A-27)")
    return {"hex": hex_id, "bombs": out, "markers": markers, "total_bombs": total_bombs, "medals": medal_tokens}


def execute_drop(em: Emitter, drop: dict) -> None:
    s = em.state
    hex_id = drop["hex"]
    medal_tokens = drop.get("medals", 0)
    if drop["total_bombs"]:
        quad_flak.fire(em, hex_id, "Mosquito bombing in the hex")
    left = s["mosquito"]["tokens_left"] - drop["total_bombs"] - drop["markers"] + medal_tokens
    if medal_tokens:
        em.emit("MedalsSpent", {"side": "british", "count": medal_tokens, "use": "Mosquito tokens"})
    em.emit("TokensDropped", {"hex": hex_id, "bombs": drop["bombs"], "markers": drop["markers"],
                              "medals": medal_tokens, "tokens_left": left})
    for b in drop["bombs"]:
        if b["target"] == "airfield":
            total = em.state["airfield_bombs"].get(str(hex_id), 0) + b["count"]
            em.emit("AirfieldBombed", {"hex": hex_id, "bombs": b["count"], "bombs_total": total})
        else:
            em.emit("UnitDestroyed", {"tile": b["target"], "hex": hex_id, "face": s["tiles"][b["target"]]["face"]})
    if drop["total_bombs"]:
        balloons = balloon_barrages(em.state, hex_id, set())
        if balloons:
            em.score("german", balloons[0], balloons[1], "Mosquito bombing among balloon barrages")
    if drop["markers"]:
        total = em.state["markers"].get(str(hex_id), 0) + drop["markers"]
        em.emit("TargetMarkersDropped", {"hex": hex_id, "count": drop["markers"], "total": total})


def drop_tokens(em: Emitter, board: Board, command: dict, rng) -> None:
    execute_drop(em, plan_drop(em.state, board, command))
    em.emit("TurnEnded", {"actor": "mosquito"})
