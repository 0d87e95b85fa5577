"""Campaign rules (docs/rules/nightfighter-solo.md §3.14, H21): roster, fates, promotions, replacements, rating."""
import pytest

from systems.kit.contract import RuleViolationError
from systems.nightfighter.rules.campaign import (assign_pilots, campaign_initial, campaign_standing, next_night_setup,
                                              rating, record_night)


def outcome(pilots, vp=0, kills=0):
    return {"vp": vp, "kills": kills, "won": False,
            "pilots": {f"F{i + 1}": {"pilot": p, "kills": k, "fate": fate} for i, (p, k, fate) in enumerate(pilots)}}


def test_default_roster_and_best_experience_first():
    campaign = campaign_initial()
    assert campaign["ladder"] == ["HS1", "HS2", "HS3", "HS4", "HS5", "HS6"]
    assert {p: d["level"] for p, d in campaign["pilots"].items()} == \
        {"P1": "veteran", "P2": "regular", "P3": "regular", "P4": "green"}
    setup = next_night_setup(campaign)
    assert setup["pilots"] == {"F1": {"id": "P1", "level": "veteran"}, "F2": {"id": "P2", "level": "regular"}}


def test_killed_pilot_leaves_wounded_misses_next_night_and_promotions():
    campaign = campaign_initial({"ladder": ["HS2", "HS2", "HS2"]})
    campaign = assign_pilots(campaign, {"F1": "P4", "F2": "P2"})
    campaign = record_night(campaign, outcome([("P4", 1, "unhurt"), ("P2", 0, "wounded")], vp=3, kills=1))
    assert campaign["pilots"]["P4"]["level"] == "regular"  # green → regular after 1 kill
    setup = next_night_setup(campaign)
    assert "P2" not in {p["id"] for p in setup["pilots"].values()}
    campaign = record_night(campaign, outcome([("P1", 0, "killed"), ("P3", 3, "unhurt")], vp=-4))
    assert campaign["pilots"]["P1"]["status"] == "killed"
    assert campaign["pilots"]["P3"]["level"] == "veteran"  # regular → veteran at 3 career kills
    with pytest.raises(RuleViolationError) as error:
        assign_pilots(campaign, {"F1": "P1"})
    assert error.value.violation.code == "pilot_unavailable"


def test_green_replacements_fill_empty_slots():
    campaign = campaign_initial({"ladder": ["HS2", "HS2"], "roster": [{"id": "A", "level": "ace"}]})
    setup = next_night_setup(campaign)
    assert setup["pilots"]["F1"]["id"] == "A" and setup["pilots"]["F2"] == {"id": "R1", "level": "green"}
    campaign = record_night(campaign, outcome([("A", 0, "unhurt"), ("R1", 0, "unhurt")]))
    assert campaign["pilots"]["R1"]["nights"] == 1


def test_standing_and_rating_thresholds():
    assert [rating(x) for x in (3, 1.5, 0, -0.1)] == ["decisive", "successful", "marginal", "failure"]
    campaign = campaign_initial({"ladder": ["HS2", "HS2"]})
    campaign = record_night(campaign, outcome([("P1", 2, "unhurt")], vp=6, kills=2))
    standing = campaign_standing(campaign)
    assert (standing["score"], standing["vp_per_night"], standing["rating"]) == (6, 6.0, "decisive")


def test_pilot_levels_reach_the_night():
    from systems.nightfighter.rules import SYSTEM
    state = SYSTEM.initial_state(next_night_setup(campaign_initial()))
    assert state["fighters"]["F1"]["pilot"] == {"id": "P1", "level": "veteran"}
