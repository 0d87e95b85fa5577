"""Test vectors for searchlights and combat (docs/rules/nightfighter-solo.md §6 TV10, TV19, TV20;
S14.0, S17.0, S28.0, H13, H14)."""
import pytest

from systems.nightfighter.rules.uncertainty import level

from .builders import add_bomber, fighter, night, of_type, refused, run

K = {"id": "K", "kind": "radar_directed", "hexes": [1014, 1015, 1114, 1115, 1116]}
L = {"id": "L", "kind": "standard", "hexes": [1314, 1315, 1316, 1415]}


def tv10_after_ai():
    state = night([fighter("F1", "Mosquito NF.XIII", 1117, facing="N")], zones=[K, L])
    state = add_bomber(state, "Y", [1115, 415])
    events, state = run(state, {"type": "ai_search", "fighter": "F1", "token": "Y1"}, [1, 1])
    assert of_type(events, "phantom_test") == []
    assert state["exclusions"]["Y1"] == [1113, 1114, 1115, 1116]
    state["phase"] = "searchlight"
    return state


def test_tv10_searchlight_phantom_test_then_fix_in_other_zone():
    state = tv10_after_ai()
    events, state = run(state, {"type": "searchlight_search", "zone": "K", "token": "Y1"},
                        [2, 6, 2, 3, 1, 3, 4, 6, 3])
    assert of_type(events, "phantom_test")[0]["result"] == "bomber"
    assert of_type(events, "location_roll")[0]["rolls"][0]["blocked_reason"] == "excluded"
    assert state["tokens"]["Y1"]["hex"] == 1315 and state["bombers"]["Y"]["fixes"]["searchlight"] == "L"
    assert sorted(state["turn_flags"]["zones_used"]) == ["K", "L"]
    assert refused(state, {"type": "searchlight_search", "zone": "L", "token": "Y1"}) == "zone_not_eligible"


def test_tv10_variant_miss_excludes_both_zones():
    state = tv10_after_ai()
    events, state = run(state, {"type": "searchlight_search", "zone": "K", "token": "Y1"},
                        [2, 6, 2, 3, 1, 3, 4, 5, 1])
    assert not of_type(events, "location_roll")[0]["hit"]
    assert set(state["exclusions"]["Y1"]) == {1113, 1114, 1115, 1116} | set(K["hexes"]) | set(L["hexes"])
    assert state["turn_flags"]["zones_used"] == ["K"]


def test_searchlight_refusals_high_altitude_and_token_outside_zone():
    state = night(zones=[K, L], phase="searchlight")
    state = add_bomber(state, "H", [1115], altitude="high")
    state = add_bomber(state, "O", [1815])
    assert refused(state, {"type": "searchlight_search", "zone": "K", "token": "H"}) == "target_too_high"
    assert refused(state, {"type": "searchlight_search", "zone": "K", "token": "O"}) == "token_not_in_zone"
    assert refused(state, {"type": "searchlight_search", "zone": "Q", "token": "O"}) == "unknown_zone"


def tv19(follow=True):
    state = night([fighter("F1", "Visual fighter", 1320), fighter("F2", "Ju88G-1", 1318)], phase="tally",
                  options={"follow_corkscrews": follow})
    state = add_bomber(state, "B", [1320], level="NONE")
    state["bombers"]["B"]["fixes"].update(tally=["F1"], ai=["F2"])
    state["fighters"]["F1"]["tally"] = "B"
    state["fighters"]["F2"]["ai_fix"] = "B"
    return state


def test_tv19_corkscrew_followed_by_f1_only():
    events, state = run(tv19(), {"type": "end_phase"}, [1, 5, 2])
    assert [(f["fighter"], f["kept"]) for f in of_type(events, "corkscrew_follow")] == [("F1", True), ("F2", False)]
    bomber = state["bombers"]["B"]
    assert bomber["fixes"]["tally"] == ["F1"] and bomber["fixes"]["ai"] == [] and bomber["track"] == "under"
    assert level(state, "B") == "NONE" and state["tokens"]["B"]["hex"] == 1320 and state["phase"] == "combat"
    events, state = run(state, {"type": "attack", "fighter": "F1", "token": "B"}, [1, 1, 1])
    assert of_type(events, "attack_resolved")[0]["defence"] == []


def test_tv19_without_28_1_every_fix_is_lost():
    events, state = run(tv19(follow=False), {"type": "end_phase"}, [1])
    assert level(state, "B") == "LOW" and state["tokens"]["B"]["hex"] == 1320
    assert refused(state, {"type": "attack", "fighter": "F1", "token": "B"}) == "no_tally"


def tv20():
    state = night([fighter("F1", "Ju88G-1", 1320)], phase="tally")
    state = add_bomber(state, "B", [1320], level="NONE", type_="Halifax")
    state["bombers"]["B"].update(hits=1, track=None)
    state["bombers"]["B"]["fixes"]["tally"] = ["F1"]
    state["fighters"]["F1"]["tally"] = "B"
    return state


def test_tv20_combat_destroys_halifax_and_damages_fighter():
    events, state = run(tv20(), {"type": "end_phase"}, [3])
    assert of_type(events, "corkscrew") == []
    events, state = run(state, {"type": "attack", "fighter": "F1", "token": "B"}, [5, 2, 6, 1, 6, 4])
    resolved = of_type(events, "attack_resolved")[0]
    assert (resolved["hits_scored"], resolved["hits_taken"]) == (2, 1)
    assert state["bombers"]["B"]["status"] == "destroyed" and state["fighters"]["F1"]["status"] == "damaged"
    events, state = run(state, {"type": "end_phase"}, [])
    assert of_type(events, "fighter_returned") == [{"fighter": "F1"}]
    assert state["result"]["vp"] == 3 and state["result"]["kills"] == 1


@pytest.mark.parametrize("fate_die, fate, vp", [(1, "killed", -3), (3, "wounded", -1), (6, "unhurt", -1)])
def test_two_defensive_hits_destroy_fighter_and_roll_pilot_fate(fate_die, fate, vp):
    """H14/H15: fighter lost −2, pilot killed −2 more; the Halifax escapes damaged (+1)."""
    _, state = run(tv20(), {"type": "end_phase"}, [3])
    events, state = run(state, {"type": "attack", "fighter": "F1", "token": "B"}, [1, 1, 1, 1, 6, 6, fate_die])
    assert state["fighters"]["F1"]["status"] == "destroyed" and state["fighters"]["F1"]["fate"] == fate
    assert of_type(events, "bomber_damaged") == []
    _, state = run(state, {"type": "end_night"}, [])
    assert state["result"]["vp"] == vp


def test_attack_refusals():
    _, state = run(tv20(), {"type": "end_phase"}, [3])
    state["fighters"]["F1"]["hex"] = 1321
    assert refused(state, {"type": "attack", "fighter": "F1", "token": "B"}) == "not_same_hex"
