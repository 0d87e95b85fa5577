"""Setup options of the advanced rules and expansions (spec §7 A-56, §8, §9, §10.6): defaults
off, recorded in the first state, conflicts and solo refused with a code naming both options."""
import pytest

from systems.duel.rules import SYSTEM
from systems.duel.rules.options import ADVANCED_RULES, DEFAULT_OPTIONS


def test_every_new_option_defaults_to_off_and_is_recorded_in_the_first_state():
    for key in ADVANCED_RULES + ("ju88", "friendly_flak_can_score_british"):
        assert DEFAULT_OPTIONS[key] is False
    assert DEFAULT_OPTIONS["players"] == 2
    state = SYSTEM.initial_state({"medals": True, "mw50": True}, None)
    assert state["setup"]["medals"] is True and state["setup"]["mw50"] is True
    assert state["setup"]["shroud"] is False


@pytest.mark.parametrize("rule", ADVANCED_RULES)
def test_solo_refuses_every_advanced_rule(rule):
    """§7 / §8: advanced rules cannot be combined with the solo mission."""
    setup = {"mode": "solo", rule: True}
    if rule == "reroute_after_weather_change":
        setup["weather_changes"] = True
    violation = SYSTEM.validate_setup(setup)
    assert violation.code == "option_not_allowed_in_solo"
    assert "solo" in violation.message
    assert any(key in violation.message for key in setup if key != "mode")
    with pytest.raises(ValueError):
        SYSTEM.initial_state(setup, None)


def test_solo_refuses_the_multiplayer_variant():
    violation = SYSTEM.validate_setup({"mode": "solo", "players": 4})
    assert violation.code == "option_not_allowed_in_solo" and "players" in violation.message


@pytest.mark.parametrize("setup, names", [
    ({"reroute_after_weather_change": True}, ("reroute_after_weather_change", "weather_changes")),
    ({"stronger_mosquito": True, "mosquito_tokens": 6}, ("stronger_mosquito", "mosquito_tokens")),
    ({"friendly_flak_can_score_british": True}, ("friendly_flak_can_score_british", "friendly_flak")),
    ({"players": 3, "mode": "swap"}, ("players", "swap")),
    ({"medal_supply": 16}, ("medal_supply", "medals")),
    ({"wind_change_cards": [1]}, ("wind_change_cards", "weather_changes")),
    ({"ju88_replaces": "red"}, ("ju88_replaces", "ju88")),
])
def test_conflicting_options_are_rejected_naming_both(setup, names):
    violation = SYSTEM.validate_setup(setup)
    assert violation.code == "options_conflict"
    assert all(name in violation.message for name in names)


@pytest.mark.parametrize("players", [0, 1, 6, "4"])
def test_player_count_must_be_2_to_5(players):
    assert SYSTEM.validate_setup({"players": players}).code in ("invalid_player_count", "invalid_option")


def test_stronger_mosquito_sets_eight_tokens():
    """§7.1: 8 tokens instead of 6."""
    state = SYSTEM.initial_state({"stronger_mosquito": True}, None)
    assert state["mosquito"]["tokens_left"] == 8
    assert SYSTEM.initial_state({}, None)["mosquito"]["tokens_left"] == 6


@pytest.mark.parametrize("players, seats", [
    (2, ("british", "german")),
    (3, ("british", "german1", "german2")),
    (4, ("british", "german1", "german2", "german3")),
    (5, ("british", "german1", "german2", "german3", "german4")),
])
def test_sides_for_the_player_count(players, seats):
    """§9.3: always one British seat, 1–4 German seats."""
    assert SYSTEM.sides_for({"players": players}) == seats
    assert SYSTEM.sides_for({"mode": "solo"}) == ("german",)


@pytest.mark.parametrize("key, value", [("window", True), ("walls_have_ears", True), ("ju88", True),
                                        ("british_qf_guns", 1), ("ace_gunners", True)])
def test_solo_refuses_the_expansions(key, value):
    violation = SYSTEM.validate_setup({"mode": "solo", key: value})
    assert violation.code == "option_not_allowed_in_solo" and key in violation.message
