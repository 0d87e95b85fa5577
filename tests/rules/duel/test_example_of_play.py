"""Spec §5.12: the rulebook's worked example of play (turns 1–19, Emden), on the default board
as laid out in §11.4 (TB 16, H1 9, H2 10, Emden 11, home 3 → 2 → 1).

Weather card 1 of the default board: W wind, full moon, summer, clouds only far away.

Where the example cannot be replayed literally we follow the spec's rulings and say so:
* Turn 8/11 (spec §11.3, RULING C-13, §4.3.4): a fighter that takes off and leaves its hex
  arrives LOW, and on this board no German airfield lets a fighter that landed in turn 8 be HIGH
  in hex 3 (H4) at the end of turn 11.  So "yellow lands elsewhere" in turn 8 is replaced by
  yellow hovering in hex 10 (0 VP either way, as in the example) and in turn 11 yellow flies
  10 → 3 into the Mosquito's hex.  Every VP figure of the example is unchanged.
* Turn 14: the Dornier's fuel does not reach 0 with this board's gauge (14 lines); it lands at
  Emden all the same (the spec calls the zero-fuel remark "apparent").
"""
from systems.duel.rules import SYSTEM

from .support import EMDEN_PLAN, apply, layout

FIGHTERS = {"red": 18, "green": 4, "yellow": 24, "blue": 11}
EMDEN_UNITS = [("flak", 11), ("searchlight", 11), ("radar", 11), ("balloon_barrage", 11), ("fuel_truck", 11),
               ("fire_engine", 12), ("fire_engine", 19)] + [("fire_engine", 41)] * 7


def mv(fighter, path, altitude="HIGH", land=False):
    cmd = {"type": "MoveFighter", "fighter": fighter, "path": path, "land": land}
    if not land:
        cmd["altitude"] = altitude
    return cmd


END = {"type": "EndGermanTurn"}

# (turn, side, commands, score after the turn)
TURNS = [
    (1, "british", [{"type": "MoveMosquito", "to": 17, "altitude": "HIGH"}, {"type": "EndMosquitoTurn"}], 0),
    (2, "german", [mv("red", ["W"], "LOW"), mv("yellow", ["NE"], "LOW"), mv("blue", ["W", "W"], "HIGH"),
                   mv("green", [], "LOW"), END], 3),
    (3, "british", [{"type": "AdvanceBomber", "altitude": "HIGH"}], 0),
    (4, "british", [{"type": "MoveMosquito", "to": 10, "altitude": "HIGH"}, {"type": "EndMosquitoTurn"}], 0),
    (5, "german", [mv("blue", ["E"]), mv("red", ["NE"]), mv("yellow", ["NE"]), END], 3),
    (6, "british", [{"type": "AdvanceBomber"}], -6),
    (7, "british", [{"type": "MoveMosquito", "to": 11, "altitude": "LOW"}], None),
    (8, "german", [mv("red", ["E"]), mv("blue", ["E"]), mv("green", ["SW"]), mv("yellow", []), END], -5),
    (9, "british", [{"type": "AdvanceBomber"}], 3),
    (10, "british", [{"type": "MoveMosquito", "to": 3, "altitude": "HIGH"}, {"type": "EndMosquitoTurn"}], 3),
    (11, "german", [mv("yellow", ["NE"]), {"type": "LandFighter", "fighter": "red"},
                    mv("green", ["SW"], land=True), END], 6),
    (12, "british", [{"type": "AdvanceBomber"}], 3),
    (13, "british", [{"type": "MoveMosquito", "to": 2, "altitude": "HIGH"}, {"type": "EndMosquitoTurn"}], 3),
    (14, "german", [mv("yellow", ["W"]), {"type": "LandFighter", "fighter": "blue"},
                    mv("green", ["SW"], land=True), END], 6),
    (15, "british", [{"type": "AdvanceBomber"}], 3),
    (16, "british", [{"type": "MoveMosquito", "to": 8, "land": True}], 3),
    (17, "german", [mv("yellow", ["SE"]), END], 3),
    (18, "british", [{"type": "AdvanceBomber"}], 3),
    (19, "german", [mv("yellow", ["SE"], land=True), END], 3),
]


def setup_example():
    state = SYSTEM.initial_state({"weather_card": 1}, None)
    state, _ = apply(state, "german", {"type": "PlaceFighters", "placements": FIGHTERS})
    state, _ = apply(state, "british", {"type": "DrawWeather"})
    state, _ = apply(state, "british", dict({"type": "CommitRoute"}, **EMDEN_PLAN))
    state, _ = apply(state, "german", {"type": "PlaceGroundUnits", "placements": layout(EMDEN_UNITS)})
    state, _ = apply(state, "british", {"type": "DeployBritish"})
    return state


def test_example_of_play_scores_every_turn_and_british_win_by_3():
    """§5.12 turns 1–19: the score after every turn, and the final British win by 3 VP."""
    state = setup_example()
    assert state["weather"]["moon"] == "full" and state["weather"]["summer"]
    for turn, side, commands, expected in TURNS:
        if turn == 7:
            airfield = {"target": "airfield", "count": 1}
            searchlight = next(u["tile"] for u in SYSTEM.view(state, "british")["ground_units"]
                               if u["hex"] == 11 and u["face"] == "searchlight")
            radar = next(u["tile"] for u in SYSTEM.view(state, "british")["ground_units"]
                         if u["hex"] == 11 and u["face"] == "radar")
            state, _ = apply(state, side, commands[0])
            # §4.2.1 T1: one bombing action (airfield, searchlight, radar) then 3 markers — 6 tokens
            state, _ = apply(state, side, {"type": "DropTokens", "markers": 3, "bombs": [
                airfield, {"target": searchlight, "count": 1}, {"target": radar, "count": 1}]})
            assert state["score"] == -7, "turn 7: the balloon barrage scores German +1"
            assert state["mosquito"]["tokens_left"] == 0
            continue
        for command in commands:
            assert side in SYSTEM.to_move(state), (turn, command)
            state, _ = apply(state, side, command)
        assert state["score"] == expected, f"turn {turn}: score {state['score']}, expected {expected}"
    assert SYSTEM.outcome(state) == {"winner": "british", "score": 3, "night_margins": [3],
                                     "reason": "victory points"}


def test_example_turn_9_breakdown():
    """§5.12 turn 9: fighters 9 + flak 1 for the German, Emden 13 + 3 moon + 3 markers − 1 for the
    pair of fire engines = 18 for the British (§5.1, §5.2, §5.3)."""
    state = setup_example()
    for turn, side, commands, _ in TURNS[:8]:
        if turn == 7:
            tiles = {u["face"]: u["tile"] for u in SYSTEM.view(state, "british")["ground_units"] if u["hex"] == 11}
            state, _ = apply(state, side, commands[0])
            state, _ = apply(state, side, {"type": "DropTokens", "markers": 3, "bombs": [
                {"target": "airfield", "count": 1}, {"target": tiles["searchlight"], "count": 1},
                {"target": tiles["radar"], "count": 1}]})
            continue
        for command in commands:
            state, _ = apply(state, side, command)
    state, events = apply(state, "british", {"type": "AdvanceBomber"})
    vps = [(e.payload["occasion"], e.payload["side"], e.payload["amount"]) for e in events if e.type == "VictoryPoints"]
    assert vps == [("flak combat", "german", 1), ("fighter combat", "german", 9), ("target bombed", "british", 18)]
    bombed = next(e for e in events if e.type == "TargetBombed")
    assert bombed.visibility == "public" and bombed.payload["city"] == "Emden"
