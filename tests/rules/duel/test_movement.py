"""Spec §4.2–§4.4: movement, fuel and wind (costs 1/2/3, 2-hex tailwind moves, take-off climb,
landing and refuelling), the Mosquito's moves and the Bomber driven by its route."""
import pytest

from systems.duel.rules import SYSTEM

from .support import apply, rejected, to_duel


def german_turn(state, mosquito_to=31, altitude="HIGH"):
    state, _ = apply(state, "british", {"type": "MoveMosquito", "to": mosquito_to, "altitude": altitude})
    state, _ = apply(state, "british", {"type": "EndMosquitoTurn"})
    return state


def next_german_turn(state, mosquito_to=None):
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    cmd = {"type": "AdvanceBomber"} if state["bomber"]["taken_off"] else {"type": "AdvanceBomber", "altitude": "HIGH"}
    state, _ = apply(state, "british", cmd)
    return german_turn(state, mosquito_to or state["mosquito"]["hex"])


@pytest.mark.parametrize("fighter, path, altitude, cost", [
    ("red", [], "LOW", 1),            # take off, stay LOW
    ("red", [], "HIGH", 2),           # take off, climb to HIGH
    ("red", ["NW"], "LOW", 1),        # tailwind (card 12: wind NW)
    ("red", ["SE"], "LOW", 3),        # headwind
    ("red", ["E"], "LOW", 2),         # crosswind A-32
    ("red", ["W"], "LOW", 2),
    ("yellow", ["NW", "NW"], "HIGH", 2),  # 2 hexes downwind, may end HIGH (C-13)
])
def test_fuel_costs(fighter, path, altitude, cost):
    state = german_turn(to_duel())
    fuel = state["fighters"][fighter]["fuel"]
    if fighter == "yellow":
        state = german_turn(to_duel(fighters={"red": 18, "green": 4, "yellow": 40, "blue": 11}))
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": fighter, "path": path, "altitude": altitude})
    assert state["fighters"][fighter]["fuel"] == fuel - cost
    assert state["fighters"][fighter]["altitude"] == altitude


def test_hover_costs_1_and_altitude_may_change():
    state = german_turn(to_duel())
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": [], "altitude": "LOW"})
    state = next_german_turn(state)
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": [], "altitude": "HIGH"})
    assert state["fighters"]["red"]["fuel"] == 12 - 1 - 1 and state["fighters"]["red"]["altitude"] == "HIGH"


def test_two_hex_move_triggers_the_mosquito_in_its_first_hex():
    """§4.3.5: a 2-hex move interacts with both hexes (C-10)."""
    state = german_turn(to_duel(fighters={"red": 18, "green": 4, "yellow": 40, "blue": 11}), mosquito_to=31)
    state["mosquito"]["hex"] = 33  # 40 → NW 33 → NW 25
    state, events = apply(state, "german", {"type": "MoveFighter", "fighter": "yellow", "path": ["NW", "NW"], "altitude": "HIGH"})
    assert state["fighters"]["yellow"]["hex"] == 25
    assert [e.type for e in events] == ["FighterTookOff", "FighterMoved", "MosquitoEngaged"]
    state, events = apply(state, "german", {"type": "EndGermanTurn"})
    assert [e.payload["amount"] for e in events if e.type == "VictoryPoints"] == [1]


def test_landing_refuels_and_take_off_is_next_turn():
    state = german_turn(to_duel())
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["SW"], "altitude": "LOW"})
    state = next_german_turn(state)
    state, events = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["E"], "land": True})
    assert state["fighters"]["red"] | {} == dict(state["fighters"]["red"], state="ground", hex=26, fuel=12, altitude="GROUND")
    assert rejected(state, "german", {"type": "MoveFighter", "fighter": "red", "path": [], "altitude": "LOW"}).code \
        == "fighter_already_acted"
    state = next_german_turn(state)
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": [], "altitude": "HIGH"})
    assert state["fighters"]["red"]["state"] == "airborne"


def test_idle_airborne_fighter_hovers_at_end_of_turn_d1():
    state = german_turn(to_duel())
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": [], "altitude": "LOW"})
    state = next_german_turn(state)
    state, events = apply(state, "german", {"type": "EndGermanTurn"})
    assert state["fighters"]["red"]["fuel"] == 10
    assert any(e.type == "FighterMoved" and e.payload.get("automatic") for e in events)


def test_mosquito_moves_up_to_two_hexes_and_sets_altitude_after_moving():
    state = to_duel()
    state, events = apply(state, "british", {"type": "MoveMosquito", "to": 17, "altitude": "LOW"})
    assert events[0].payload == {"from": 23, "to": 17, "altitude": "LOW", "took_off": True}
    state, _ = apply(state, "british", {"type": "EndMosquitoTurn"})
    state = next_german_turn(state, mosquito_to=17)
    assert state["mosquito"]["altitude"] == "HIGH"  # a 0-hex move may change altitude (M4)


def test_waiting_mosquito_and_bomber_follow_the_route():
    state = to_duel()
    state, _ = apply(state, "british", {"type": "WaitMosquito"})
    assert state["step"] == "german" and state["mosquito"]["state"] == "waiting"
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    state, events = apply(state, "british", {"type": "AdvanceBomber", "altitude": "LOW"})
    card = next(e for e in events if e.type == "CompassCardRevealed")
    assert card.payload == {"move_no": 1, "dir": "NE", "colour": "red"}
    assert state["bomber"]["hex"] == 9 and state["bomber"]["altitude"] == "LOW"
    assert state["step"] == "mosquito"  # the waiting Mosquito still has turns (A-04)


def test_night_ends_when_everyone_is_down():
    state = to_duel()
    n = 0
    while SYSTEM.to_move(state):
        side = SYSTEM.to_move(state)[0]
        if state["step"] == "mosquito":
            cmd = {"type": "WaitMosquito"}
        elif side == "german":
            cmd = {"type": "EndGermanTurn"}
        else:
            cmd = {"type": "AdvanceBomber", "altitude": "HIGH"} if not state["bomber"]["taken_off"] else {"type": "AdvanceBomber"}
        state, _ = apply(state, side, cmd)
        n += 1
    assert state["bomber"]["landed"] and state["bomber"]["hex"] == 1 and state["round"] == 6
    assert SYSTEM.outcome(state)["winner"] == "british"  # Emden 13, nothing against it
