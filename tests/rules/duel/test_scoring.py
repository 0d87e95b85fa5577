"""Spec §5: one test per scoring row (fails if its number or condition is wrong) and the §5.13
test vectors V1–V5, V10–V12.  Table rows are checked on hand-built positions through the scoring
functions; the vectors that involve a whole action run through ``decide``."""
import pytest

from systems.duel.rules.board import load_board
from systems.duel.rules.scoring import (airfield_penalty, emergency_landing, fighter_combat, flak_combat,
                                     mosquito_combat, target_bombing)

from .support import apply, layout, rejected, to_duel

BOARD = load_board()
HEX = 27  # Hannover: a German city hex without airfield
AIRFIELD = 28


def position(units=(), fighters=(), bomber_altitude="HIGH", move_no=1, moon="none", summer=False,
             clouds=(), storms=(), fog=(), markers=0, mosquito=None):
    """A phase-6 state with the given units ``[(face, hex)]``, airborne fighters ``[(id, hex, alt)]``."""
    state = to_duel(units=layout(list(units)))
    state["weather"].update(moon=moon, summer=summer, clouds=list(clouds), storms=list(storms), fog=list(fog))
    state["bomber"].update(altitude=bomber_altitude, moves_done=move_no, hex=HEX)
    for fid, hex_id, altitude in fighters:
        state["fighters"][fid].update(state="airborne", hex=hex_id, altitude=altitude)
    if markers:
        state["markers"][str(HEX)] = markers
    if mosquito:
        state["mosquito"].update(state="airborne", hex=mosquito[0], altitude=mosquito[1])
    return state


def values(reasons):
    return sorted((r["code"], r["value"]) for r in reasons)


# §5.1 Bomber v fighters ------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, expected", [
    ({}, 2 * 2),                                                 # base +2 each
    ({"units": [("radar", HEX), ("radar", HEX)]}, 2 * (2 + 2)),   # +1 per radar, to each fighter
    ({"moon": "full"}, 2 * 3),                                   # full moon +1 each
    ({"moon": "new"}, 2 * 2),                                    # new moon: no effect on fighters
    ({"summer": True, "move_no": 7}, 2 * 2),                     # summer not before move 8
    ({"summer": True, "move_no": 8}, 2 * 3),                     # summer +1 from move 8 (C-12)
    ({"clouds": [HEX]}, 2 * 1),                                  # cloud −1 each
    ({"storms": [HEX]}, 0),                                      # storm −2 each (C-01)
    ({"units": [("searchlight", HEX), ("searchlight", HEX)]}, 2 * 2 + 2),  # +S once, not per fighter
])
def test_fighter_combat_rows(kwargs, expected):
    fighters = [("red", HEX, "HIGH"), ("blue", HEX, "HIGH")]
    state = position(fighters=fighters, **kwargs)
    assert fighter_combat(state, HEX)[0] == expected


def test_fighter_lower_than_bomber_minus_one_only_when_bomber_high():
    low_fighter = [("red", HEX, "LOW")]
    assert fighter_combat(position(fighters=low_fighter), HEX)[0] == 1
    assert fighter_combat(position(fighters=low_fighter, bomber_altitude="LOW"), HEX)[0] == 2


def test_fighter_floor_per_fighter_a41():
    """A-41: storm + cloud + lower would be −3; the fighter scores 0, the searchlight still counts."""
    state = position(fighters=[("red", HEX, "LOW")], storms=[HEX], clouds=[HEX], units=[("searchlight", HEX)])
    assert fighter_combat(state, HEX)[0] == 1
    state["setup"]["fighter_combat_floor"] = False
    assert fighter_combat(state, HEX)[0] == 2 - 1 - 2 - 1 + 1
    assert fighter_combat(position(fighters=[("red", HEX, "LOW")], storms=[HEX], clouds=[HEX]), HEX)[0] == 0


def test_landed_fighters_do_not_fight():
    state = position(fighters=[("red", HEX, "HIGH")])
    state["fighters"]["red"]["state"] = "ground"
    assert fighter_combat(state, HEX) is None


# §5.2 flak -------------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, expected", [
    ({"units": [("flak", HEX)]}, 1),
    ({"units": [("flak", HEX), ("flak", HEX)]}, 2),
    ({"units": [("flak", HEX)], "bomber_altitude": "LOW"}, 3),
    ({"units": [("flak", HEX), ("searchlight", HEX), ("searchlight", HEX)]}, 3),          # V2
    ({"units": [("flak", HEX), ("flak", HEX), ("searchlight", HEX)], "bomber_altitude": "LOW"}, 2 * 4),
    ({"units": [("flak", HEX)], "moon": "full", "summer": True, "move_no": 9, "clouds": [HEX], "storms": [HEX]}, 1),  # C-29
])
def test_flak_rows(kwargs, expected):
    assert flak_combat(position(**kwargs), HEX)[0] == expected


def test_destroyed_flak_does_not_fire():
    state = position(units=[("flak", HEX)])
    tile = next(t for t in state["tiles"].values() if t["hex"] == HEX)
    tile["destroyed"] = True
    assert flak_combat(state, HEX) is None


# §5.3 target bombing ---------------------------------------------------------------------------

CITY = BOARD.cities[HEX]["vp"]  # Hannover, 18 on the default board


@pytest.mark.parametrize("kwargs, delta", [
    ({}, 0),
    ({"moon": "full"}, 3),
    ({"moon": "new"}, -3),
    ({"markers": 2}, 2),
    ({"bomber_altitude": "LOW"}, 4),
    ({"units": [("searchlight", HEX), ("searchlight", HEX)]}, -2),
    ({"units": [("fire_engine", HEX)]}, -1),
    ({"units": [("fire_engine", 19), ("fire_engine", 19)]}, -1),          # Bremen, 1 hex away: a pair
    ({"units": [("fire_engine", 19)]}, 0),                               # a single engine nearby: nothing
    ({"units": [("fire_engine", 12), ("fire_engine", 41)]}, -1),         # both at distance 2
    ({"units": [("fire_engine", 22), ("fire_engine", 22)]}, 0),          # Berlin: 3 hexes away
    ({"units": [("smoke_screen", HEX)]}, -1),
    ({"units": [("civil_shelter", HEX), ("civil_shelter", HEX)]}, -4),
    ({"fog": [HEX]}, -3),
    ({"clouds": [HEX]}, -5),
    ({"storms": [HEX]}, -7),
    ({"units": [("fire_engine", HEX), ("fire_engine", 19), ("fire_engine", 19), ("fire_engine", 12)]}, -2),  # V10
])
def test_target_bombing_rows(kwargs, delta):
    assert BOARD.dist(HEX, 19) == 1 and BOARD.dist(HEX, 12) == 2 and BOARD.dist(HEX, 41) == 2
    assert target_bombing(position(**kwargs), BOARD, HEX)[0] == CITY + delta


def test_target_bombing_has_no_floor_a44():
    state = position(moon="new", storms=[HEX], clouds=[HEX], fog=[HEX],
                     units=[("civil_shelter", HEX)] * 5)
    assert target_bombing(state, BOARD, HEX)[0] == CITY - 3 - 7 - 5 - 3 - 10 < 0


# §5.4 Mosquito combat --------------------------------------------------------------------------

@pytest.mark.parametrize("n, kwargs, expected", [
    (1, {}, 1),
    (2, {}, 2),
    (4, {}, 2),                                   # at most 2 fighters count
    (2, {"moon": "full"}, 3),                     # [IT-Ex T2]
    (3, {"moon": "full"}, 3),                     # [IT-Ex T5]
    (2, {"clouds": [17]}, 1),                     # V4
    (2, {"storms": [17]}, 0),
    (3, {"moon": "full", "low": True}, 2),        # [IT-Ex T8], C-09
    (1, {"storms": [17], "low": True}, 0),        # floor 0
    (2, {"summer": True, "move_no": 7}, 2),
    (2, {"summer": True, "move_no": 8}, 3),       # C-11: after the 8th move
])
def test_mosquito_combat_rows(n, kwargs, expected):
    low = kwargs.pop("low", False)
    state = position(mosquito=(17, "LOW" if low else "HIGH"), **kwargs)
    assert mosquito_combat(state, ["red", "green", "yellow", "blue"][:n])[0] == expected


# §5.5 take-off / landing penalties ---------------------------------------------------------------

@pytest.mark.parametrize("kwargs, bombs, expected", [
    ({}, 0, 0),
    ({"fog": [AIRFIELD]}, 0, 1),
    ({"storms": [AIRFIELD]}, 0, 1),
    ({}, 2, 2),                                                       # +1 per bomb
    ({"units": [("smoke_screen", AIRFIELD)]}, 2, 1),                  # A-28: effective bombs only
    ({"mosquito": (AIRFIELD, "LOW")}, 0, 1),                          # C-08
    ({"mosquito": (AIRFIELD, "HIGH")}, 0, 0),
    ({"mosquito": (AIRFIELD, "LOW"), "units": [("balloon_barrage", AIRFIELD)]}, 0, 0),  # C-18
    ({"mosquito": (AIRFIELD, "LOW"), "units": [("balloon_barrage", AIRFIELD)]}, 1, 1),  # balloons keep bombs
    ({"fog": [AIRFIELD], "storms": [AIRFIELD], "mosquito": (AIRFIELD, "LOW")}, 1, 4),
])
def test_airfield_penalty_rows(kwargs, bombs, expected):
    state = position(**kwargs)
    if bombs:
        state["airfield_bombs"][str(AIRFIELD)] = bombs
    assert airfield_penalty(state, AIRFIELD, "red", "take-off")[0] == expected


# §5.6 emergency landings -----------------------------------------------------------------------

def test_emergency_landing_values():
    assert emergency_landing(BOARD, 27, "red")[::2] == (2, "night")
    for hex_id in (1, 2, 3, 8, 9, 10, 16, 17, 23):
        assert emergency_landing(BOARD, hex_id, "red")[::2] == (4, "game")


def _to_german_turn(state, mosquito_to=31, altitude="HIGH"):
    state, _ = apply(state, "british", {"type": "MoveMosquito", "to": mosquito_to, "altitude": altitude})
    state, _ = apply(state, "british", {"type": "EndMosquitoTurn"})
    return state


def _next_german_turn(state):
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    cmd = {"type": "AdvanceBomber"} if state["bomber"]["taken_off"] else {"type": "AdvanceBomber", "altitude": "HIGH"}
    state, _ = apply(state, "british", cmd)
    return _to_german_turn(state, state["mosquito"]["hex"])


def test_zero_fuel_fighter_over_the_sea_ditches_for_the_game():
    """§4.3.7, §5.6: 0 fuel, next German turn: forced landing at sea → British +4, lost for the game."""
    state = _to_german_turn(to_duel(setup={"fuel_max": {"yellow": 1}}))
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "yellow", "path": ["NW"], "altitude": "LOW"})
    assert state["fighters"]["yellow"]["fuel"] == 0 and state["fighters"]["yellow"]["hex"] == 16
    state = _next_german_turn(state)
    assert rejected(state, "german", {"type": "MoveFighter", "fighter": "yellow", "path": [], "altitude": "LOW"}).code == "must_land"
    before = state["score"]
    state, events = apply(state, "german", {"type": "LandFighter", "fighter": "yellow"})
    assert state["score"] == before + 4
    assert state["fighters"]["yellow"]["state"] == "out_game" and "yellow" in state["fighters_lost"]
    assert [e.type for e in events][:2] == ["EmergencyLanding", "VictoryPoints"]


def test_zero_fuel_fighter_on_german_soil_is_out_for_the_night():
    """§5.6: +2, out for the night; landing happens at EndGermanTurn if the German forgets it."""
    state = _to_german_turn(to_duel(setup={"fuel_max": {"red": 2}}))
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["E"], "altitude": "LOW"})
    assert state["fighters"]["red"]["hex"] == 19 and state["fighters"]["red"]["fuel"] == 0
    state = _next_german_turn(state)
    before = state["score"]
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    assert state["score"] == before + 2 and state["fighters"]["red"]["state"] == "out_night"


def test_zero_fuel_fighter_on_an_airfield_lands_normally():
    state = _to_german_turn(to_duel(setup={"fuel_max": {"red": 2}}))
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["SW"], "altitude": "LOW"})
    state = _next_german_turn(state)
    state, _ = apply(state, "german", {"type": "LandFighter", "fighter": "red"})
    assert state["fighters"]["red"]["state"] == "ground" and state["fighters"]["red"]["fuel"] == 2  # refuelled to its gauge


# §5.7 Bomber weather --------------------------------------------------------------------------

def test_v1_storm_costs_british_2():
    """V1 (§5.13): marker on British 6, the Bomber flies into a storm → British 4."""
    state = _to_german_turn(to_duel())
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    state["score"] = 6
    state["weather"]["storms"] = [9]
    state, events = apply(state, "british", {"type": "AdvanceBomber", "altitude": "HIGH"})
    assert state["score"] == 4
    assert [e.payload["occasion"] for e in events if e.type == "VictoryPoints"] == ["storm"]


def test_bomber_fog_take_off_plus_1_and_landing_plus_2():
    state = _to_german_turn(to_duel())
    state["weather"]["fog"] = [16, 1]
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    state, _ = apply(state, "british", {"type": "AdvanceBomber", "altitude": "HIGH"})
    assert state["score"] == -1
    while not state["bomber"]["landed"]:
        if state["step"] == "mosquito":
            state = _to_german_turn(state, state["mosquito"]["hex"])
        state, _ = apply(state, "german", {"type": "EndGermanTurn"})
        state, events = apply(state, "british", {"type": "AdvanceBomber"})
    weather = [(v["occasion"], v["side"], v["amount"]) for v in state["vp_history"] if "fog" in v["occasion"]]
    assert weather == [("Bomber take-off in fog", "german", 1), ("Bomber landing in fog", "german", 2)]  # C-02


# §5.8 balloons, §4.2.1 bombs ---------------------------------------------------------------------

def _low_mosquito_over(units, hex_id=24):
    state = to_duel(units=layout(units))
    state, _ = apply(state, "british", {"type": "MoveMosquito", "to": hex_id, "altitude": "LOW"})
    tiles = {}
    for u in state["tiles"].items():
        if u[1]["hex"] == hex_id:
            tiles.setdefault(u[1]["face"], []).append(u[0])
    return state, tiles


def test_v11_two_balloons_neither_targeted():
    state, tiles = _low_mosquito_over([("balloon_barrage", 24), ("balloon_barrage", 24), ("flak", 24), ("radar", 24)])
    state, _ = apply(state, "british", {"type": "DropTokens", "bombs": [
        {"target": tiles["flak"][0], "count": 1}, {"target": tiles["radar"][0], "count": 1}]})
    assert state["score"] == -2


def test_v12_one_bombed_unit_is_a_balloon():
    state, tiles = _low_mosquito_over([("balloon_barrage", 24), ("balloon_barrage", 24), ("flak", 24)])
    state, _ = apply(state, "british", {"type": "DropTokens", "bombs": [
        {"target": tiles["flak"][0], "count": 1}, {"target": tiles["balloon_barrage"][0], "count": 1}]})
    assert state["score"] == -1


def test_markers_alone_do_not_trigger_balloons():
    state, _ = _low_mosquito_over([("balloon_barrage", 32)], hex_id=32)
    state, _ = apply(state, "british", {"type": "DropTokens", "markers": 2})
    assert state["score"] == 0 and state["markers"] == {"32": 2}


def test_v3_two_smoke_screens_need_three_bombs():
    state, tiles = _low_mosquito_over([("smoke_screen", 24), ("smoke_screen", 24), ("flak", 24)])
    assert rejected(state, "british", {"type": "DropTokens", "bombs": [{"target": tiles["flak"][0], "count": 2}]}).code \
        == "bombs_insufficient_for_smoke"
    state, _ = apply(state, "british", {"type": "DropTokens", "bombs": [
        {"target": tiles["flak"][0], "count": 3}, {"target": "airfield", "count": 3}]})
    assert state["tiles"][tiles["flak"][0]]["destroyed"] and state["airfield_bombs"] == {"24": 3}
    assert state["mosquito"]["tokens_left"] == 0


def test_v5_take_off_under_a_low_mosquito_nets_plus_1():
    """V5 (§5.13, C-09, C-10): take-off +1, air fight +1, LOW Mosquito −1 → British +1."""
    state = to_duel()
    state, _ = apply(state, "british", {"type": "MoveMosquito", "to": 24, "altitude": "LOW"})
    state, _ = apply(state, "british", {"type": "EndMosquitoTurn"})
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "yellow", "path": [], "altitude": "LOW"})
    assert state["score"] == 1
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    assert state["score"] == 1 + 1 - 1


def test_mosquito_entering_fighters_hex_does_not_trigger_c10():
    state = _to_german_turn(to_duel(), 17)
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["NW"], "altitude": "LOW"})
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    state, _ = apply(state, "british", {"type": "AdvanceBomber", "altitude": "HIGH"})
    state, _ = apply(state, "british", {"type": "MoveMosquito", "to": 10, "altitude": "HIGH"})
    state, _ = apply(state, "british", {"type": "EndMosquitoTurn"})
    score = state["score"]
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})  # red hovers in 10 automatically (D-1)
    assert state["score"] == score


def test_vp_events_name_every_term():
    state = position(fighters=[("red", HEX, "LOW")], units=[("radar", HEX)], moon="full")
    amount, reasons = fighter_combat(state, HEX)
    assert amount == 2 + 1 + 1 - 1
    assert values(reasons) == sorted([("5.1:base", 2), ("5.1:radar", 1), ("5.1:full_moon", 1),
                                      ("5.1:fighter_lower", -1)])
    assert all(r["per"] == {"unit": "fighter", "id": "red"} for r in reasons)


def test_option_a07_off_keeps_emergency_landed_fighters_out_for_the_game():
    state = _to_german_turn(to_duel(setup={"fuel_max": {"red": 2}, "emergency_landed_fighters_return": False}))
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["E"], "altitude": "LOW"})
    state = _next_german_turn(state)
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    assert state["fighters"]["red"]["state"] == "out_night" and state["fighters_lost"] == ["red"]
