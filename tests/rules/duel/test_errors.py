"""Spec §10.6: every rule violation has its own machine code (one test per code)."""
import pytest

from systems.duel.rules import SYSTEM

from .support import EMDEN_PLAN, apply, layout, rejected, to_duel


def fresh(setup=None):
    return SYSTEM.initial_state(setup or {"weather_card": 12}, None)


def at_planning(fighters=None):
    state = fresh()
    state, _ = apply(state, "german", {"type": "PlaceFighters",
                                        "placements": fighters or {"red": 18, "green": 4, "yellow": 24, "blue": 11}})
    state, _ = apply(state, "british", {"type": "DrawWeather"})
    return state


def at_ground_units(fighters=None):
    state, _ = apply(at_planning(fighters), "british", dict({"type": "CommitRoute"}, **EMDEN_PLAN))
    return state


def plan(**changes):
    return dict({"type": "CommitRoute"}, **dict(EMDEN_PLAN, **changes))


def route(*cards):
    return [{"dir": d, "colour": c} for d, c in cards]


@pytest.mark.parametrize("setup, code", [
    ({"colour": "red"}, "unknown_option"),
    ({"mode": "coop"}, "invalid_option"),
    ({"mode": "swap", "nights": 3}, "options_conflict"),
    ({"solo_mosquito_heuristic": True}, "options_conflict"),
    ({"weather_card": 99}, "invalid_option"),
    ({"nights": 0}, "invalid_option"),
])
def test_validate_setup_codes(setup, code):
    assert SYSTEM.validate_setup(setup).code == code


def test_validate_setup_accepts_documented_options():
    assert SYSTEM.validate_setup({"nights": 2, "mode": "standard", "weather_card": 3}) is None
    assert SYSTEM.validate_setup({"mode": "solo", "solo_mosquito_heuristic": True}) is None


def test_reserved_codes_and_turn_order():
    state = fresh()
    assert rejected(state, "german", {"type": "Fly"}).code == "unknown_command"
    assert rejected(state, "german", {"kind": "x"}).code == "malformed_command"
    assert rejected(state, "german", {"type": "PlaceFighters", "placements": [1]}).code == "malformed_command"
    assert rejected(state, "british", {"type": "DrawWeather"}).code == "not_your_turn"
    assert rejected(state, "german", {"type": "EndGermanTurn"}).code == "wrong_phase"


@pytest.mark.parametrize("placements, code", [
    ({"red": 18, "green": 4, "yellow": 24}, "fighter_count_mismatch"),
    ({"red": 18, "green": 4, "yellow": 24, "blue": 11, "ju88": 6}, "fighter_not_available"),
    ({"red": 18, "green": 4, "yellow": 24, "blue": 12}, "not_german_airfield"),
    ({"red": 18, "green": 4, "yellow": 24, "blue": 99}, "hex_not_on_board"),
])
def test_place_fighters_codes(placements, code):
    assert rejected(fresh(), "german", {"type": "PlaceFighters", "placements": placements}).code == code


@pytest.mark.parametrize("command, code", [
    (plan(takeoff_bomber=17), "not_british_airfield"),
    (plan(takeoff_mosquito=16), "same_takeoff_airfield"),
    (plan(landing_mosquito=1), "same_landing_airfield"),
    (plan(target=18), "not_a_city"),
    (plan(route=route(("NE", "red"), ("E", "red"), ("E", "red"))), "route_empty"),
    (plan(route=route(*([("E", "red")] * 8 + [("W", "green")] * 7))), "route_too_long"),
    (plan(route=route(("NW", "red"), ("NW", "red"), ("W", "green"))), "route_leaves_board"),
    (plan(route=route(("NE", "red"), ("SE", "red"), ("E", "red"), ("NW", "green"), ("W", "green"), ("W", "green"))),
     "direction_change_too_sharp"),
    (plan(route=route(("NE", "red"), ("E", "green"), ("E", "red"), ("NW", "green"), ("W", "green"), ("W", "green"))),
     "route_wrong_colour"),
    (plan(route=route(("NE", "red"), ("E", "red"), ("NW", "green"), ("W", "green"))), "route_misses_target"),
    (plan(route=route(("NE", "red"), ("E", "red"), ("E", "red"), ("SE", "red"), ("E", "red"), ("NE", "red"),
                      ("NW", "red"), ("W", "red"), ("SW", "red"), ("NW", "green"), ("W", "green"), ("W", "green"))),
     "route_enters_target_early"),
    (plan(route=route(("NE", "red"), ("E", "red"), ("E", "red"), ("NW", "green"), ("W", "green"))),
     "route_does_not_end_at_landing_airfield"),
])
def test_commit_route_codes(command, code):
    assert rejected(at_planning(), "british", command).code == code


def test_compass_inventory_code():
    state = SYSTEM.initial_state({"weather_card": 12, "compass_inventory": {
        "red": {"NE": 1, "E": 1}, "green": {"NW": 1, "W": 2}}}, None)
    state, _ = apply(state, "german", {"type": "PlaceFighters", "placements": {"red": 18, "green": 4, "yellow": 24, "blue": 11}})
    state, _ = apply(state, "british", {"type": "DrawWeather"})
    assert rejected(state, "british", plan()).code == "compass_cards_exhausted"


def units_with(*changes):
    units = layout([("fuel_truck", 11)])
    for index, new in changes:
        units[index] = dict(units[index], **new)
    return units


def test_ground_unit_codes():
    state = at_ground_units()
    cmd = lambda placements: {"type": "PlaceGroundUnits", "placements": placements}  # noqa: E731
    units = layout([])
    assert rejected(state, "german", cmd(units[:39])).code == "wrong_unit_count"
    assert rejected(state, "german", cmd(units[:39] + [dict(units[0], tile="t99")])).code == "unknown_tile"
    assert rejected(state, "german", cmd(units[:39] + [units[0]])).code == "tile_used_twice"
    flak_fire = next(u for u in units if u["tile"] == "t01")
    others = [u for u in units if u["tile"] != "t01"]
    assert rejected(state, "german", cmd(others + [dict(flak_fire, face="radar")])).code == "tile_face_invalid"
    assert rejected(state, "german", cmd(others + [dict(flak_fire, hex=17)])).code == "ground_unit_forbidden_hex"
    assert rejected(state, "german", cmd(others + [dict(flak_fire, face="fire_engine", hex=18)])).code == "fire_engine_not_in_city"
    radar_truck = next(u for u in units if u["tile"] == "t12")
    others = [u for u in units if u["tile"] != "t12"]
    assert rejected(state, "german", cmd(others + [dict(radar_truck, face="fuel_truck", hex=12)])).code == "fuel_truck_not_at_airfield"


def test_fuel_trucks_missing_for_shared_airfield():
    """§3.2 item 2 / §3.5 G5: two fighters on one airfield need one fuel truck."""
    state = at_ground_units({"red": 18, "green": 18, "yellow": 24, "blue": 11})
    assert rejected(state, "german", {"type": "PlaceGroundUnits", "placements": layout([])}).code == "fuel_trucks_missing"
    apply(state, "german", {"type": "PlaceGroundUnits", "placements": layout([("fuel_truck", 18)])})


def test_red_faces_only_rejects_grey_faces():
    state = SYSTEM.initial_state({"weather_card": 12, "red_faces_only": True}, None)
    state, _ = apply(state, "german", {"type": "PlaceFighters", "placements": {"red": 18, "green": 4, "yellow": 24, "blue": 11}})
    state, _ = apply(state, "british", {"type": "DrawWeather"})
    state, _ = apply(state, "british", plan())
    assert rejected(state, "german", {"type": "PlaceGroundUnits", "placements": layout([("smoke_screen", 12)])}).code == "tile_face_invalid"


def test_deployment_must_match_plan():
    state = at_ground_units()
    state, _ = apply(state, "german", {"type": "PlaceGroundUnits", "placements": layout([])})
    assert rejected(state, "british", {"type": "DeployBritish", "bomber": 8}).code == "deployment_does_not_match_plan"


def test_mosquito_codes():
    state = to_duel(units=layout([("smoke_screen", 24), ("civil_shelter", 24), ("flak", 24)]))
    assert rejected(state, "british", {"type": "MoveMosquito", "to": 17}).code == "altitude_required"
    assert rejected(state, "british", {"type": "MoveMosquito", "to": 17, "altitude": "TOP"}).code == "invalid_altitude"
    assert rejected(state, "british", {"type": "MoveMosquito", "to": 19, "altitude": "LOW"}).code == "mosquito_too_far"
    assert rejected(state, "british", {"type": "MoveMosquito", "to": 77, "altitude": "LOW"}).code == "hex_not_on_board"
    assert rejected(state, "british", {"type": "MoveMosquito", "to": 8, "land": True}).code == "mosquito_not_airborne"
    up, _ = apply(state, "british", {"type": "MoveMosquito", "to": 24, "altitude": "HIGH"})
    assert rejected(up, "british", {"type": "DropTokens", "bombs": [{"target": "airfield", "count": 2}]}).code == "bombs_require_low_altitude"
    assert rejected(up, "british", {"type": "DropTokens", "markers": 1}).code == "markers_not_on_city"
    state2, _ = apply(up, "british", {"type": "EndMosquitoTurn"})
    assert rejected(state2, "british", {"type": "WaitMosquito"}).code == "not_your_turn"


def test_mosquito_bombing_codes():
    state = to_duel(units=layout([("smoke_screen", 24), ("civil_shelter", 24), ("flak", 24), ("flak", 25)]))
    low, _ = apply(state, "british", {"type": "MoveMosquito", "to": 24, "altitude": "LOW"})
    view = SYSTEM.view(low, "british")
    tiles = {u["face"]: u["tile"] for u in view["ground_units"] if u["hex"] == 24}
    elsewhere = next(u["tile"] for u in view["ground_units"] if u["hex"] == 25)
    drop = lambda *bombs, markers=0: {"type": "DropTokens", "bombs": list(bombs), "markers": markers}  # noqa: E731
    assert rejected(low, "british", drop({"target": tiles["flak"], "count": 1})).code == "bombs_insufficient_for_smoke"
    assert rejected(low, "british", drop({"target": tiles["flak"], "count": 3})).code == "bombs_exceed_needed"
    assert rejected(low, "british", drop({"target": "airfield", "count": 1})).code == "bombs_insufficient_for_smoke"
    assert rejected(low, "british", drop({"target": tiles["civil_shelter"], "count": 2})).code == "target_indestructible"
    assert rejected(low, "british", drop({"target": tiles["smoke_screen"], "count": 2})).code == "target_indestructible"
    assert rejected(low, "british", drop({"target": elsewhere, "count": 2})).code == "target_not_in_hex"
    assert rejected(low, "british", drop({"target": "airfield", "count": 2}, {"target": "airfield", "count": 2})).code == "target_listed_twice"
    assert rejected(low, "british", drop({"target": "airfield", "count": 5}, {"target": tiles["flak"], "count": 2})).code == "no_tokens_left"
    other = to_duel()
    other, _ = apply(other, "british", {"type": "MoveMosquito", "to": 17, "altitude": "LOW"})
    assert rejected(other, "british", drop({"target": "airfield", "count": 1})).code == "no_airfield_in_hex"


def test_mosquito_landing_codes():
    state = to_duel()
    state, _ = apply(state, "british", {"type": "MoveMosquito", "to": 16, "altitude": "HIGH"})
    state, _ = apply(state, "british", {"type": "EndMosquitoTurn"})
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    state, _ = apply(state, "british", {"type": "AdvanceBomber", "altitude": "HIGH"})
    assert rejected(state, "british", {"type": "MoveMosquito", "to": 16, "land": True}).code == "landing_airfield_not_committed"
    assert rejected(state, "british", {"type": "WaitMosquito"}).code == "mosquito_already_airborne"
    state, _ = apply(state, "british", {"type": "MoveMosquito", "to": 8, "land": True})
    while "british" not in SYSTEM.to_move(state) or state["step"] != "mosquito":
        side = SYSTEM.to_move(state)[0]
        state, _ = apply(state, side, {"type": "EndGermanTurn"} if side == "german" else {"type": "AdvanceBomber"})
        if SYSTEM.outcome(state):
            break
    assert state["mosquito"]["state"] == "landed"


def german_turn(state):
    state, _ = apply(state, "british", {"type": "MoveMosquito", "to": 17, "altitude": "HIGH"})
    state, _ = apply(state, "british", {"type": "EndMosquitoTurn"})
    return state


def test_fighter_codes():
    state = german_turn(to_duel())  # wind NW (card 12)
    mv = lambda f, path, alt="LOW", land=False: {"type": "MoveFighter", "fighter": f, "path": path, "altitude": alt, "land": land}  # noqa: E731
    assert rejected(state, "german", mv("red", ["E", "E", "E"])).code == "too_many_hexes"
    assert rejected(state, "german", mv("red", ["E", "E"])).code == "two_hex_move_needs_tailwind"
    assert rejected(state, "german", mv("red", ["E"], "HIGH")).code == "takeoff_climb_not_allowed"
    assert rejected(state, "german", mv("red", [], land=True)).code == "takeoff_not_allowed"
    assert rejected(state, "german", mv("red", ["E"], land=True)).code == "no_german_airfield"
    assert rejected(state, "german", mv("ghost", [])).code == "fighter_not_available"
    assert rejected(state, "german", {"type": "LandFighter", "fighter": "red"}).code == "fighter_not_airborne"
    moved, _ = apply(state, "german", mv("red", ["E"]))
    assert rejected(moved, "german", mv("red", [])).code == "fighter_already_acted"
    assert rejected(moved, "german", {"type": "MoveFighter", "fighter": "green", "path": [], "altitude": "MID"}).code == "invalid_altitude"


def test_airfield_full_when_landing_next_to_a_grounded_fighter():
    """§4.3.8: capacity 1 without fuel trucks; a second fighter cannot land."""
    state = german_turn(to_duel(fighters={"red": 18, "green": 25, "yellow": 24, "blue": 11}))
    code = rejected(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["SW"], "land": True}).code
    assert code == "airfield_full"


def test_fuel_exhausted_and_must_land():
    state = german_turn(to_duel(setup={"fuel_max": {"red": 2}}))
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": [], "altitude": "HIGH"})
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    state, _ = apply(state, "british", {"type": "AdvanceBomber", "altitude": "HIGH"})
    state = german_turn(state) if state["step"] == "mosquito" and state["mosquito"]["state"] == "waiting" else state
    if state["step"] == "mosquito":
        state, _ = apply(state, "british", {"type": "MoveMosquito", "to": state["mosquito"]["hex"], "altitude": "HIGH"})
        state, _ = apply(state, "british", {"type": "EndMosquitoTurn"})
    assert state["fighters"]["red"]["fuel"] == 0
    assert rejected(state, "german", {"type": "MoveFighter", "fighter": "red", "path": [], "altitude": "LOW"}).code == "must_land"
    fuelled = german_turn(to_duel(setup={"fuel_max": {"red": 1}}))
    code = rejected(fuelled, "german", {"type": "MoveFighter", "fighter": "red", "path": [], "altitude": "HIGH"}).code
    assert code == "fuel_exhausted"


def test_bomber_altitude_codes():
    state = german_turn(to_duel())
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    assert rejected(state, "british", {"type": "AdvanceBomber"}).code == "altitude_required"
    assert rejected(state, "british", {"type": "AdvanceBomber", "altitude": "UP"}).code == "invalid_altitude"
    state, _ = apply(state, "british", {"type": "AdvanceBomber", "altitude": "HIGH"})
    state, _ = apply(state, "british", {"type": "EndMosquitoTurn"} if state["step"] == "mosquito_drop" else
                     {"type": "MoveMosquito", "to": 17, "altitude": "HIGH"})
    if state["step"] == "mosquito_drop":
        state, _ = apply(state, "british", {"type": "EndMosquitoTurn"})
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    assert rejected(state, "british", {"type": "AdvanceBomber", "altitude": "LOW"}).code == "altitude_fixed"


def test_mosquito_landed_code_and_takeoff_blocked_after_british_are_down():
    """A-05/A-06 and ``mosquito_landed``: play the Emden route with the Mosquito landing early."""
    state = to_duel()
    state, _ = apply(state, "british", {"type": "MoveMosquito", "to": 16, "altitude": "HIGH"})
    state, _ = apply(state, "british", {"type": "EndMosquitoTurn"})
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "yellow", "path": [], "altitude": "LOW"})
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    state, _ = apply(state, "british", {"type": "AdvanceBomber", "altitude": "HIGH"})
    state, _ = apply(state, "british", {"type": "MoveMosquito", "to": 8, "land": True})
    assert rejected(state, "british", {"type": "MoveMosquito", "to": 9, "altitude": "LOW"}).code in ("not_your_turn", "mosquito_landed")
    from systems.duel.rules.mosquito import plan_mosquito_move
    from systems.duel.rules.board import board_of
    from systems.kit.contract import RuleViolationError
    with pytest.raises(RuleViolationError) as err:
        plan_mosquito_move(state, board_of(state), {"to": 8, "altitude": "LOW"})
    assert err.value.violation.code == "mosquito_landed"
    while state["bomber"]["landed"] is False:
        side = SYSTEM.to_move(state)[0]
        state, _ = apply(state, side, {"type": "EndGermanTurn"} if side == "german" else {"type": "AdvanceBomber"})
    assert SYSTEM.to_move(state) == ["german"]
    code = rejected(state, "german", {"type": "MoveFighter", "fighter": "red", "path": [], "altitude": "LOW"}).code
    assert code == "takeoff_not_allowed"


def test_must_return_home_after_the_bomber_lands():
    """A-05: once the Bomber is down and no fighter flies, the Mosquito must close on LM by 2."""
    state = to_duel()
    state, _ = apply(state, "british", {"type": "MoveMosquito", "to": 31, "altitude": "HIGH"})
    state, _ = apply(state, "british", {"type": "EndMosquitoTurn"})
    while not state["bomber"]["landed"]:
        side = SYSTEM.to_move(state)[0]
        if state["step"] == "mosquito":
            state, _ = apply(state, side, {"type": "MoveMosquito", "to": 31, "altitude": "HIGH"})
            state, _ = apply(state, side, {"type": "EndMosquitoTurn"})
        else:
            state, _ = apply(state, side, {"type": "EndGermanTurn"} if side == "german" else
                             {"type": "AdvanceBomber", "altitude": "HIGH"} if not state["bomber"]["taken_off"] else
                             {"type": "AdvanceBomber"})
    state, _ = apply(state, "british", {"type": "MoveMosquito", "to": 31, "altitude": "HIGH"})
    state, _ = apply(state, "british", {"type": "EndMosquitoTurn"})
    assert not state["mosquito"]["must_return"]
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    assert state["mosquito"]["must_return"]
    assert rejected(state, "british", {"type": "MoveMosquito", "to": 32, "altitude": "HIGH"}).code == "must_return_home"


def test_land_fighter_without_airfield_is_refused_while_fuel_lasts_a36():
    state = german_turn(to_duel())
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["E"], "altitude": "LOW"})
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    state, _ = apply(state, "british", {"type": "AdvanceBomber", "altitude": "HIGH"})
    state = german_turn(state)
    assert rejected(state, "german", {"type": "LandFighter", "fighter": "red"}).code == "no_german_airfield"


def test_no_command_after_the_game_ended():
    from .policies import play
    from .support import dice
    final, _ = play(SYSTEM, fresh(), dice)
    assert SYSTEM.to_move(final) == [] and SYSTEM.legal_actions(final, "german") == []
    assert rejected(final, "german", {"type": "EndGermanTurn"}).code == "game_over"
