"""Test vectors for ground radar, jamming, GCI, MEW and passive devices
(docs/rules/nightfighter-solo.md §6 TV05, TV06, TV12, TV14, TV15, TV16, TV18)."""
import pytest

from systems.nightfighter.rules.uncertainty import level, token_area

from .builders import add_bomber, fighter, night, of_type, refused, run

FREYA = {"id": "FREYA", "kind": "standard", "search": 2, "jamming": "none"}
WURZBURG = {"id": "WURZ", "kind": "standard", "search": 1, "jamming": "none"}
GCI = {"id": "GCI", "kind": "gci", "search": 1, "jamming": "none"}
MEW = {"id": "MEW", "kind": "mew", "search": 1, "jamming": "none"}


def search(state, source, token, dice):
    return run(state, {"type": "assign_searches", "searches": [{"source": source, "token": token}]}, dice)


def radar_night(*radars, fighters=()):
    return night(list(fighters), radars=radars, phase="radar")


@pytest.mark.parametrize("displacement, hex_, area", [
    (1, 1014, [914, 915, 1014, 1015, 1114, 1115]),
    (3, 1114, [1013, 1014, 1114, 1115, 1213, 1214]),
])
def test_tv05_freya_narrows_medium_to_low_by_displacement(displacement, hex_, area):
    state = add_bomber(radar_night(FREYA), "B1", [1115])
    events, state = search(state, "FREYA", "B1", [5, displacement])
    resolved = of_type(events, "search_resolved")[0]
    assert (resolved["total"], resolved["success"]) == (3, True)
    assert state["tokens"]["B1"]["hex"] == hex_ and level(state, "B1") == "LOW"
    assert sorted(token_area(state, "B1")) == area
    assert of_type(events, "phase_started")[-1]["phase"] == "ai"


def test_tv05_variant_search_4_does_nothing():
    state = add_bomber(radar_night(FREYA), "B1", [1115])
    events, state = search(state, "FREYA", "B1", [4])
    assert not of_type(events, "search_resolved")[0]["success"] and level(state, "B1") == "MEDIUM"


@pytest.mark.parametrize("other_level, dice, success", [("MEDIUM", [5], False), ("HIGH", [5, 1], True)])
def test_tv05_crowding_by_non_high_token_within_4(other_level, dice, success):
    state = add_bomber(radar_night(FREYA), "B1", [1115])
    state = add_bomber(state, "B2", [1118] if other_level == "MEDIUM" else [1118, 415])
    events, _ = search(state, "FREYA", "B1", dice)
    resolved = of_type(events, "search_resolved")[0]
    assert resolved["crowd"] == (1 if other_level == "MEDIUM" else 0) and resolved["success"] is success


@pytest.mark.parametrize("with_b2, dice, located", [(True, [6, 4], True), (True, [5], False), (False, [5, 4], True)])
def test_tv06_search_1_locates_low_bomber(with_b2, dice, located):
    state = add_bomber(radar_night(WURZBURG), "B1", [1115], level="LOW")
    state["bombers"]["B1"]["track"] = "under"
    if with_b2:
        state = add_bomber(state, "B2", [1119])
    events, state = search(state, "WURZ", "B1", dice)
    assert of_type(events, "search_resolved")[0]["success"] is located
    if located:
        assert state["tokens"]["B1"]["hex"] == 1116 and state["bombers"]["B1"]["track"] == "on"
        assert level(state, "B1") == "NONE"


def test_tv06_track_kept_without_die_or_withdrawn_when_not_tracked():
    state = add_bomber(radar_night(WURZBURG), "B1", [1119], level="NONE")
    events, kept = search(state, "WURZ", "B1", [])
    assert of_type(events, "search_resolved")[0]["keeps_track"] and kept["bombers"]["B1"]["track"] == "on"
    events, dropped = run(state, {"type": "end_phase"}, [])
    assert dropped["bombers"]["B1"]["track"] == "under" and level(dropped, "B1") == "LOW"
    assert dropped["tokens"]["B1"]["hex"] == 1119


@pytest.mark.parametrize("jamming, die, removed", [("light", 2, True), ("light", 3, False),
                                                   ("heavy", 4, True), ("heavy", 5, False)])
def test_tv12_ground_jamming(jamming, die, removed):
    state = add_bomber(radar_night({**FREYA, "jamming": jamming}), "B1", [1115])
    events, _ = search(state, "FREYA", "B1", [die] if removed else [die, 1])
    assert of_type(events, "jamming_check")[0]["removed"] is removed
    assert bool(of_type(events, "search_resolved")) is not removed


def test_tv12_all_jamming_rolls_come_before_first_resolution():
    state = add_bomber(radar_night({**FREYA, "jamming": "light"}, {**WURZBURG, "id": "W2", "jamming": "heavy"}),
                       "B1", [1115])
    state = add_bomber(state, "B2", [415])
    events, _ = run(state, {"type": "assign_searches", "searches": [{"source": "FREYA", "token": "B1"},
                                                                    {"source": "W2", "token": "B2"}]}, [3, 5, 1, 1])
    types = [e.type for e in events if e.type in ("jamming_check", "search_resolved")]
    assert types == ["jamming_check", "jamming_check", "search_resolved", "search_resolved"]


def test_tv14_unjammed_gci_uses_higher_of_two_dice():
    state = add_bomber(radar_night(GCI), "B1", [1115])
    events, state = search(state, "GCI", "B1", [2, 4, 6])
    assert of_type(events, "search_resolved")[0]["total"] == 3
    assert state["tokens"]["B1"]["hex"] == 1215 and level(state, "B1") == "LOW"


def test_tv14_lightly_jammed_gci_is_an_ordinary_radar_without_jamming_roll():
    state = add_bomber(radar_night({**GCI, "jamming": "light"}), "B1", [1115])
    events, _ = search(state, "GCI", "B1", [2])
    assert of_type(events, "jamming_check") == [] and of_type(events, "search_resolved")[0]["total"] == 1


def test_tv14_heavily_jammed_gci_loses_marker_on_2():
    state = add_bomber(radar_night({**GCI, "jamming": "heavy"}), "B1", [1115])
    events, _ = search(state, "GCI", "B1", [2])
    assert of_type(events, "jamming_check")[0]["removed"]


def test_tv14_gci_tests_the_bombers_other_tokens_by_ascending_hex():
    state = add_bomber(radar_night(GCI), "Z", [1115, 415, 1715])
    events, state = search(state, "GCI", "Z1", [4, 3])
    tests = of_type(events, "phantom_test")
    assert [(t["token"], t["n"], t["result"]) for t in tests] == [("Z1", 3, "phantom"), ("Z2", 2, "bomber")]
    assert [state["tokens"][t]["state"] for t in ("Z1", "Z2", "Z3")] == ["removed", "on_map", "removed"]
    assert level(state, "Z") == "MEDIUM" and of_type(events, "search_resolved")[0].get("dice") is None


def test_tv15_mew_displaces_medium_without_search_die():
    state = add_bomber(radar_night(MEW), "B1", [1115])
    _, state = search(state, "MEW", "B1", [4])
    assert state["tokens"]["B1"]["hex"] == 1116 and level(state, "B1") == "LOW"


def test_tv15_mew_locates_low_and_tracks():
    state = add_bomber(radar_night(MEW), "B1", [1115], level="LOW")
    _, state = search(state, "MEW", "B1", [2])
    assert state["tokens"]["B1"]["hex"] == 1015 and state["bombers"]["B1"]["track"] == "on"


def test_tv15_mew_tests_every_high_bomber_on_the_map():
    state = add_bomber(radar_night(MEW), "A", [1115, 415])
    state = add_bomber(state, "B", [909, 1509])
    events, state = search(state, "MEW", "A1", [5, 1])
    assert [(t["token"], t["result"]) for t in of_type(events, "phantom_test")] == [("A1", "phantom"), ("B1", "bomber")]
    assert level(state, "A") == "MEDIUM" and state["tokens"]["B2"]["state"] == "removed"


def flensburg_night():
    return radar_night(fighters=[fighter("F1", "Ju88G-1", 1113, devices=["flensburg", "naxos"])])


def test_tv16_flensburg_locates_even_outside_the_arc_afterwards():
    state = add_bomber(flensburg_night(), "B1", [916])
    events, state = search(state, ["F1", "flensburg"], "B1", [4, 1])
    assert of_type(events, "search_resolved")[0]["total"] == 3
    assert state["tokens"]["B1"]["hex"] == 815 and level(state, "B1") == "LOW"


def test_tv16_flensburg_target_outside_wide_arc_is_refused():
    state = add_bomber(flensburg_night(), "B1", [915])
    assert refused(state, {"type": "assign_searches", "searches": [{"source": ["F1", "flensburg"], "token": "B1"}]}) \
        == "not_in_wide_arc"


@pytest.mark.parametrize("device, total, success", [("naxos", 3, True), ("flensburg", 2, False)])
def test_tv16_naxos_ignores_crowding(device, total, success):
    state = add_bomber(flensburg_night(), "B1", [1115], h2s=True)
    state = add_bomber(state, "B2", [1117])
    events, _ = search(state, ["F1", device], "B1", [4, 1] if success else [4])
    resolved = of_type(events, "search_resolved")[0]
    assert (resolved["total"], resolved["success"]) == (total, success)


def test_tv16_naxos_needs_h2s():
    state = add_bomber(flensburg_night(), "B1", [1115])
    assert refused(state, {"type": "assign_searches", "searches": [{"source": ["F1", "naxos"], "token": "B1"}]}) \
        == "not_h2s"


def test_tv18_search_1_location_off_the_map_takes_bomber_out_of_play():
    state = add_bomber(radar_night(WURZBURG), "B3", [115], level="LOW")
    events, state = search(state, "WURZ", "B3", [6, 1])
    assert of_type(events, "location_roll")[0]["offmap"]
    assert of_type(events, "bomber_escaped")[0]["bomber"] == "B3"
    assert state["bombers"]["B3"]["status"] == "escaped"


def test_freya_on_low_is_refused_and_markers_are_one_per_source_and_token():
    state = add_bomber(radar_night(FREYA, WURZBURG), "B1", [1115], level="LOW")
    command = {"type": "assign_searches", "searches": [{"source": "FREYA", "token": "B1"}]}
    assert refused(state, command) == "search_value_too_high"
    twice = [{"source": "WURZ", "token": "B1"}, {"source": "WURZ", "token": "B1"}]
    assert refused(state, {"type": "assign_searches", "searches": twice}) == "source_already_used"
    assert refused(state, {"type": "assign_searches", "searches": [{"source": "X", "token": "B1"}]}) == "unknown_radar"


def test_tv06_next_turn_flight_then_wurzburg_keeps_track_without_die():
    state = night([fighter("F1", "Visual fighter", 1320)], radars=[WURZBURG], phase="combat")
    state = add_bomber(state, "B1", [1116], level="NONE")
    state["bombers"]["B9"] = dict(state["bombers"]["B1"], status="scheduled", entry_turn=20, tokens=[])
    _, state = run(state, {"type": "end_phase"}, [])
    assert state["tokens"]["B1"]["hex"] == 1119 and state["bombers"]["B1"]["track"] == "on"
    _, state = run(state, {"type": "move_fighter", "fighter": "F1", "path": ["F"]}, [])
    _, state = run(state, {"type": "end_movement"}, [])
    events, state = search(state, "WURZ", "B1", [])
    assert of_type(events, "search_resolved")[0]["keeps_track"] and level(state, "B1") == "NONE"
