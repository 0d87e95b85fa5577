"""The German bot's ground defences over sampled plans (systems/duel/bots/defences.py, spec §3.5,
§5.2, §5.3): every tile placed once with one of its faces on a hex that face may stand on, and
with the target spread over every city, no city is left bare."""
from systems.duel.bots.defences import place
from systems.duel.rules.board import load_board
from systems.duel.rules.ground_units import FLAK, SEARCHLIGHT, SHELTER, new_tiles, unit_hexes

BOARD = load_board()


def choices() -> dict:
    tiles = new_tiles()
    faces = {f for t in tiles.values() for f in (t["red"], t["grey"])}
    return {"tiles": {tid: [t["red"], t["grey"]] for tid, t in tiles.items()}, "count": len(tiles),
            "hexes_by_face": {f: unit_hexes(BOARD, f) for f in faces}, "expansion_faces": [],
            "red_faces_only": False, "fixed_shelters": {}, "fuel_trucks_needed": {}}


def plans_to_every_city():
    """One straight-in plan per city: the route enters only its target."""
    cities = sorted(BOARD.cities)
    return [[c] for c in cities], cities


def test_every_tile_is_placed_once_on_a_hex_its_face_may_stand_on():
    futures, targets = plans_to_every_city()
    placed = place(choices(), futures, targets)
    tiles = choices()["tiles"]
    assert sorted(p["tile"] for p in placed) == sorted(tiles)
    for p in placed:
        assert p["face"] in tiles[p["tile"]]
        assert p["hex"] in choices()["hexes_by_face"][p["face"]]


def test_no_city_that_may_be_the_target_is_left_bare():
    futures, targets = plans_to_every_city()
    placed = place(choices(), futures, targets)
    defended = {p["hex"] for p in placed if p["face"] in (FLAK, SEARCHLIGHT, SHELTER)}
    assert set(BOARD.cities) <= defended


def test_flak_goes_where_the_plans_run_and_searchlights_join_it():
    futures, targets = [[20, 27]] * 5 + [[20, 32]] * 5, [27] * 5 + [32] * 5
    placed = place(choices(), futures, targets)
    flak_at = {p["hex"] for p in placed if p["face"] == FLAK}
    lights_at = {p["hex"] for p in placed if p["face"] == SEARCHLIGHT}
    assert flak_at <= {20, 27, 32} and 20 in flak_at
    assert lights_at & flak_at


def test_a_night_it_does_not_handle_is_left_to_the_traffic_heuristic():
    c = choices()
    c["fixed_shelters"] = {"t01": 5}
    assert place(c, [[5]], [5]) is None
