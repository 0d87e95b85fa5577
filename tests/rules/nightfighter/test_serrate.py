"""Scenario 7 adaptation: Serrate sweep and targeted mode, cup draws, visual reveal
(docs/rules/nightfighter-solo.md §1.17 "7", §3.13.2 H18)."""
import pytest

from systems.nightfighter.rules.uncertainty import level

from .builders import add_bomber, fighter, night, of_type, refused, run


def hs7(phase="radar"):
    state = night([fighter("F1", "Mosquito NF.XIII", 1110, devices=["serrate"])], options={"opt_7": True},
                  phase=phase, visibility="poor")
    for bomber_id, hex_ in (("C1", 1115), ("C2", 1125), ("C3", 212)):
        state = add_bomber(state, bomber_id, [hex_])
        state["bombers"][bomber_id]["contact"] = True
    return state


SWEEP = {"type": "assign_searches", "searches": [{"source": ["F1", "serrate_sweep"]}]}


def test_sweep_checks_each_contact_in_the_wide_arc_range_ignored():
    # C1 (1115) and C2 (1125) lie in the arc; C3 (0212) does not. C1: 5 reveals, cup 1 of 30 → Ju88.
    events, state = run(hs7(), SWEEP, [5, 1, 4])
    assert [c["token"] for c in of_type(events, "serrate_check")] == ["C1", "C2"]
    assert of_type(events, "cup_draw")[0]["k"] == 30
    assert state["bombers"]["C1"]["type"] == "Ju88" and not state["bombers"]["C1"]["contact"]
    assert state["cup"] == {"ju88": 1, "other": 28}


def test_sweep_reveal_of_other_counter_removes_contact():
    events, state = run(hs7(), SWEEP, [6, 30, 1])
    assert of_type(events, "contact_revealed")[0]["as"] == "other"
    assert state["bombers"]["C1"]["status"] == "dismissed" and state["tokens"]["C1"]["state"] == "removed"


def test_targeted_mode_needs_revealed_ju88_and_excludes_sweep():
    state = hs7()
    targeted = {"source": ["F1", "serrate_targeted"], "token": "C1"}
    assert refused(state, {"type": "assign_searches", "searches": [targeted]}) == "not_revealed_ju88"
    _, state = run(state, SWEEP, [5, 1, 4])
    state["phase"] = "radar"
    assert refused(state, {"type": "assign_searches", "searches": [{"source": ["F1", "serrate_sweep"]}, targeted]}) \
        == "serrate_mode_conflict"


@pytest.mark.parametrize("other_hex, crowd", [(1118, 1), (1125, 0)])
def test_targeted_mode_searches_like_radar_with_its_own_crowding(other_hex, crowd):
    state = hs7()
    _, state = run(state, SWEEP, [5, 1, 4])
    state["tokens"]["C2"]["hex"] = other_hex
    state["phase"] = "radar"
    events, state = run(state, {"type": "assign_searches",
                                "searches": [{"source": ["F1", "serrate_targeted"], "token": "C1"}]},
                        [4, 1] if crowd == 0 else [4])
    resolved = of_type(events, "search_resolved")[0]
    assert resolved["crowd"] == crowd and resolved["total"] == 4 - 1 - crowd
    assert (level(state, "C1") == "LOW") is (crowd == 0)


def test_visual_tally_reveals_contact_ju88_keeps_tally():
    state = hs7(phase="tally")
    state["fighters"]["F1"]["hex"] = 1115
    events, state = run(state, {"type": "tally", "fighter": "F1", "token": "C1"}, [6, 3, 5, 2])
    assert of_type(events, "contact_revealed")[0]["as"] == "Ju88"
    assert state["fighters"]["F1"]["tally"] == "C1"


def test_visual_tally_on_other_counter_removes_it_without_tally():
    state = hs7(phase="tally")
    state["fighters"]["F1"]["hex"] = 1115
    _, state = run(state, {"type": "tally", "fighter": "F1", "token": "C1"}, [6, 3, 5, 29])
    assert state["fighters"]["F1"]["tally"] is None and state["bombers"]["C1"]["status"] == "dismissed"
