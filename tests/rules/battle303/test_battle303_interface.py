"""The contract surface of the 303 engine: registry, setup, view, legal_actions (contract.py; docs/rules/303.md)."""
import copy

from systems.battle303.rules import SYSTEM
from systems.battle303.rules.board import load_default_board
from systems.registry import get_system
from tests.rules.battle303.scenarios import arrange, run


def test_registered_as_303_with_both_sides():
    assert get_system("303") is SYSTEM
    assert (SYSTEM.name, SYSTEM.sides, SYSTEM.ruleset_version) == ("303", ("luftwaffe", "raf"), "303/2")


def test_initial_state_follows_the_board_start_and_parameter_defaults():
    state = SYSTEM.initial_state({}, None)
    view = SYSTEM.view(state, "raf")
    tokens = {t["id"]: t for t in view["tokens"]}
    assert tokens["bomber"]["hex"] == 1105 and tokens["bomber"]["kind"] == "bomber"
    assert [tokens[f"lw{i}"]["hex"] for i in range(1, 6)] == [1103, 1104, 1106, 1107, 1005]
    assert [tokens[f"raf{i}"]["hex"] for i in range(1, 5)] == [203, 207, 304, 306]
    assert not any(t["damaged"] or t["destroyed"] for t in view["tokens"])
    assert view["reinforcements_left"] == 2 and view["round"] == 1 and view["side_to_move"] == "luftwaffe"
    assert state["parameters"] == {"bomber_shots": 1, "flythrough_fallback": "clockwise",
                                   "flythrough_blocked": "stay", "hit_faces": [4, 5, 6]}


def test_setup_board_replaces_the_default_board():
    board = copy.deepcopy(load_default_board())
    board["name"] = "303/custom"
    board["start"]["luftwaffe"]["bomber"] = 1109
    view = SYSTEM.view(SYSTEM.initial_state({"board": board}, None), None)
    assert view["board"]["name"] == "303/custom"
    assert next(t for t in view["tokens"] if t["id"] == "bomber")["hex"] == 1109


def test_view_is_the_same_for_every_viewer_and_shows_attacks_and_dice():
    state = arrange({"raf1": 505, "raf2": 203, "lw1": 506})
    state, _ = run(state, "raf", {"type": "move", "fighter": "raf1", "path": [], "shots": 2, "target": "lw1"})
    view = SYSTEM.view(state, "raf")
    assert view["declared_attacks"] == [{"attacker": "raf1", "target": "lw1", "shots": 2}]
    assert view["moved"] == ["raf1"] and view["phase"] == "B" and view["phase_label"] == "fighter movement"
    assert {k: v for k, v in SYSTEM.view(state, None).items() if k != "viewer"} == \
        {k: v for k, v in SYSTEM.view(state, "referee").items() if k != "viewer"}
    state, _ = run(state, "raf", {"type": "end_moves"})
    state, _ = run(state, "raf", {"type": "fire", "order": ["raf1"]}, faces=[6, 2])
    assert SYSTEM.view(state, "luftwaffe")["last_dice"] == [
        {"attacker": "raf1", "target": "lw1", "rolls": [6, 2], "hits": [True, False]}]
    assert next(t for t in SYSTEM.view(state, None)["tokens"] if t["id"] == "lw1")["damaged"] is True


def test_legal_moves_offer_shots_only_up_to_three_minus_hexes_moved():
    state = arrange({"raf1": 505, "lw1": 506, "raf2": 203})
    legal = SYSTEM.legal_actions(state, "raf")
    assert SYSTEM.legal_actions(state, "luftwaffe") == []
    stay_shots = sorted(a.get("shots", 0) for a in legal if a.get("fighter") == "raf1" and a["path"] == [])
    assert stay_shots == [0, 1, 2, 3]
    for action in legal:
        if action["type"] == "move":
            assert action.get("shots", 0) <= 3 - len(action["path"])
            assert 506 not in action["path"]
    assert {"type": "end_moves"} in legal


def test_legal_moves_of_a_damaged_fighter_have_no_shots():
    state = arrange({"raf1": 505, "lw1": 506}, damaged=("raf1",))
    assert all("shots" not in a for a in SYSTEM.legal_actions(state, "raf"))


def test_legal_bomber_moves_reach_at_most_two_hexes_around_tokens():
    state = arrange({"bomber": 505, "raf1": 506}, side="luftwaffe", phase="D")
    paths = [a["path"] for a in SYSTEM.legal_actions(state, "luftwaffe")]
    assert [] in paths and all(len(p) <= 2 and 506 not in p for p in paths)
    ends = {p[-1] if p else 505 for p in paths}
    # 507 lies straight behind the token on 506: its only 2-hex path passes through 506
    assert ends == {505, 405, 406, 504, 604, 605, 606,
                    304, 305, 306, 404, 407, 503, 604, 607, 704, 705, 706}
