""""Walls have ears" (docs/rules/duel-in-the-dark.md §9.2; A-70–A-72).

Optional random target (``walls_random_target``, phase 3): ``DrawTargetCrest {}`` draws a city
crest at random, ``RedrawTargetCrest {}`` once more — the second draw is final (A-71); both draws
are British-only events (``TargetCrestDrawn``) and ``CommitRoute`` must target the drawn city
(``target_not_drawn``).  Phase 5, after deployment: ``HandCrests {cities: [5 cities incl. the
target]}`` — public ``CrestsHanded`` (the target among them stays secret: it is already bound by
the route commitment); then the German re-positions up to 5 ground units
(``RepositionUnits {moves: [{tile, hex}]}``; A-70: no flipping; no civil shelter; placement rules
G2–G5).  A later re-route (3a) may choose a city outside the 5 (A-72).
"""
from __future__ import annotations

from systems.kit.contract import reject
from ..ground_units import FIRE_ENGINE, FUEL_TRUCK, SHELTER, airfield_capacity

CRESTS_HANDED = 5
MAX_REPOSITIONS = 5


def draw(em, board, command: dict, rng) -> None:
    s = em.state
    if not s["setup"]["walls_random_target"]:
        reject("option_not_enabled", "the random target crest (§9.2 optional rule) is not in use")
    redraw = command["type"] == "RedrawTargetCrest"
    if len(s["crest_draws"]) != (1 if redraw else 0):
        reject("wrong_phase", "draw once, then at most one redraw (A-71)")
    remaining = [c for c in sorted(board.cities) if c not in s["crest_draws"]]
    city = remaining[rng.randbelow(len(remaining))]
    em.emit("TargetCrestDrawn", {"city": city, "draw": len(s["crest_draws"]) + 1}, "british")


def check_target(state: dict, target: int) -> None:
    if state["setup"]["walls_random_target"] and (not state["crest_draws"] or state["crest_draws"][-1] != target):
        reject("target_not_drawn", "with the random crest rule the target is the last crest drawn (A-71)")


def hand(em, board, command: dict, rng) -> None:
    cities = command.get("cities")
    if not isinstance(cities, list) or len(cities) != CRESTS_HANDED or len(set(cities)) != CRESTS_HANDED \
            or any(c not in board.cities for c in cities) or em.state["plan"]["target"] not in cities:
        reject("crest_set_invalid", "5 distinct German cities including the target")
    em.emit("CrestsHanded", {"cities": sorted(cities)})


def reposition(em, board, command: dict, rng) -> None:
    s = em.state
    moves = command.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, dict) for m in moves):
        reject("malformed_command", "moves must be a list of {tile, hex}")
    if len(moves) > MAX_REPOSITIONS:
        reject("too_many_repositions", f"at most {MAX_REPOSITIONS} units")
    tiles = {m.get("tile") for m in moves}
    if len(tiles) != len(moves):
        reject("tile_used_twice", "each unit moves once")
    for m in moves:
        tile, hex_id = s["tiles"].get(m.get("tile")), m.get("hex")
        if tile is None or tile["hex"] is None:
            reject("unknown_tile", f"no placed unit {m.get('tile')!r}")
        if tile["face"] == SHELTER:
            reject("shelter_moved", "civil shelters are not re-positioned (C-28)")
        if not isinstance(hex_id, int) or isinstance(hex_id, bool) or hex_id not in board.grid:
            reject("hex_not_on_board", f"hex {hex_id!r} is not on the board")
        if hex_id in board.brit_hexes:
            reject("ground_unit_forbidden_hex", f"hex {hex_id} is a British/sea hex (§3.5 G2)")
        if tile["face"] == FIRE_ENGINE and not board.is_city(hex_id):
            reject("fire_engine_not_in_city", f"fire engine in hex {hex_id} without a city (§3.5 G3)")
        if tile["face"] == FUEL_TRUCK and not board.has_german_airfield(hex_id):
            reject("fuel_truck_not_at_airfield", f"fuel truck in hex {hex_id} without a German airfield (A-22)")
    after = {t: dict(u) for t, u in s["tiles"].items()}
    for m in moves:
        after[m["tile"]]["hex"] = m["hex"]
    probe = dict(s, tiles=after)
    for f in s["fighters"].values():
        if f["state"] == "ground":
            sharing = sum(1 for g in s["fighters"].values() if g["state"] == "ground" and g["hex"] == f["hex"])
            if sharing > airfield_capacity(probe, f["hex"]):
                reject("fuel_trucks_missing", f"airfield {f['hex']} holds {sharing} fighters: keep its fuel trucks")
    em.emit("UnitsRepositioned", {"moves": [{"tile": m["tile"], "hex": m["hex"]} for m in moves]})


def crest_suggestions(state: dict, board) -> list[dict]:
    target = state["plan"]["target"]
    others = [c for c in sorted(board.cities) if c != target][:CRESTS_HANDED - 1]
    return [{"type": "HandCrests", "cities": sorted(others + [target])}]


def reposition_suggestions(state: dict, board) -> list[dict]:
    crests = state["crests"] or []
    movable = [t for t, u in sorted(state["tiles"].items())
               if u["hex"] is not None and u["face"] not in (SHELTER, FUEL_TRUCK, FIRE_ENGINE)]
    moves = [{"tile": t, "hex": crests[k % len(crests)]} for k, t in enumerate(movable[:MAX_REPOSITIONS])] if crests else []
    return [{"type": "RepositionUnits", "moves": []}, {"type": "RepositionUnits", "moves": moves}]


# Folding this module's events (evolve.py joins every module's EVOLVE table)
def _crest_drawn(s, p):
    s["crest_draws"].append(p["city"])


def _crests_handed(s, p):
    s["crests"] = list(p["cities"])


def _units_repositioned(s, p):
    for m in p["moves"]:
        s["tiles"][m["tile"]]["hex"] = m["hex"]


EVOLVE = {
    "TargetCrestDrawn": _crest_drawn,
    "CrestsHanded": _crests_handed,
    "UnitsRepositioned": _units_repositioned,
}
TILE_EVENTS = frozenset({"UnitsRepositioned"})  # their handlers write to state["tiles"]
