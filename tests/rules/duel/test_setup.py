"""Setup options (spec §12 parameters, §11.4 boards): organisers may supply a board of the same
format; an invalid setup is refused by ``validate_setup`` and by ``initial_state``."""
import json

import pytest

from systems.duel.rules import SYSTEM
from systems.duel.rules.board import DEFAULT_BOARD_PATH

from .support import apply, to_duel


def fly_route_without_defence(state):
    while SYSTEM.to_move(state):
        side = SYSTEM.to_move(state)[0]
        if state["step"] == "mosquito":
            cmd = {"type": "WaitMosquito"}
        elif side == "german":
            cmd = {"type": "EndGermanTurn"}
        else:
            cmd = {"type": "AdvanceBomber", "altitude": "HIGH"} if not state["bomber"]["taken_off"] else {"type": "AdvanceBomber"}
        state, _ = apply(state, side, cmd)
    return state


def test_custom_board_from_setup():
    board = json.loads(DEFAULT_BOARD_PATH.read_text())
    board["name"] = "organiser board"
    next(h for h in board["hexes"] if h["id"] == 11)["city"]["vp"] = 21
    assert SYSTEM.validate_setup({"board": board}) is None
    state = fly_route_without_defence(to_duel(setup={"board": board}))
    assert state["board_key"].startswith("sha256:")
    assert SYSTEM.outcome(state)["score"] == 21
    assert json.loads(json.dumps(state)) == state


def test_default_board_scores_emden_13():
    assert SYSTEM.outcome(fly_route_without_defence(to_duel()))["score"] == 13


def test_initial_state_records_options_and_refuses_bad_setups():
    state = SYSTEM.initial_state({"nights": 3, "max_route_cards": 12}, None)
    assert state["setup"]["nights"] == 3 and state["setup"]["max_route_cards"] == 12
    assert state["setup"]["mode"] == "standard" and state["setup"]["crosswind_fuel_cost"] == 2
    with pytest.raises(ValueError, match="unknown_option"):
        SYSTEM.initial_state({"wind": "E"}, None)


def test_crosswind_cost_is_a_parameter_a32():
    state = to_duel(setup={"crosswind_fuel_cost": 3})
    state, _ = apply(state, "british", {"type": "WaitMosquito"})
    state, _ = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["E"], "altitude": "LOW"})
    assert state["fighters"]["red"]["fuel"] == 12 - 3


def test_max_route_cards_is_a_parameter():
    from .support import EMDEN_PLAN
    state = SYSTEM.initial_state({"weather_card": 12, "max_route_cards": 5}, None)
    state, _ = apply(state, "german", {"type": "PlaceFighters", "placements": {"red": 18, "green": 4, "yellow": 24, "blue": 11}})
    state, _ = apply(state, "british", {"type": "DrawWeather"})
    assert SYSTEM.decide(state, dict({"type": "CommitRoute"}, **EMDEN_PLAN), "british", None).code == "route_too_long"


def test_legal_actions_are_accepted_by_decide():
    """Every complete command offered in the phase-6 steps of a night is accepted."""
    from .support import dice
    state = to_duel()
    for _ in range(6):
        side = SYSTEM.to_move(state)[0]
        actions = [a for a in SYSTEM.legal_actions(state, side) if not a.get("template")]
        for a in actions:
            assert isinstance(SYSTEM.decide(state, a, side, dice()), list), a
        state, _ = apply(state, side, actions[-1])
