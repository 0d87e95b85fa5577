"""British 3.7-inch QF AA guns and British searchlights (docs/rules/duel-in-the-dark.md §9.10, §9.11;
C-30, A-91–A-93).

Phase 5 start: ``PlaceBritishGroundUnits {qf: [hex], searchlights: [hex]}`` — exactly the numbers
of the options ``british_qf_guns`` / ``british_searchlights`` (the box counts are UNKNOWN), only
in British/sea hexes (A-91, ``british_unit_forbidden_hex``).  The German then places 2 extra
ground units per British unit (``PlaceExtraGermanUnits {placements: [{kind, hex}]}``; A-92: any
unit type except the civil shelter — whose permanence (C-28) is tied to the 40 tiles —, normal
placement rules; ``extra_units_exceeded`` / ``wrong_unit_count``).
Effects: each British searchlight in the Bomber's fight hex −1 to the fighters' total (C-30); in
the Mosquito fight +1 per (British searchlight, fighter) pair = +min(L, N).  At the end of each
German turn each QF gun costs one airborne fighter in its hex 1 fuel line: the British allocates
the hits (``AllocateQFHits {hits: [{qf, fighter}]}``, step ``qf_fire``; A-93: a fighter that was airborne
in the QF's hex during the turn, the middle hex of a 2-hex move included — engine ruling: it must
still be airborne with fuel left at the end of the turn).
"""
from __future__ import annotations

from .. import turns
from systems.kit.contract import reject
from ..ground_units import SHELTER, TILE_MIX, check_unit_hex

EXTRA_UNITS_PER_BRITISH_UNIT = 2
EXTRA_KINDS = sorted({face for _, red, grey in TILE_MIX for face in (red, grey)} - {SHELTER})


def _hexes(value, board, n: int, what: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(h, int) and not isinstance(h, bool) for h in value):
        reject("malformed_command", f"{what} must be a list of hexes")
    if len(value) != n:
        reject("wrong_unit_count", f"place exactly {n} British {what}")
    for h in value:
        if h not in board.brit_hexes:
            reject("british_unit_forbidden_hex", f"British units stand in British/sea hexes only (A-91), not {h}")
    return sorted(value)


def place_british(em, board, command: dict, rng) -> None:
    options = em.state["setup"]
    qf = _hexes(command.get("qf", []), board, options["british_qf_guns"], "qf")
    lights = _hexes(command.get("searchlights", []), board, options["british_searchlights"], "searchlights")
    em.emit("BritishGroundUnitsPlaced", {"qf": qf, "searchlights": lights})


def place_extra(em, board, command: dict, rng) -> None:
    s = em.state
    placements = command.get("placements")
    n = EXTRA_UNITS_PER_BRITISH_UNIT * (len(s["british_units"]["qf"]) + len(s["british_units"]["searchlights"]))
    if not isinstance(placements, list) or not all(isinstance(p, dict) for p in placements):
        reject("malformed_command", "placements must be a list of {kind, hex}")
    if len(placements) > n:
        reject("extra_units_exceeded", f"{n} extra units: 2 per British unit (§9.10, §9.11)")
    if len(placements) < n:
        reject("wrong_unit_count", f"place all {n} extra units")
    units = {}
    for k, p in enumerate(placements):
        kind, hex_id = p.get("kind"), p.get("hex")
        if kind not in EXTRA_KINDS:
            reject("tile_face_invalid", f"an extra unit is one of {EXTRA_KINDS}")
        if not isinstance(hex_id, int) or isinstance(hex_id, bool):
            reject("hex_not_on_board", f"hex {hex_id!r} is not on the board")
        check_unit_hex(board, kind, hex_id)
        units[f"x{k + 1:02d}"] = {"face": kind, "hex": hex_id}
    em.emit("ExtraGermanUnitsPlaced", {"units": units})


def british_searchlights(state: dict, hex_id: int) -> int:
    return state["british_units"]["searchlights"].count(hex_id)


def qf_targets(state: dict) -> dict[int, list[str]]:
    """QF gun number (1-based) → the fighters still airborne with fuel that flew in its hex this
    German turn, the middle hex of a 2-hex move included (A-93)."""
    out = {}
    visited = state["german_turn"].get("visited", {})
    for k, hex_id in enumerate(state["british_units"]["qf"]):
        fighters = sorted(fid for fid, f in state["fighters"].items()
                          if f["state"] == "airborne" and f["fuel"] > 0
                          and (f["hex"] == hex_id or hex_id in visited.get(fid, [])))
        if fighters:
            out[k + 1] = fighters
    return out


def allocate_hits(em, board, command: dict, rng) -> None:
    """``AllocateQFHits {hits: [{qf, fighter}]}``: every QF gun with a target fires once (A-93);
    then the German turn ends."""
    s = em.state
    targets = qf_targets(s)
    hits = command.get("hits")
    if not isinstance(hits, list) or not all(isinstance(h, dict) for h in hits):
        reject("malformed_command", "hits must be a list of {qf, fighter}")
    chosen = {h.get("qf"): h.get("fighter") for h in hits}
    if len(chosen) != len(hits) or set(chosen) != set(targets):
        reject("qf_allocation_incomplete", f"each QF gun with a target fires once: {sorted(targets)}")
    for qf, fid in sorted(chosen.items()):
        if fid not in targets[qf]:
            reject("qf_target_not_in_hex", f"QF {qf} can hit {targets[qf]}, not {fid!r}")
    for qf, fid in sorted(chosen.items()):
        fuel = em.state["fighters"][fid]["fuel"]
        em.emit("QFHit", {"qf": qf, "hex": s["british_units"]["qf"][qf - 1], "fighter": fid,
                          "fuel_after": max(0, fuel - 1)})
    em.emit("PhaseStarted", {"phase": 6, "step": "german"})
    turns.finish_german_turn(em)


def allocation_suggestions(state: dict, board) -> list[dict]:
    targets = qf_targets(state)
    fuel = {fid: state["fighters"][fid]["fuel"] for fids in targets.values() for fid in fids}
    least = {"type": "AllocateQFHits", "hits": [{"qf": qf, "fighter": min(fids, key=lambda f: (fuel[f], f))}
                                                for qf, fids in sorted(targets.items())]}
    first = {"type": "AllocateQFHits", "hits": [{"qf": qf, "fighter": fids[0]} for qf, fids in sorted(targets.items())]}
    return [least] if least == first else [least, first]


def british_suggestions(state: dict, board) -> list[dict]:
    options = state["setup"]
    brit = sorted(board.brit_hexes)
    return [{"type": "PlaceBritishGroundUnits", "qf": brit[:options["british_qf_guns"]],
             "searchlights": brit[-options["british_searchlights"]:] if options["british_searchlights"] else []}]


def extra_suggestions(state: dict, board) -> list[dict]:
    n = EXTRA_UNITS_PER_BRITISH_UNIT * (len(state["british_units"]["qf"]) + len(state["british_units"]["searchlights"]))
    german = [h for h in board.hex_ids if h not in board.brit_hexes]
    return [{"type": "PlaceExtraGermanUnits", "placements": [{"kind": "flak", "hex": german[k % len(german)]}
                                                             for k in range(n)]},
            {"type": "PlaceExtraGermanUnits", "placements": [{"kind": "searchlight", "hex": german[-1 - k % len(german)]}
                                                             for k in range(n)]}]


# Folding this module's events (evolve.py joins every module's EVOLVE table)
def _british_units_placed(s, p):
    s["british_units"] = {"qf": list(p["qf"]), "searchlights": list(p["searchlights"])}


def _extra_units_placed(s, p):
    for tid, u in p["units"].items():
        s["tiles"][tid] = {"red": u["face"], "grey": u["face"], "face": u["face"], "hex": u["hex"],
                           "destroyed": False, "extra": True}


def _qf_hit(s, p):
    s["fighters"][p["fighter"]]["fuel"] = p["fuel_after"]


EVOLVE = {
    "BritishGroundUnitsPlaced": _british_units_placed,
    "ExtraGermanUnitsPlaced": _extra_units_placed,
    "QFHit": _qf_hit,
}
TILE_EVENTS = frozenset({"ExtraGermanUnitsPlaced"})  # their handlers write to state["tiles"]
