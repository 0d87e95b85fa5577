"""Every rejection code of the 303 engine (decide.py docstring; docs/rules/303.md rules cited per case)."""
import pytest

from systems.battle303.rules import SYSTEM
from systems.kit.contract import RuleViolationError
from tests.rules.battle303.scenarios import arrange, rejection, run


def _raf_move_phase():
    return arrange({"raf1": 505, "raf2": 404, "lw1": 506, "lw2": 304}, damaged=("raf2",))


def _after_declaration():
    state = arrange({"raf1": 505, "raf2": 407, "lw1": 506})
    state, _ = run(state, "raf", {"type": "move", "fighter": "raf1", "path": [], "shots": 1, "target": "lw1"})
    state, _ = run(state, "raf", {"type": "move", "fighter": "raf2", "path": [], "shots": 1, "target": "lw1"})
    return state


def _luftwaffe_attack_phase():
    state = arrange({"bomber": 506, "lw1": 808, "raf1": 505}, side="luftwaffe")
    state, _ = run(state, "luftwaffe", {"type": "end_moves"})
    return state


def _move(fighter="raf1", path=(), **extra):
    return {"type": "move", "fighter": fighter, "path": list(path), **extra}


CASES = [
    # (code, state factory, side, command)
    ("unknown_command", _raf_move_phase, "raf", {"type": "loop"}),
    ("malformed_command", _raf_move_phase, "raf", {"kind": "move"}),
    ("malformed_command", _raf_move_phase, "raf", _move(path=["505"])),
    ("malformed_command", _raf_move_phase, "raf", _move(shots=1)),  # shots without target
    ("malformed_command", _raf_move_phase, "raf", _move(shots=-1, target="lw1")),
    ("not_your_turn", _raf_move_phase, "luftwaffe", {"type": "end_moves"}),
    ("not_your_turn", _raf_move_phase, "referee", {"type": "end_moves"}),
    ("wrong_phase", _raf_move_phase, "raf", {"type": "move_bomber", "path": []}),
    ("wrong_phase", _raf_move_phase, "raf", {"type": "fire", "order": []}),
    ("unknown_aircraft", _raf_move_phase, "raf", _move(fighter="spitfire")),
    ("not_your_aircraft", _raf_move_phase, "raf", _move(fighter="lw1")),
    ("aircraft_destroyed", _raf_move_phase, "raf", _move(fighter="raf3")),
    ("unknown_hex", _raf_move_phase, "raf", _move(path=[9999])),
    ("path_too_long", _raf_move_phase, "raf", _move(path=[405, 406, 407, 408])),
    ("path_not_adjacent", _raf_move_phase, "raf", _move(path=[507])),
    ("path_blocked", _raf_move_phase, "raf", _move(path=[506, 507])),  # docs/rules/303.md test vector 8
    ("hex_occupied", _raf_move_phase, "raf", _move(path=[506])),
    ("too_many_shots", _raf_move_phase, "raf", _move(path=[], shots=4, target="lw1")),
    ("too_many_shots", _raf_move_phase, "raf", _move(path=[606], shots=3, target="lw1")),
    ("damaged_cannot_shoot", _raf_move_phase, "raf", _move(fighter="raf2", path=[405], shots=1, target="lw2")),
    ("invalid_target", _raf_move_phase, "raf", _move(path=[], shots=1, target="raf2")),
    ("target_not_adjacent", _raf_move_phase, "raf", _move(path=[], shots=1, target="lw2")),
    ("not_repairable", lambda: arrange({"raf1": 505}, phase="A", damaged=("raf1",)), "raf",
     {"type": "repair", "fighters": ["raf1"]}),
    ("invalid_firing_order", _after_declaration, "raf", {"type": "fire", "order": ["raf1"]}),
    ("invalid_firing_order", _after_declaration, "raf", {"type": "fire", "order": ["raf1", "raf1"]}),
    ("bomber_cannot_shoot", _after_declaration, "raf",
     {"type": "fire", "order": ["raf1", "raf2", "bomber"], "bomber_target": "lw1"}),
    ("target_not_adjacent", lambda: arrange({"bomber": 506, "lw1": 808, "raf1": 505, "raf2": 203},
                                           side="luftwaffe", phase="C"), "luftwaffe",
     {"type": "fire", "order": ["bomber"], "bomber_target": "raf2"}),
    ("invalid_flythrough", _after_declaration, "raf",
     {"type": "fire", "order": ["raf1", "raf2"], "flythrough": {"raf1": 305}}),
    ("invalid_flythrough", _after_declaration, "raf",
     {"type": "fire", "order": ["raf1", "raf2"], "flythrough": {"lw1": 507}}),
    ("invalid_reinforcement_hex",
     lambda: arrange({"raf1": 203, "raf2": 207}, phase="reinforcement", reserve=["raf5"]), "raf",
     {"type": "place_reinforcement", "hex": 505}),
    ("game_over", lambda: run(arrange({"bomber": 305}, side="luftwaffe", phase="D"), "luftwaffe",
                              {"type": "move_bomber", "path": [205]})[0], "raf", {"type": "end_moves"}),
]


@pytest.mark.parametrize("code, make_state, side, command", CASES,
                         ids=[f"{i}-{case[0]}" for i, case in enumerate(CASES)])
def test_rejection_code(code, make_state, side, command):
    assert rejection(make_state(), side, command) == code


def test_not_a_fighter_bomber_cannot_use_the_fighter_move():
    state = arrange({"bomber": 506, "lw1": 808}, side="luftwaffe")
    assert rejection(state, "luftwaffe", _move(fighter="bomber")) == "not_a_fighter"


def test_already_moved():
    state = _raf_move_phase()
    state, _ = run(state, "raf", _move(path=[405]))
    assert rejection(state, "raf", _move(path=[404])) == "already_moved"


def test_bomber_cannot_shoot_when_bomber_shots_is_zero():
    state = arrange({"bomber": 506, "lw1": 808, "raf1": 505}, side="luftwaffe", phase="C", bomber_shots=0)
    assert rejection(state, "luftwaffe", {"type": "fire", "order": ["bomber"], "bomber_target": "raf1"}) == \
        "bomber_cannot_shoot"


def test_luftwaffe_attack_phase_waits_when_the_bomber_has_a_target():
    state = _luftwaffe_attack_phase()
    assert (state["side"], state["phase"]) == ("luftwaffe", "C")


@pytest.mark.parametrize("setup", [
    {"bomber_shots": -1}, {"bomber_shots": "1"}, {"flythrough_fallback": "random"},
    {"flythrough_blocked": "vanish"}, {"hit_faces": [7]}, {"hit_faces": []}, {"fuel": 9},
    {"board": {"name": "empty", "hexes": []}},
])
def test_invalid_setup(setup):
    with pytest.raises(RuleViolationError) as caught:
        SYSTEM.initial_state(setup, None)
    assert caught.value.violation.code == "invalid_setup"


def test_rejection_leaves_the_state_untouched():
    state = _raf_move_phase()
    before = repr(state)
    rejection(state, "raf", _move(path=[506, 507]))
    run(state, "raf", _move(path=[405]))
    assert repr(state) == before
