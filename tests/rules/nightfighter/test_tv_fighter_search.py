"""Test vectors for fighters' own searches: tally, AI, advanced tally, exclusions
(docs/rules/nightfighter-solo.md §6 TV02, TV03, TV04, TV08, TV09, TV11, TV13, TV18)."""
import pytest

from .builders import add_bomber, fighter, night, of_type, refused, run


def tv02(location):
    state = add_bomber(night([fighter("F1", "Visual fighter", 1014)], visibility="good", phase="tally"),
                       "B1", [1115], level="LOW")
    return run(state, {"type": "tally", "fighter": "F1", "token": "B1"}, [2, 6, 4, location])


@pytest.mark.parametrize("location, hex_", [(1, 1014), (2, 1015)])
def test_tv02_good_visibility_tally_hits_own_or_ahead_hex(location, hex_):
    events, state = tv02(location)
    assert of_type(events, "tally_attempt")[0]["area"] == [1014, 1015]
    assert state["tokens"]["B1"]["hex"] == hex_
    assert state["bombers"]["B1"]["fixes"]["tally"] == ["F1"]
    assert state["fighters"]["F1"]["tally"] == "B1"
    assert {"bomber": "B1", "from": "LOW", "to": "NONE"} in of_type(events, "uncertainty_changed")


def test_tv02_variant_miss_excludes_visibility_set():
    events, state = tv02(3)
    assert state["tokens"]["B1"]["hex"] == 1115
    assert state["exclusions"]["B1"] == [1014, 1015]
    assert state["bombers"]["B1"]["fixes"]["tally"] == []


def tv03(dice):
    state = add_bomber(night([fighter("F1", "Me110C-4", 1214)], moon="half", phase="tally"), "B1", [1115], level="LOW")
    return run(state, {"type": "tally", "fighter": "F1", "token": "B1"}, dice)


def test_tv03_me110_rolls_four_dice_and_locates_on_5():
    events, state = tv03([1, 3, 6, 2, 5])
    assert len(of_type(events, "tally_attempt")[0]["dice"]) == 4
    assert state["tokens"]["B1"]["hex"] == 1214 and state["fighters"]["F1"]["tally"] == "B1"


def test_tv03_variant_location_4_misses_and_excludes_own_hex():
    _, state = tv03([1, 3, 6, 2, 4])
    assert state["exclusions"]["B1"] == [1214] and state["tokens"]["B1"]["hex"] == 1115


def test_tv03_variant_no_six_means_no_location_and_no_exclusion():
    events, state = tv03([1, 2, 3, 4])
    assert of_type(events, "location_roll") == [] and state["exclusions"] == {}


def tv04(dice, ai_jamming="none"):
    state = add_bomber(night([fighter("F1", "Mosquito NF.XIII", 1012)], ai_jamming=ai_jamming), "B1", [1115])
    return run(state, {"type": "ai_search", "fighter": "F1", "token": "B1"}, dice)


@pytest.mark.parametrize("dice, hex_", [([3, 2], 1016), ([2, 5], 1015)])
def test_tv04_narrow_ai_fix(dice, hex_):
    _, state = tv04(dice)
    assert state["tokens"]["B1"]["hex"] == hex_ and state["fighters"]["F1"]["ai_fix"] == "B1"


def test_tv04_miss_excludes_ai_area_and_uses_the_attempt():
    _, state = tv04([3, 4])
    assert state["exclusions"]["B1"] == [1013, 1014, 1015, 1016]
    assert refused(state, {"type": "ai_search", "fighter": "F1", "token": "B1"}) == "ai_already_used"


def tv08_state():
    state = night([fighter("F1", "Ju88G-1", 1114)])
    return add_bomber(state, "X", [1115, 415, 1715, 912])


def test_tv08_hit_then_phantom_reroll_then_bomber():
    events, state = run(tv08_state(), {"type": "ai_search", "fighter": "F1", "token": "X1"}, [3, 2, 5, 1])
    assert of_type(events, "phantom_test")[0]["result"] == "bomber"
    assert [state["tokens"][t]["state"] for t in ("X1", "X2", "X3", "X4")] == ["on_map", "removed", "removed", "removed"]
    assert state["tokens"]["X1"]["hex"] == 1016 and state["bombers"]["X"]["fixes"]["ai"] == ["F1"]


def test_tv08_variant_phantom_removes_only_tested_token_no_fix_no_exclusion():
    events, state = run(tv08_state(), {"type": "ai_search", "fighter": "F1", "token": "X1"}, [3, 2, 5, 3])
    assert of_type(events, "phantom_test")[0]["n"] == 4
    assert state["tokens"]["X1"]["state"] == "removed"
    assert [state["tokens"][t]["state"] for t in ("X2", "X3", "X4")] == ["on_map"] * 3
    assert state["exclusions"] == {} and state["fighters"]["F1"]["ai_fix"] is None


def tv09_after_ai():
    state = night([fighter("F1", "Mosquito NF.XIII", 1114)], clouds=[1115], moon="full")
    state = add_bomber(state, "B1", [1115], level="LOW")
    _, state = run(state, {"type": "ai_search", "fighter": "F1", "token": "B1"}, [1])
    return state


def test_tv09_ai_miss_excludes_area_then_tally_rerolls_excluded_hexes():
    state = tv09_after_ai()
    assert state["exclusions"]["B1"] == [1115, 1116, 1117, 1118]
    state["phase"] = "tally"
    events, state = run(state, {"type": "tally", "fighter": "F1", "token": "B1"}, [6, 1, 1, 3, 4, 5])
    assert sorted(of_type(events, "tally_attempt")[0]["area"]) == [1014, 1114, 1115, 1214]
    rolls = of_type(events, "location_roll")[0]["rolls"]
    assert [r.get("blocked_reason") for r in rolls] == ["excluded", "excluded", None]
    assert state["tokens"]["B1"]["hex"] == 1214 and state["fighters"]["F1"]["tally"] == "B1"


def test_tv09_variant_miss_adds_visibility_set_and_end_phase_clears():
    state = tv09_after_ai()
    state["phase"] = "tally"
    _, state = run(state, {"type": "tally", "fighter": "F1", "token": "B1"}, [6, 1, 1, 3, 4, 2])
    assert state["exclusions"]["B1"] == [1014, 1114, 1115, 1116, 1117, 1118, 1214]
    state["phase"] = "combat"
    events, state = run(state, {"type": "end_phase"}, [])
    assert of_type(events, "exclusions_cleared") and state["exclusions"] == {}


def tv11(visibility="medium", q_hex=1118):
    state = night([fighter("F1", "Visual fighter", 1115)], visibility=visibility, phase="tally")
    state = add_bomber(state, "P", [1115, 415, 1715])
    state = add_bomber(state, "Q", [q_hex], level="LOW")
    state["bombers"]["Q"]["fixes"]["searchlight"] = "K"
    return state


def test_tv11_basic_miss_then_advanced_tally_on_searchlight_fixed_bomber():
    state = tv11()
    events, state = run(state, {"type": "tally", "fighter": "F1", "token": "P1"}, [6, 2, 4, 1])
    assert of_type(events, "phantom_test") == [] and state["exclusions"]["P1"] == [1115]
    events, state = run(state, {"type": "advanced_tally", "fighter": "F1", "token": "Q"}, [3, 6])
    assert len(of_type(events, "tally_attempt")[0]["dice"]) == 2
    assert state["fighters"]["F1"]["tally"] == "Q"


@pytest.mark.parametrize("visibility, q_hex, dice", [("medium", 1119, None), ("good", 1120, 2), ("good", 1121, None),
                                                     ("poor", 1117, None), ("poor", 1116, 2)])
def test_tv11_advanced_tally_range_by_visibility_a27(visibility, q_hex, dice):
    state = tv11(visibility, q_hex)
    command = {"type": "advanced_tally", "fighter": "F1", "token": "Q"}
    if dice is None:
        assert refused(state, command) == "out_of_range"
    else:
        events, _ = run(state, command, [1] * dice)
        assert len(of_type(events, "tally_attempt")[0]["dice"]) == dice


def test_tv13_jammed_ai_without_six_makes_no_location_and_no_exclusion():
    events, state = tv04([3, 4], ai_jamming="light")
    assert of_type(events, "location_roll") == [] and state["exclusions"] == {}
    assert state["fighters"]["F1"]["ai_used"]


def test_tv13_jammed_ai_with_six_locates():
    _, state = tv04([6, 1, 3, 2], ai_jamming="light")
    assert state["tokens"]["B1"]["hex"] == 1016 and state["fighters"]["F1"]["ai_fix"] == "B1"


def test_tv18_location_on_occupied_hex_is_rerolled():
    state = add_bomber(night([fighter("F1", "Mosquito NF.XIII", 1114)]), "B1", [1115])
    state = add_bomber(state, "B2", [1116])
    events, state = run(state, {"type": "ai_search", "fighter": "F1", "token": "B1"}, [4, 2, 4, 4])
    assert of_type(events, "location_roll")[0]["rolls"][0]["blocked_reason"] == "occupied"
    assert state["tokens"]["B1"]["hex"] == 1117 and state["fighters"]["F1"]["ai_fix"] == "B1"


def test_ai_search_refusals():
    state = add_bomber(night([fighter("F1", "Me110C-4", 1012), fighter("F2", "Mosquito NF.XIII", 1012, facing="N")]),
                       "B1", [1115])
    assert refused(state, {"type": "ai_search", "fighter": "F1", "token": "B1"}) == "no_ai"
    assert refused(state, {"type": "ai_search", "fighter": "F2", "token": "B1"}) == "no_overlap"
    assert refused(state, {"type": "ai_search", "fighter": "F2", "token": "Z"}) == "unknown_token"
    assert refused(state, {"type": "tally", "fighter": "F2", "token": "B1"}) == "wrong_phase"
