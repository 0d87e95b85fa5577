"""Combat details of docs/rules/303.md "Combat": firing order, fly-through and its [RULING]s, the bomber."""
import pytest

from systems.battle303.rules import SYSTEM
from tests.rules.battle303.scenarios import HIT, MISS, arrange, hex_of, rejection, run, status_of


def _declare(state, fighter, target, shots=1, path=()):
    return run(state, state["side"], {"type": "move", "fighter": fighter, "path": list(path),
                                      "shots": shots, "target": target})[0]


def test_all_declared_attacks_resolve_in_the_fixed_order_even_on_a_destroyed_target():
    state = arrange({"raf1": 505, "raf2": 406, "lw1": 506}, )
    state = _declare(state, "raf1", "lw1", shots=2)
    state = _declare(state, "raf2", "lw1", shots=1)
    state, events = run(state, "raf", {"type": "fire", "order": ["raf2", "raf1"]}, faces=[HIT, HIT, MISS])
    attacks = [e.payload for e in events if e.type == "AttackResolved"]
    assert [a["attacker"] for a in attacks] == ["raf2", "raf1"]
    assert [a["target_status"] for a in attacks] == ["damaged", "destroyed"]
    assert hex_of(state, "raf2") == 607  # 406 → 506 is SE, so beyond is 607
    assert hex_of(state, "raf1") == 507


def test_the_firing_order_is_offered_open_as_a_template_with_two_attackers():
    """Any order of the declared attackers is legal: besides the declaration order, the engine offers a
    template naming the attackers, whose example is complete (the play page lets them be clicked in turn)."""
    state = arrange({"raf1": 505, "raf2": 406, "lw1": 506}, )
    state = _declare(state, "raf1", "lw1", shots=2)
    assert [a for a in SYSTEM.legal_actions(state, "raf") if a.get("template")] == []  # one attacker: no choice
    state = _declare(state, "raf2", "lw1", shots=1)
    legal = SYSTEM.legal_actions(state, "raf")
    assert {"type": "fire", "order": ["raf1", "raf2"]} in legal
    [open_order] = [a for a in legal if a.get("template")]
    assert open_order["type"] == "fire" and sorted(open_order["choices"]["order"]) == ["raf1", "raf2"]
    assert open_order["example"] == {"type": "fire", "order": ["raf1", "raf2"]}
    _, events = run(state, "raf", dict(open_order["example"], order=["raf2", "raf1"]), faces=[HIT, HIT, MISS])
    assert [e.payload["attacker"] for e in events if e.type == "AttackResolved"] == ["raf2", "raf1"]


def test_attack_on_an_already_destroyed_target_still_rolls_and_flies_through():
    state = arrange({"raf1": 505, "raf2": 406, "lw1": 506}, damaged=("lw1",))
    state = _declare(state, "raf1", "lw1")
    state = _declare(state, "raf2", "lw1")
    state, events = run(state, "raf", {"type": "fire", "order": ["raf1", "raf2"]}, faces=[HIT, HIT])
    second = [e.payload for e in events if e.type == "AttackResolved"][1]
    assert second["rolls"] == [HIT] and second["target_status"] == "destroyed"
    assert hex_of(state, "raf2") == 607


def test_flythrough_uses_the_named_free_neighbour_when_the_opposite_hex_is_taken():
    state = arrange({"raf1": 505, "lw1": 506, "lw2": 507})
    state = _declare(state, "raf1", "lw1")
    state, _ = run(state, "raf", {"type": "fire", "order": ["raf1"], "flythrough": {"raf1": 406}}, faces=[MISS])
    assert hex_of(state, "raf1") == 406


def test_flythrough_ruling_default_first_free_neighbour_clockwise_from_the_opposite_hex():
    # 506 seen from 505 is E; beyond (507) taken; clockwise from E: SE=607 taken, SW=606 free.
    state = arrange({"raf1": 505, "lw1": 506, "lw2": 507, "lw3": 607})
    state = _declare(state, "raf1", "lw1")
    state, _ = run(state, "raf", {"type": "fire", "order": ["raf1"]}, faces=[MISS])
    assert hex_of(state, "raf1") == 606


def test_flythrough_ruling_counterclockwise_parameter():
    # counter-clockwise from E: NE=407 is the first free one.
    state = arrange({"raf1": 505, "lw1": 506, "lw2": 507, "lw3": 607},
                    flythrough_fallback="counterclockwise")
    state = _declare(state, "raf1", "lw1")
    state, _ = run(state, "raf", {"type": "fire", "order": ["raf1"]}, faces=[MISS])
    assert hex_of(state, "raf1") == 407


def _surrounded(**params):
    ring = {"lw2": 507, "lw3": 607, "lw4": 606, "lw5": 407, "raf2": 406}
    state = arrange({"raf1": 505, "lw1": 506, **ring}, **params)
    state = _declare(state, "raf1", "lw1")
    return run(state, "raf", {"type": "end_moves"})[0]


def test_flythrough_ruling_default_stays_when_no_neighbour_of_the_target_is_free():
    state, _ = run(_surrounded(), "raf", {"type": "fire", "order": ["raf1"]}, faces=[MISS])
    assert hex_of(state, "raf1") == 505


def test_flythrough_ruling_nearest_free_parameter():
    state, _ = run(_surrounded(flythrough_blocked="nearest_free"), "raf",
                   {"type": "fire", "order": ["raf1"]}, faces=[MISS])
    assert hex_of(state, "raf1") == 508  # beyond 507, the first hex of the next ring searched from E


def test_bomber_shoots_one_adjacent_raf_fighter_and_never_flies_through():
    state = arrange({"bomber": 506, "lw1": 808, "raf1": 505}, side="luftwaffe", phase="C")
    state, events = run(state, "luftwaffe", {"type": "fire", "order": ["bomber"], "bomber_target": "raf1"},
                        faces=[HIT])
    assert status_of(state, "raf1") == "damaged"
    assert hex_of(state, "bomber") == 506 and state["phase"] == "D"


@pytest.mark.parametrize("bomber_shots, faces, status", [(1, [HIT], "damaged"), (2, [HIT, HIT], "destroyed"),
                                                         (2, [MISS, HIT], "damaged")])
def test_bomber_shots_ruling_parameter(bomber_shots, faces, status):
    state = arrange({"bomber": 506, "lw1": 808, "raf1": 505}, side="luftwaffe", phase="C",
                    bomber_shots=bomber_shots)
    state, _ = run(state, "luftwaffe", {"type": "fire", "order": ["bomber"], "bomber_target": "raf1"}, faces=faces)
    assert status_of(state, "raf1") == status


def test_german_fighter_and_bomber_fire_in_the_order_the_luftwaffe_fixes():
    state = arrange({"bomber": 506, "lw1": 405, "raf1": 505}, side="luftwaffe")
    state = _declare(state, "lw1", "raf1", shots=2)
    state, events = run(state, "luftwaffe", {"type": "fire", "order": ["bomber", "lw1"], "bomber_target": "raf1"},
                        faces=[HIT, HIT, MISS])
    assert [e.payload["attacker"] for e in events if e.type == "AttackResolved"] == ["bomber", "lw1"]
    assert status_of(state, "raf1") == "destroyed"
    assert hex_of(state, "lw1") == 606  # 405 → 505 is SE; beyond is 606


def test_two_hits_on_the_bomber_from_one_fighter_destroy_it():
    state = arrange({"bomber": 506, "raf1": 505})
    state = _declare(state, "raf1", "bomber", shots=3)
    state, _ = run(state, "raf", {"type": "fire", "order": ["raf1"]}, faces=[HIT, MISS, HIT])
    assert SYSTEM.outcome(state)["winner"] == "raf" and status_of(state, "bomber") == "destroyed"


def test_repair_is_optional_and_only_on_own_airfields():
    state = arrange({"lw1": 1104, "lw2": 1105, "raf1": 203}, side="luftwaffe", phase="A",
                    damaged=("lw1", "lw2", "raf1"))
    assert [a["fighters"] for a in SYSTEM.legal_actions(state, "luftwaffe")] == [["lw1"], []]
    assert rejection(state, "luftwaffe", {"type": "repair", "fighters": ["lw2"]}) == "not_repairable"
    state, _ = run(state, "luftwaffe", {"type": "repair", "fighters": []})
    assert status_of(state, "lw1") == "damaged" and state["phase"] == "B"


def test_phase_a_is_skipped_when_nothing_can_be_repaired():
    state = SYSTEM.initial_state({}, None)
    assert (state["round"], state["side"], state["phase"]) == (1, "luftwaffe", "B")


@pytest.mark.parametrize("hit_faces, face, status", [([4, 5, 6], 4, "damaged"), ([4, 5, 6], 3, "intact"),
                                                     ([1, 2, 3], 3, "damaged"), ([1, 2, 3], 4, "intact")])
def test_a_shot_hits_on_the_hit_faces_parameter(hit_faces, face, status):
    state = arrange({"raf1": 505, "lw1": 506}, hit_faces=hit_faces)
    state = _declare(state, "raf1", "lw1")
    state, _ = run(state, "raf", {"type": "fire", "order": ["raf1"]}, faces=[face])
    assert status_of(state, "lw1") == status
