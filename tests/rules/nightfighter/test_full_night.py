"""Whole nights and campaigns at engine level; replay determinism, JSON round trips, views and outcome
(docs/rules/nightfighter-solo.md §3.2, §3.11, §3.14, §4, §5; contract.py)."""
import json

import pytest

from systems.kit.contract import RuleViolationError
from systems.nightfighter.rules import SYSTEM
from systems.nightfighter.rules.campaign import (assign_pilots, campaign_initial, campaign_over, campaign_standing,
                                              next_night_setup, record_night)
from systems.nightfighter.rules.scenarios import BUILTIN_IDS
from systems.registry import get_system

from .play import play_night
from .policies import simple_policy


@pytest.fixture(scope="module")
def hs2_night():
    return play_night({"scenario": "HS2"}, simple_policy, seed="full-night")


def test_registry_finds_the_engine():
    system = get_system("nightfighter-solo")
    assert system is SYSTEM and system.sides == ("player",) and system.name == "nightfighter-solo"


def test_simple_policy_plays_a_whole_night_to_an_outcome(hs2_night):
    state, events = hs2_night
    outcome = SYSTEM.outcome(state)
    assert outcome["winner"] in ("player", None) and outcome["score"] == outcome["vp"]
    assert events[-1].type == "night_ended" and SYSTEM.to_move(state) == []
    assert SYSTEM.legal_actions(state, "player") == []


def test_replay_folds_to_the_same_state(hs2_night):
    state, events = hs2_night
    replayed = SYSTEM.initial_state({"scenario": "HS2"})
    for event in events:
        replayed = SYSTEM.evolve(replayed, event)
    assert replayed == state


def test_state_and_events_survive_json_round_trip(hs2_night):
    state, events = hs2_night
    assert json.loads(json.dumps(state)) == state
    for event in events:
        assert json.loads(json.dumps(event.payload)) == event.payload


def test_every_event_is_public_and_night_end_reveals_the_history(hs2_night):
    """§5: the solo game hides nothing; night_ended carries each bomber's located positions and fate."""
    state, events = hs2_night
    assert {e.visibility for e in events} == {"public"}
    history = events[-1].payload["history"]
    assert set(history) == set(state["bombers"]) and all("located" in h for h in history.values())


def test_evolve_does_not_mutate_its_input(hs2_night):
    _, events = hs2_night
    state = SYSTEM.initial_state({"scenario": "HS2"})
    snapshot = json.dumps(state, sort_keys=True)
    SYSTEM.evolve(state, events[0])
    assert json.dumps(state, sort_keys=True) == snapshot


def test_views_are_equal_for_every_side_and_rich_enough_for_a_ui(hs2_night):
    events = hs2_night[1]
    state = SYSTEM.initial_state({"scenario": "HS2"})
    for event in events[:40]:
        state = SYSTEM.evolve(state, event)
    player, spectator, referee = (SYSTEM.view(state, s) for s in ("player", None, "referee"))
    assert {k: v for k, v in player.items() if k != "side"} == {k: v for k, v in spectator.items() if k != "side"}
    assert {k: v for k, v in player.items() if k != "side"} == {k: v for k, v in referee.items() if k != "side"}
    on_map = [t for t in player["tokens"] if t["state"] == "on_map"]
    assert on_map and all(len(t["area"]) >= 1 and t["pattern"] in ("NONE", "LOW", "MEDIUM") for t in on_map)
    assert player["map"] == {"cols": 18, "rows": 27} and "score" in player and player["turn"] >= 1


@pytest.mark.parametrize("scenario", BUILTIN_IDS)
def test_every_builtin_scenario_plays_to_the_end(scenario):
    state, _ = play_night({"scenario": scenario}, simple_policy, seed=scenario)
    assert SYSTEM.outcome(state) is not None


def test_setup_commands_deploy_and_refusals():
    state = SYSTEM.initial_state({"scenario": "HS2"})
    from .builders import refused, run
    assert refused(state, {"type": "deploy_fighter", "fighter": "F1", "hex": 605, "facing": "S"}) == "not_in_deploy_area"
    assert refused(state, {"type": "deploy_fighter", "fighter": "F9", "hex": 1215, "facing": "S"}) == "unknown_fighter"
    _, state = run(state, {"type": "deploy_fighter", "fighter": "F1", "hex": 1215, "facing": "S"}, [])
    assert (state["fighters"]["F1"]["hex"], state["fighters"]["F1"]["facing"]) == (1215, "S")
    assert refused(state, {"type": "bogus"}) == "unknown_command"
    assert refused(state, {"type": "end_phase"}) == "wrong_phase"
    _, state = run(state, {"type": "end_night"}, [])
    assert refused(state, {"type": "start_night"}) == "night_over"


def test_fighter_path_rules():
    from .builders import night, refused
    state = night([{"id": "F1", "type": "Me110C-4", "hex": 1215}], phase="movement")
    move = {"type": "move_fighter", "fighter": "F1"}
    assert refused(state, {**move, "path": ["F"] * 5}) == "path_length"
    assert refused(state, {**move, "path": ["L", "R", "F"]}) == "turn_too_sharp"
    assert refused(state, {**move, "path": ["X"]}) == "bad_path"
    edge = night([{"id": "F1", "type": "Me110C-4", "hex": 1227}], phase="movement")
    assert refused(edge, {**move, "path": ["F", "F"]}) == "off_map"
    from .builders import run
    events, edge = run(edge, {**move, "path": ["F"], "exit": True}, [])
    assert events[0].type == "fighter_exited" and edge["fighters"]["F1"]["status"] == "exited"


def test_three_night_campaign_at_engine_level():
    campaign = campaign_initial({"ladder": ["HS8", "HB3", "HS1"]})
    campaign = assign_pilots(campaign, {"F1": "P4", "F2": "P1"})
    for night in range(3):
        setup = next_night_setup(campaign)
        assert setup["scenario"] == campaign["ladder"][night]
        state, _ = play_night(setup, simple_policy, seed=f"campaign-{night}")
        outcome = SYSTEM.outcome(state)
        assigned = {f["pilot"]["id"] for f in state["fighters"].values()}
        assert assigned == {p["id"] for p in setup["pilots"].values()}
        campaign = record_night(campaign, outcome)
    standing = campaign_standing(campaign)
    assert campaign_over(campaign) and standing["nights_played"] == 3
    assert standing["score"] == sum(r["vp"] for r in campaign["results"])
    assert standing["rating"] in ("decisive", "successful", "marginal", "failure")
    with pytest.raises(RuleViolationError):
        next_night_setup(campaign)


def test_running_night_has_no_outcome_and_awaits_the_player():
    state = SYSTEM.initial_state({"scenario": "HS2"})
    assert SYSTEM.outcome(state) is None and SYSTEM.to_move(state) == ["player"]
    assert {a["type"] for a in SYSTEM.legal_actions(state, "player")} == {"deploy_fighter", "start_night", "end_night"}
    assert SYSTEM.legal_actions(state, "referee") == []


def test_decide_never_mutates_the_state(hs2_night):
    from systems.kit.dice import SeededDice
    _, events = hs2_night
    state = SYSTEM.initial_state({"scenario": "HS2"})
    for event in events[:200]:
        state = SYSTEM.evolve(state, event)
        snapshot = json.dumps(state, sort_keys=True)
        for action in SYSTEM.legal_actions(state, "player")[:5]:
            command = {k: v for k, v in action.items() if k not in ("to", "facing") or action["type"] != "move_fighter"}
            SYSTEM.decide(state, command, "player", SeededDice("m", "s", 1))
        assert json.dumps(state, sort_keys=True) == snapshot


def test_every_offered_action_except_marked_templates_is_accepted(hs2_night):
    """legal_actions entries are complete commands (the service's autoplay sends them verbatim)."""
    from systems.kit.dice import SeededDice
    _, events = hs2_night
    state = SYSTEM.initial_state({"scenario": "HS2"})
    for event in events[:300]:
        state = SYSTEM.evolve(state, event)
        if event.type != "phase_started" and state["phase"] != "setup":
            continue
        for action in SYSTEM.legal_actions(state, "player"):
            result = SYSTEM.decide(state, action, "player", SeededDice("t", "s", 1))
            assert action.get("template") or isinstance(result, list), (action, result)
