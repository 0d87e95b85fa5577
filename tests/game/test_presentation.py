"""How games read to people (issue 15; game/presentation): the 303 and Nightfighter words for
events, moves, outcomes and replay markers, from rulebook situations; and every event and
legal action of whole played games has words (no raw payload left over)."""
import random

import pytest

from game.presentation import in_words, marker_labels, presentation_for
from systems.kit.dice import SeededDice
from systems.registry import get_system

P303 = presentation_for("303")
PNF = presentation_for("nightfighter-solo")
VIEW_303 = {"tokens": [{"id": "raf1", "hex": 203}, {"id": "bomber", "hex": 1105}],
            "board": {"airfields": [{"hex": 203, "side": "raf", "name": "Northolt"}]}}


@pytest.mark.parametrize("action, label, picks", [
    # docs/rules/303.md "Movement and shots": a move, a stay, a move with declared shots.
    ({"type": "move", "fighter": "raf1", "path": [204, 205]}, "raf1 → 205 via 204", ["piece:raf1", "hex:205"]),
    ({"type": "move", "fighter": "raf1", "path": []}, "raf1: stay", ["piece:raf1", "hex:203"]),
    ({"type": "move", "fighter": "raf1", "path": [204], "shots": 2, "target": "lw3"},
     "raf1 → 204, 2 shots at lw3", ["piece:raf1", "hex:204", "piece:lw3"]),
    ({"type": "move_bomber", "path": []}, "Bomber: stay", ["piece:bomber", "hex:1105"]),
    ({"type": "place_reinforcement", "hex": 203}, "Place the reinforcement on 203 (Northolt)", ["hex:203"]),
    ({"type": "repair", "fighters": []}, "Repair nothing", []),
    ({"type": "fire", "order": ["lw1", "bomber"], "bomber_target": "raf2"},
     "Fire in this order: lw1, the bomber — the bomber shoots at raf2", []),
])
def test_303_moves_in_words_and_board_picks(action, label, picks):
    assert P303.describe_action(action, VIEW_303) == label
    assert P303.action_picks(action, VIEW_303) == picks


@pytest.mark.parametrize("event, text, category", [
    ({"type": "FighterMoved", "payload": {"fighter": "lw1", "side": "luftwaffe", "path": [1003, 903], "to": 903,
                                          "shots": 0, "target": None}}, "lw1 → 903 via 1003.", "moves"),
    ({"type": "AttackResolved", "payload": {"attacker": "raf3", "target": "lw3", "shots": 2, "rolls": [5, 3],
                                            "hits": [True, False], "target_status": "damaged",
                                            "attacker_from": 705, "attacker_to": 504}},
     "raf3 fires 2 shots at lw3: rolls 5, 3, 1 hit; lw3 is damaged; raf3 flies through to 504.", "combat"),
    ({"type": "GameEnded", "payload": {"winner": "luftwaffe", "reason": "bomber_reached_london"}},
     "Luftwaffe won: the bomber reached London.", "score"),
    ({"type": "ResultRecorded", "payload": {"outcome": {"winner": "raf", "reason": "fuel_exhausted"}}},
     "Result: RAF won: the German fuel ran out after round 8.", "game"),
])
def test_303_events_in_words(event, text, category):
    assert in_words("303", event)["text"] == text
    assert in_words("303", event)["category"] == category


def test_303_markers_nest_turns_in_rounds():
    events = [{"type": "GameCreated", "payload": {}},
              {"type": "PhaseStarted", "payload": {"side": "raf", "phase": "A"}},
              {"type": "RoundStarted", "payload": {"round": 2}},
              {"type": "PhaseStarted", "payload": {"side": "luftwaffe", "phase": "A"}}]
    labels = [m and m["full_label"] for m in marker_labels([P303.marker(e) for e in events])]
    assert labels == ["Round 1", "Round 1 · RAF turn", "Round 2", "Round 2 · Luftwaffe turn"]


@pytest.mark.parametrize("action, label, picks", [
    ({"type": "move_fighter", "fighter": "F1", "path": ["F", "L"], "to": 619, "facing": "NW"},
     "F1 → 0619 facing NW (1 ahead, left)", ["piece:F1", "hex:619"]),
    ({"type": "move_fighter", "fighter": "F1", "path": ["F", "F"], "exit": True}, "F1: 2 ahead and leave the map",
     ["piece:F1"]),
    ({"type": "ai_search", "fighter": "F1", "token": "B1.2"}, "F1: airborne radar search on B1.2",
     ["piece:F1", "piece:B1.2"]),
    ({"type": "assign_searches", "searches": [{"source": "WURZBURG", "token": "B1.2"}]}, "Würzburg searches B1.2",
     ["piece:B1.2"]),
    ({"type": "assign_searches", "searches": []}, "No ground radar search this turn", []),
    ({"type": "end_phase"}, "End this phase", []),
])
def test_nightfighter_moves_in_words_and_board_picks(action, label, picks):
    assert PNF.describe_action(action, {}) == label
    assert PNF.action_picks(action, {}) == picks


@pytest.mark.parametrize("event, text", [
    # docs/rules/nightfighter-solo.md TV08: a phantom test on a token of a bomber with 4 live tokens.
    ({"type": "phantom_test", "payload": {"token": "X1", "bomber": "X", "n": 4, "method": "F1",
                                          "rolls": [{"value": 5}, {"value": 1}], "result": "bomber"}},
     "Phantom test on X1 (4 live tokens): roll 5, 1 → it is the bomber."),
    ({"type": "fighter_moved", "payload": {"fighter": "F2", "path": ["L", "F"], "hexes": [1219], "hex": 1219,
                                           "facing": "NW"}}, "F2 flies to 1219, facing NW (left, 1 ahead)."),
    ({"type": "night_ended", "payload": {"reason": "turn_limit", "kills": 2, "vp": 6, "won": True}},
     "Victory: 2 shot down, 6 VP (the last turn is over)."),
])
def test_nightfighter_events_in_words(event, text):
    assert PNF.describe_event(event) == text


@pytest.mark.parametrize("system, setup", [("303", {}), ("nightfighter-solo", {"scenario": "HS3"})])
def test_every_event_and_action_of_a_played_game_has_words(system, setup):
    engine = get_system(system)
    shown = presentation_for(system)
    state, chooser = engine.initial_state(setup, SeededDice("words", "g", 1)), random.Random(5)
    for i in range(400):
        if engine.outcome(state):
            break
        side = engine.to_move(state)[0]
        view = engine.view(state, side)
        assert all(isinstance(text, str) and text for _, text in shown.summary(view))
        actions = [a for a in engine.legal_actions(state, side) if not a.get("template") and a["type"] != "end_night"]
        for action in actions:
            assert not shown.describe_action(action, view).startswith(action["type"])  # worded, not the raw type
        events = engine.decide(state, chooser.choice(actions), side, SeededDice("words", "g", i + 2))
        for event in events:
            worded = in_words(system, {"type": event.type, "payload": event.payload})
            assert worded["text"] and "{" not in worded["text"], (event.type, worded["text"])
            assert worded["category"] != "other", event.type
            state = engine.evolve(state, event)


def test_a_marker_that_names_its_round_does_not_repeat_it():
    labels = marker_labels([{"kind": "round", "label": "Round 3"}, {"kind": "turn", "label": "Round 3: Mosquito"}])
    assert [m["full_label"] for m in labels] == ["Round 3", "Round 3: Mosquito"]


def test_an_ending_reason_and_a_scoring_term_each_read_in_words():
    """Two word-makers, one per kind of reason (a shadowed one once showed "red_card" raw)."""
    from systems.kit import presentation as generic

    assert generic.outcome_text({"winner": "raf", "reason": "red_card"}) == "RAF won (red card)."
    assert generic.scoring_reason_words({"rule": "§5.3 new moon", "value": -3}) == "§5.3 new moon -3"
