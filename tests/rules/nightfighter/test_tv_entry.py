"""Test vectors for entry, flight and phase order (docs/rules/nightfighter-solo.md §6 TV17, TV18,
TV22, TV23; S8.0, H2, H3)."""
from systems.nightfighter.rules import SYSTEM
from systems.nightfighter.rules.uncertainty import level

from .builders import add_bomber, night, of_type, refused, run


def scenario(bombers, options=None, **extra):
    spec = {"id": "T", "turns": 24, "kills_target": 1, "visibility": "medium", "moon": "none",
            "fighters": [{"id": "F1", "type": "Visual fighter", "hex": 1320, "facing": "N"}],
            "bombers": [{"id": f"B{i + 1}", "turn": t, **extra} for i, t in enumerate(bombers)]}
    return SYSTEM.initial_state({"scenario": spec, "options": options or {}})


def hexes(state, bomber=None):
    return sorted(t["hex"] for t in state["tokens"].values()
                  if t["state"] == "on_map" and (bomber is None or t["bomber"] == bomber))


def next_turn(state, dice=()):
    """Play a quiet turn: every fighter stays in place is not allowed, so it flies one hex and the phases pass."""
    _, state = run(state, {"type": "move_fighter", "fighter": "F1", "path": ["F"]}, [])
    _, state = run(state, {"type": "end_movement"}, [])
    for _ in range(5):
        _, state = run(state, {"type": "end_phase"}, list(dice) if state["phase"] == "combat" else [])
    return state


def test_tv17_single_bomber_enters_as_three_high_tokens_with_three_pending():
    events, state = run(scenario([1]), {"type": "start_night"}, [])
    assert hexes(state) == [403, 1003, 1603] and level(state, "B1") == "HIGH"
    assert sum(t["state"] == "pending" for t in state["tokens"].values()) == 3
    assert of_type(events, "token_entered")[0]["n"] == 6
    state = next_turn(state)
    assert hexes(state) == [303, 406, 903, 1006, 1503, 1606]


def test_tv17_next_turn_bomber_limits_first_to_three_tokens():
    _, state = run(scenario([1, 2]), {"type": "start_night"}, [])
    assert len(state["bombers"]["B1"]["tokens"]) == 3
    state = next_turn(state)
    assert hexes(state, "B2") == [303, 903, 1503]


def test_tv17_three_bombers_enter_as_medium_tokens():
    _, state = run(scenario([2, 2, 2]), {"type": "start_night"}, [])
    state = next_turn(state)
    assert hexes(state) == [303, 903, 1503] and {level(state, b) for b in ("B1", "B2", "B3")} == {"MEDIUM"}


def test_tv17_6c_empty_column_die():
    state = scenario([1, 1, 3, 3], options={"opt_6C": True})
    _, state = run(state, {"type": "start_night"}, [1])
    state = next_turn(state)
    state = next_turn(state, [4])
    assert hexes(state, "B3") + hexes(state, "B4") == [403, 1603]


def test_tv17_6c_6h_wave_1_h2s_die():
    events, state = run(scenario([1, 1], options={"opt_6C": True, "opt_6H": True}), {"type": "start_night"}, [1, 5])
    assert hexes(state) == [1003, 1603]
    h2s = of_type(events, "h2s_assigned")[0]["bomber"]
    assert state["tokens"][state["bombers"][h2s]["tokens"][0]]["hex"] == 1603


def test_tv18_low_token_on_bottom_row_flies_off_and_escapes():
    state = add_bomber(night([{"id": "F1", "type": "Visual fighter", "hex": 1320}], phase="combat"), "B1", [1127],
                       level="LOW")
    state["bombers"]["B9"] = dict(state["bombers"]["B1"], status="scheduled", entry_turn=20, tokens=[])
    events, state = run(state, {"type": "end_phase"}, [])
    assert of_type(events, "token_exited")[0]["token"] == "B1"
    assert of_type(events, "bomber_escaped")[0]["bomber"] == "B1"


def test_tv22_contrails_tokens_enter_low_and_freya_is_refused():
    spec_state = scenario([1, 1, 1], options={"contrails": True})
    spec_state["radars"] = {"FREYA": {"id": "FREYA", "kind": "standard", "search": 2, "jamming": "none"}}
    _, state = run(spec_state, {"type": "start_night"}, [])
    assert hexes(state) == [403, 1003, 1603] and {level(state, b) for b in ("B1", "B2", "B3")} == {"LOW"}
    _, state = run(state, {"type": "move_fighter", "fighter": "F1", "path": ["F"]}, [])
    _, state = run(state, {"type": "end_movement"}, [])
    assert refused(state, {"type": "assign_searches", "searches": [{"source": "FREYA", "token": "B1.1"}]}) \
        == "search_value_too_high"


def test_tv22_contrails_single_bomber_uses_low_pattern_and_becomes_single_low():
    _, state = run(scenario([1], options={"contrails": True}), {"type": "start_night"}, [])
    view = SYSTEM.view(state, "player")
    assert {t["pattern"] for t in view["tokens"] if t["state"] == "on_map"} == {"LOW"}
    from systems.kit.dice import ScriptedDice
    from systems.nightfighter.rules.journal import Journal
    from systems.nightfighter.rules.phantoms import phantom_test
    journal = Journal(state, ScriptedDice([1]))
    phantom_test(journal, "B1.1", "test")
    assert level(journal.state, "B1") == "LOW"


def hb2(options=None):
    return SYSTEM.initial_state({"scenario": "HB2", "options": options or {}})


def test_tv23_random_weather_phase_order_and_speed_by_parity():
    events, state = run(hb2(), {"type": "start_night"}, [4, 6, 2, 1])
    assert state["weather"] == {"visibility": "good", "moon": "half"}
    assert hexes(state) == [402, 1002, 1602] and events[-1].payload == {"phase": "movement", "turn": 1}
    assert refused(state, {"type": "assign_searches", "searches": []}) == "wrong_phase"
    _, state = run(state, {"type": "move_fighter", "fighter": "F1", "path": ["F"]}, [])
    events, state = run(state, {"type": "end_movement"}, [])
    assert events[-1].payload["phase"] == "radar"
    events, state = run(state, {"type": "assign_searches", "searches": []}, [])
    assert events[-1].payload["phase"] == "ai"
    for _ in range(4):
        _, state = run(state, {"type": "end_phase"}, [])
    assert hexes(state) == [303, 405, 903, 1005, 1503, 1605]
    state = next_turn(state)
    assert hexes(state) == [305, 407, 905, 1007, 1505, 1607]


def test_tv23_opt_2b_speed_two_every_turn():
    _, state = run(hb2({"opt_2B": True}), {"type": "start_night"}, [4, 6, 2, 1])
    assert hexes(state) == [402, 1002, 1602]
    state = next_turn(state)
    assert hexes(state) == [302, 404, 902, 1004, 1502, 1604]


def test_tv23_entry_window_enters_on_first_turn_a26():
    state = scenario([[5, 7]])
    assert state["bombers"]["B1"]["entry_turn"] == 5


def test_more_than_three_entrants_rejected_at_load():
    import pytest
    from systems.kit.contract import RuleViolationError
    with pytest.raises(RuleViolationError) as error:
        scenario([1, 1, 1, 1])
    assert error.value.violation.code == "schedule_invalid"
