"""The eight test vectors of docs/rules/303.md ("Test vectors"), one test (or small family) each."""
from systems.battle303.rules import SYSTEM
from tests.rules.battle303.scenarios import HIT, MISS, arrange, hex_of, rejection, run, status_of


def test_vector_1_three_shots_miss_hit_hit_destroys_and_flies_through():
    state = arrange({"raf1": 505, "lw1": 506})
    state, _ = run(state, "raf", {"type": "move", "fighter": "raf1", "path": [], "shots": 3, "target": "lw1"})
    assert state["phase"] == "C"
    state, events = run(state, "raf", {"type": "fire", "order": ["raf1"]}, faces=[MISS, HIT, HIT])
    attack = next(e for e in events if e.type == "AttackResolved")
    assert attack.payload["hits"] == [False, True, True]
    assert status_of(state, "lw1") == "destroyed" and hex_of(state, "lw1") is None
    assert hex_of(state, "raf1") == 507  # the hex beyond 506 seen from 505 (east)


def test_vector_1_first_hit_only_damages():
    state = arrange({"raf1": 505, "lw1": 506})
    state, _ = run(state, "raf", {"type": "move", "fighter": "raf1", "path": [], "shots": 3, "target": "lw1"})
    state, _ = run(state, "raf", {"type": "fire", "order": ["raf1"]}, faces=[MISS, HIT, MISS])
    assert status_of(state, "lw1") == "damaged"
    assert hex_of(state, "raf1") == 507


def _two_fighters_at_the_bomber():
    state = arrange({"bomber": 506, "raf1": 505, "raf2": 406})
    state, _ = run(state, "raf", {"type": "move", "fighter": "raf1", "path": [], "shots": 1, "target": "bomber"})
    state, _ = run(state, "raf", {"type": "move", "fighter": "raf2", "path": [], "shots": 1, "target": "bomber"})
    return state


def test_vector_2_two_hits_from_two_fighters_destroy_the_bomber_at_once():
    state = _two_fighters_at_the_bomber()
    state, events = run(state, "raf", {"type": "fire", "order": ["raf1", "raf2"]}, faces=[HIT, HIT])
    assert SYSTEM.outcome(state) == {"winner": "raf", "reason": "bomber_destroyed"}
    assert SYSTEM.to_move(state) == []
    assert events[-1].type == "GameEnded"
    assert state["round"] == 1


def test_vector_2_one_hit_leaves_the_bomber_intact_next_turn():
    state = _two_fighters_at_the_bomber()
    state, _ = run(state, "raf", {"type": "fire", "order": ["raf1", "raf2"]}, faces=[HIT, MISS])
    assert SYSTEM.outcome(state) is None
    assert status_of(state, "bomber") == "intact"
    assert (state["round"], state["side"], state["phase"]) == (2, "luftwaffe", "C")  # bomber may shoot
    state, _ = run(state, "luftwaffe", {"type": "fire", "order": []})
    state, _ = run(state, "luftwaffe", {"type": "move_bomber", "path": []})
    assert state["bomber_hits"] == 0  # the single hit had no lasting effect
    attacker = next(t for t in ("raf1", "raf2") if hex_of(state, t) in (507, 607))
    state, _ = run(state, "raf", {"type": "move", "fighter": attacker, "path": [], "shots": 1, "target": "bomber"})
    state, _ = run(state, "raf", {"type": "end_moves"})
    state, _ = run(state, "raf", {"type": "fire", "order": [attacker]}, faces=[HIT])
    assert status_of(state, "bomber") == "intact" and SYSTEM.outcome(state) is None


def test_vector_3_two_hexes_moved_allows_one_shot_not_two():
    state = arrange({"raf1": 404, "lw1": 506})
    two_shots = {"type": "move", "fighter": "raf1", "path": [405, 505], "shots": 2, "target": "lw1"}
    assert rejection(state, "raf", two_shots) == "too_many_shots"
    state, _ = run(state, "raf", {**two_shots, "shots": 1})
    assert state["declared"] == [{"attacker": "raf1", "target": "lw1", "shots": 1, "target_hex": 506}]


def test_vector_4_damaged_fighter_cannot_declare_a_shot():
    state = arrange({"raf1": 505, "lw1": 506}, damaged=("raf1",))
    command = {"type": "move", "fighter": "raf1", "path": [], "shots": 1, "target": "lw1"}
    assert rejection(state, "raf", command) == "damaged_cannot_shoot"


def test_vector_4_damaged_fighter_on_own_airfield_is_repaired_in_phase_a():
    state = arrange({"bomber": 808, "raf1": 304}, side="luftwaffe", phase="D", damaged=("raf1",))
    state, _ = run(state, "luftwaffe", {"type": "move_bomber", "path": []})
    assert (state["side"], state["phase"]) == ("raf", "A")
    assert {"type": "repair", "fighters": ["raf1"]} in SYSTEM.legal_actions(state, "raf")
    state, _ = run(state, "raf", {"type": "repair", "fighters": ["raf1"]})
    assert status_of(state, "raf1") == "intact" and state["phase"] == "B"


def _end_of_round_3(positions, **kwargs):
    state = arrange(positions, round=3, **kwargs)
    state, _ = run(state, "raf", {"type": "end_moves"})
    return state


def test_vector_5_reinforcement_arrives_on_northolt_when_free():
    state = _end_of_round_3({"raf1": 505})
    assert state["round"] == 4 and hex_of(state, "raf5") == 203
    assert state["reserve"] == ["raf6"]


def test_vector_5_northolt_occupied_the_raf_chooses_another_free_airfield():
    state = _end_of_round_3({"raf1": 203, "raf2": 207})
    assert (state["side"], state["phase"]) == ("raf", "reinforcement")
    offered = sorted(a["hex"] for a in SYSTEM.legal_actions(state, "raf"))
    assert offered == [304, 306, 509, 701]
    assert rejection(state, "raf", {"type": "place_reinforcement", "hex": 207}) == "invalid_reinforcement_hex"
    state, _ = run(state, "raf", {"type": "place_reinforcement", "hex": 509})
    assert hex_of(state, "raf5") == 509
    assert (state["side"], state["phase"]) == ("luftwaffe", "D")  # no German fighter: B and C skipped


def test_vector_5_only_one_other_free_airfield_is_taken_without_asking():
    state = _end_of_round_3({"raf1": 203, "raf2": 207, "raf3": 304, "raf4": 306, "lw1": 509})
    assert hex_of(state, "raf5") == 701 and state["side"] == "luftwaffe"


def test_vector_5_all_airfields_occupied_the_reinforcement_is_discarded():
    state = _end_of_round_3({"raf1": 203, "raf2": 207, "raf3": 304, "raf4": 306, "lw1": 509, "lw2": 701})
    assert "raf5" not in state["tokens"] and state["reserve"] == ["raf6"]
    assert SYSTEM.view(state, None)["reinforcements_left"] == 1


def test_vector_6_bomber_enters_london_in_round_5_luftwaffe_wins_no_allied_turn():
    state = arrange({"bomber": 305, "raf1": 509}, side="luftwaffe", phase="D", round=5)
    state, events = run(state, "luftwaffe", {"type": "move_bomber", "path": [205]})
    assert SYSTEM.outcome(state) == {"winner": "luftwaffe", "reason": "bomber_reached_london"}
    assert SYSTEM.to_move(state) == [] and SYSTEM.legal_actions(state, "raf") == []
    assert [e.type for e in events] == ["BomberMoved", "GameEnded"]
    assert rejection(state, "raf", {"type": "end_moves"}) == "game_over"


def test_vector_7_round_8_allied_turn_ends_raf_wins():
    state = arrange({"bomber": 306, "raf1": 701}, round=8)
    state, _ = run(state, "raf", {"type": "end_moves"})
    assert SYSTEM.outcome(state) == {"winner": "raf", "reason": "fuel_exhausted"}


def test_vector_7_round_7_allied_turn_end_does_not_end_the_game():
    state = arrange({"bomber": 306, "raf1": 701}, round=7)
    state, _ = run(state, "raf", {"type": "end_moves"})
    assert SYSTEM.outcome(state) is None and state["round"] == 8 and state["side"] == "luftwaffe"


def test_vector_8_path_through_an_occupied_hex_is_rejected_even_to_a_free_hex():
    state = arrange({"raf1": 504, "lw1": 505})
    assert rejection(state, "raf", {"type": "move", "fighter": "raf1", "path": [505, 506]}) == "path_blocked"
    state, _ = run(state, "raf", {"type": "move", "fighter": "raf1", "path": [405, 406, 506]})
    assert hex_of(state, "raf1") == 506


def test_vector_8_bomber_path_through_an_occupied_hex_is_rejected():
    state = arrange({"bomber": 504, "raf1": 505}, side="luftwaffe", phase="D")
    assert rejection(state, "luftwaffe", {"type": "move_bomber", "path": [505, 506]}) == "path_blocked"
