"""German ground units: the 40 double-sided tiles and their placement (spec §2.6, §3.5, §5.9).

Red faces are the basic units (flak, searchlight, radar); grey faces the advanced ones
(fire engine, civil shelter, fuel truck, balloon barrage, smoke screen) — RULING C-06.
The tile mix is the Italian one (RULING C-04).
"""
from __future__ import annotations

from systems.kit.contract import RuleViolationError
from .board import Board
from systems.kit.contract import reject

FLAK, SEARCHLIGHT, RADAR = "flak", "searchlight", "radar"
FIRE_ENGINE, SHELTER, FUEL_TRUCK = "fire_engine", "civil_shelter", "fuel_truck"
BALLOON, SMOKE = "balloon_barrage", "smoke_screen"
# §9.6–§9.8 expansion units: each replaces one of the 40 tiles, one of each kind
RAILWAY_FLAK, QUAD_FLAK, ACOUSTIC_MIRROR = "railway_flak", "quad_flak", "acoustic_mirror"
EXPANSION_FACES = {"railway_flak": RAILWAY_FLAK, "quad_flak": QUAD_FLAK, "acoustic_mirror": ACOUSTIC_MIRROR}
# §3.5 T7: the Mosquito cannot destroy these.
INDESTRUCTIBLE = (SHELTER, SMOKE)

# §2.6 exact tile mix [IT §3]: (number of tiles, red face, grey face)
TILE_MIX = (
    (6, FLAK, FIRE_ENGINE),
    (3, SEARCHLIGHT, FIRE_ENGINE),
    (2, RADAR, SHELTER),
    (6, RADAR, FUEL_TRUCK),
    (5, FLAK, BALLOON),
    (5, SEARCHLIGHT, SHELTER),
    (8, SEARCHLIGHT, SMOKE),
    (5, FLAK, SHELTER),
)


def new_tiles() -> dict:
    """The 40 tiles ``t01``…``t40`` in mix order, unplaced."""
    tiles, n = {}, 0
    for count, red, grey in TILE_MIX:
        for _ in range(count):
            n += 1
            tiles[f"t{n:02d}"] = {"red": red, "grey": grey, "face": None, "hex": None, "destroyed": False}
    return tiles


def units_in_hex(state: dict, hex_id: int, face: str, intact_only: bool = True) -> list[str]:
    return [
        tid for tid, t in state["tiles"].items()
        if t["hex"] == hex_id and t["face"] == face and not (intact_only and t["destroyed"])
    ]


def count(state: dict, hex_id: int, face: str) -> int:
    return len(units_in_hex(state, hex_id, face))


def airfield_capacity(state: dict, hex_id: int) -> int:
    """§4.3.8: 1 + intact fuel trucks."""
    return 1 + count(state, hex_id, FUEL_TRUCK)


def check_unit_hex(board: Board, face: str, hex_id: int) -> None:
    """Where a ground unit may stand: on the board, not on a British/sea hex (§3.5 G2), a fire
    engine in a city (G3), a fuel truck at a German airfield (A-22)."""
    if hex_id not in board.grid:
        reject("hex_not_on_board", f"hex {hex_id} is not on the board")
    if hex_id in board.brit_hexes:
        reject("ground_unit_forbidden_hex", f"hex {hex_id} is a British/sea hex (§3.5 G2)")
    if face == FIRE_ENGINE and not board.is_city(hex_id):
        reject("fire_engine_not_in_city", f"fire engine in hex {hex_id} without a city (§3.5 G3)")
    if face == FUEL_TRUCK and not board.has_german_airfield(hex_id):
        reject("fuel_truck_not_at_airfield", f"fuel truck in hex {hex_id} without a German airfield (A-22)")


def unit_hexes(board: Board, face: str) -> list[int]:
    """Every hex where a unit showing ``face`` may stand (:func:`check_unit_hex`), for clients
    that offer only legal hexes."""
    out = []
    for hex_id in board.hex_ids:
        try:
            check_unit_hex(board, face, hex_id)
        except RuleViolationError:
            continue
        out.append(hex_id)
    return out


def validate_placements(state: dict, board: Board, placements, expected_count: int) -> list[dict]:
    """§3.5 G1–G6; returns the placements normalised to ``[{tile, face, hex}]``."""
    if not isinstance(placements, list) or not all(isinstance(p, dict) for p in placements):
        reject("malformed_command", "placements must be a list of {tile, face, hex}")
    if len(placements) != expected_count:
        reject("wrong_unit_count", f"place exactly {expected_count} ground units, not {len(placements)}")
    tiles = state["tiles"]
    seen, out = set(), []
    for p in placements:
        tid, face, hex_id = p.get("tile"), p.get("face"), p.get("hex")
        if not isinstance(hex_id, int) or isinstance(hex_id, bool):
            reject("malformed_command", "each placement needs an integer hex")
        if tid not in tiles:
            reject("unknown_tile", f"no tile {tid!r}")
        if tid in seen:
            reject("tile_used_twice", f"tile {tid} placed twice")
        seen.add(tid)
        tile = tiles[tid]
        special = face in enabled_expansion_faces(state)
        if special and any(q["face"] == face for q in out):
            reject("tile_face_invalid", f"only one {face} (it replaces one ground unit, A-23)")
        if face not in (tile["red"], tile["grey"]) and not special:
            reject("tile_face_invalid", f"tile {tid} has faces {tile['red']}/{tile['grey']}, not {face!r}")
        if state["setup"]["red_faces_only"] and face != tile["red"] and not special:
            reject("tile_face_invalid", "this game uses the red (basic) faces only")
        check_unit_hex(board, face, hex_id)
        permanent = state["shelters"].get(tid)
        if permanent is not None and (face != SHELTER or hex_id != permanent):
            reject("shelter_moved", f"civil shelter {tid} must stay in hex {permanent} (RULING C-28)")
        if permanent is None and face == SHELTER and state["night"] > 1:
            reject("shelter_added", "no new civil shelter may appear after the first night (RULING C-28)")
        out.append({"tile": tid, "face": face, "hex": hex_id})
    missing_shelters = set(state["shelters"]) - seen
    if missing_shelters:
        reject("shelter_moved", f"civil shelters {sorted(missing_shelters)} must stay on the board (C-28)")
    _check_fuel_trucks(state, out)
    return out


def enabled_expansion_faces(state: dict) -> list[str]:
    return [face for option, face in EXPANSION_FACES.items() if state["setup"][option]]


def fuel_trucks_needed(state: dict) -> dict[int, int]:
    """§3.5 G5: an airfield holding n > 1 fighters from phase 1 needs n − 1 fuel trucks."""
    fighters: dict[int, int] = {}
    for f in state["fighters"].values():
        if f["state"] == "ground":
            fighters[f["hex"]] = fighters.get(f["hex"], 0) + 1
    return {hex_id: n - 1 for hex_id, n in fighters.items() if n > 1}


def _check_fuel_trucks(state: dict, placements: list[dict]) -> None:
    trucks: dict[int, int] = {}
    for p in placements:
        if p["face"] == FUEL_TRUCK:
            trucks[p["hex"]] = trucks.get(p["hex"], 0) + 1
    for hex_id, n in fuel_trucks_needed(state).items():
        if trucks.get(hex_id, 0) < n:
            reject("fuel_trucks_missing", f"airfield {hex_id} holds {n + 1} fighters and needs {n} fuel trucks")
