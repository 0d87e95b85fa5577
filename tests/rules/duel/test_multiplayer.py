"""3–5 player variant (spec §9.3; A-73–A-75), the Ju 88 (§9.1) and a game with every option on
played by the policies with 1 British and 3 German seats, replayed event by event."""
import json

import pytest

from systems.kit.contract import Event
from systems.kit.dice import SeededDice
from systems.duel.rules import SYSTEM
from systems.duel.rules.expansions.multiplayer import multiplayer_result, owners, personal_gain
from systems.duel.rules.board import load_board
from systems.duel.rules.state import initial_state

from .policies import options_policy
from .support import apply, layout, rejected

BOARD = load_board()
EVERY_OPTION = {"players": 4, "nights": 2, "window": True, "window_multi_night": True, "walls_have_ears": True,
                "walls_random_target": True, "railway_flak": True, "quad_flak": True, "acoustic_mirror": True,
                "ace_gunners": True, "british_qf_guns": 2, "british_searchlights": 2, "stronger_mosquito": True, "weather_changes": True,
                "reroute_after_weather_change": True, "reroute_after_bombing": True, "medals": True,
                "shroud": True, "friendly_flak": True, "mw50": True, "ju88": True}


@pytest.mark.parametrize("players, night, expected", [
    (3, 1, {"red": "german1", "green": "german1", "yellow": "german2", "blue": "german2"}),
    (4, 1, {"red": "german1", "blue": "german1", "green": "german2", "yellow": "german3"}),
    (4, 2, {"red": "german2", "blue": "german2", "green": "german3", "yellow": "german1"}),
    (4, 3, {"red": "german3", "blue": "german3", "green": "german1", "yellow": "german2"}),
    (5, 1, {"red": "german1", "green": "german2", "yellow": "german3", "blue": "german4"}),
])
def test_fighter_allocation_and_do217_rotation(players, night, expected):
    """§9.3 table; §1.5: the Do 217 passes from player to player night by night."""
    assert owners(BOARD.fighters, {"players": players}, night) == expected


def four_player_state():
    return SYSTEM.initial_state({"players": 4, "mw50": True, "weather_card": 12}, None)


def test_each_german_seat_places_its_own_fighters_then_weather():
    state = four_player_state()
    assert SYSTEM.to_move(state) == ["german1", "german2", "german3"]
    assert rejected(state, "german2", {"type": "PlaceFighters", "placements": {"red": 18, "blue": 11}}).code \
        == "fighter_not_available"
    for seat in ("german1", "german2", "german3"):
        actions = [a for a in SYSTEM.legal_actions(state, seat) if not a.get("template")]
        assert actions, seat
        state, _ = apply(state, seat, {k: v for k, v in actions[0].items()})
    assert state["step"] == "weather" and SYSTEM.to_move(state) == ["british"]
    # §9.3: 4 players — every Me 110 carries its own MW-50, the Do 217 none
    assert {fid for fid, f in state["fighters"].items() if f["mw50"] == "charged"} == {"red", "green", "yellow"}


def test_three_players_only_the_two_me110_seat_gets_mw50():
    """[IT Esp. 3–5]: "Il giocatore con i due Me110 riceve il segnalino MW-50 e decide quale…"."""
    state = SYSTEM.initial_state({"players": 3, "mw50": True}, None)
    assert rejected(state, "german2", {"type": "PlaceFighters", "placements": {"yellow": 24, "blue": 11},
                                       "mw50_fighter": "yellow"}).code == "mw50_not_eligible"
    state, _ = apply(state, "german1", {"type": "PlaceFighters", "placements": {"red": 18, "green": 4},
                                        "mw50_fighter": "red"})
    state, _ = apply(state, "german2", {"type": "PlaceFighters", "placements": {"yellow": 24, "blue": 11}})
    assert {fid for fid, f in state["fighters"].items() if f["mw50"]} == {"red"}


def test_german_turn_waits_for_every_seat_and_fighters_are_private_to_their_owner():
    state = four_player_state()
    for seat, placements in (("german1", {"red": 18, "blue": 11}), ("german2", {"green": 4}),
                             ("german3", {"yellow": 24})):
        state, _ = apply(state, seat, {"type": "PlaceFighters", "placements": placements})
    state, _ = apply(state, "british", {"type": "DrawWeather"})
    from .support import EMDEN_PLAN
    state, _ = apply(state, "british", dict({"type": "CommitRoute"}, **EMDEN_PLAN))
    assert SYSTEM.to_move(state) == ["german1"]  # ground units by the designated seat
    assert rejected(state, "german2", {"type": "PlaceGroundUnits", "placements": layout([])}).code == "not_your_turn"
    state, _ = apply(state, "german1", {"type": "PlaceGroundUnits", "placements": layout([])})
    state, _ = apply(state, "british", {"type": "DeployBritish"})
    state, _ = apply(state, "british", {"type": "WaitMosquito"})
    assert SYSTEM.to_move(state) == ["german1", "german2", "german3"]
    move_green = {"type": "MoveFighter", "fighter": "green", "path": [], "altitude": "LOW"}
    assert rejected(state, "german1", move_green).code == "not_your_fighter"
    assert all(a.get("fighter") in (None, "red", "blue") for a in SYSTEM.legal_actions(state, "german1"))
    state, _ = apply(state, "german2", move_green)
    state, _ = apply(state, "german2", {"type": "EndGermanTurn"})
    assert SYSTEM.to_move(state) == ["german1", "german3"] and state["step"] == "german"
    state, _ = apply(state, "german1", {"type": "EndGermanTurn"})
    state, _ = apply(state, "german3", {"type": "EndGermanTurn"})
    assert state["step"] == "bomber" and SYSTEM.to_move(state) == ["british"]


def test_personal_track_counts_own_airborne_fighters_but_not_the_do217_with_4_players():
    """§9.3 / A-73."""
    state = initial_state({"players": 4}, None)
    gains = personal_gain(state, ["red", "blue", "green"])
    assert gains == {"german1": 1, "german2": 1}  # blue (Do 217) does not count with 4 players
    state5 = initial_state({"players": 5}, None)
    assert personal_gain(state5, ["red", "blue"]) == {"german1": 1, "german4": 1}
    state3 = initial_state({"players": 3}, None)
    assert personal_gain(state3, ["red", "green", "blue"]) == {"german1": 2, "german2": 1}


@pytest.mark.parametrize("score, track, winner, shared", [
    (5, {"german1": 9, "german2": 1, "german3": 0}, "british", None),      # British ahead: British wins
    (0, {"german1": 9, "german2": 1, "german3": 0}, None, None),           # main track 0: draw
    (-3, {"german1": 2, "german2": 7, "german3": 0}, "german2", None),     # German lead: best track wins
    (-3, {"german1": 7, "german2": 7, "german3": 0}, None, ["german1", "german2"]),  # shared win
])
def test_winner_rule_3_to_5_players(score, track, winner, shared):
    state = initial_state({"players": 4}, None)
    state.update(score=score, personal_track=track)
    result = multiplayer_result(state)
    assert result["winner"] == winner
    assert result.get("shared_winners") == shared


def test_ju88_replaces_a_fighter_and_ignores_cloud_once_per_leg():
    """§9.1 / A-69: the observer badge cancels the Ju 88's own cloud malus once outbound, once home."""
    state = initial_state({"ju88": True, "ju88_replaces": "yellow"}, None)
    assert "ju88" in state["fighters"] and "yellow" not in state["fighters"]
    assert state["fighters"]["ju88"]["type"] == "Ju 88" and state["observer_badge"] == "outbound"
    from .support import to_duel
    from .test_advanced_rules import advance, to_bomber_turn
    state = to_duel({"ju88": True}, fighters={"red": 18, "green": 4, "ju88": 24, "blue": 11})
    state, _ = advance(state, 1)
    state = to_bomber_turn(state)
    state["weather"]["clouds"] = [10, 11, 3]
    for fid in ("ju88", "red"):
        state["fighters"][fid].update(state="airborne", hex=10, altitude="HIGH")
    state, events = advance(state)
    fight = next(e.payload for e in events if e.type == "VictoryPoints" and e.payload["occasion"] == "fighter combat")
    assert fight["amount"] == 2 + 1  # Ju 88 2 (badge), red 2 − 1 (cloud)
    assert state["observer_badge"] == "return"
    state = to_bomber_turn(state)
    for fid in ("ju88", "red"):
        state["fighters"][fid].update(state="airborne", hex=11, altitude="HIGH")
    state, events = advance(state)  # Emden: fight before the bombing, badge already used outbound
    fight = next(e.payload for e in events if e.type == "VictoryPoints" and e.payload["occasion"] == "fighter combat")
    assert fight["amount"] == 1 + 1 and state["observer_badge"] == "return"
    state = to_bomber_turn(state)
    state["fighters"]["ju88"].update(state="airborne", hex=3, altitude="HIGH")
    state, events = advance(state)
    fight = next(e.payload for e in events if e.type == "VictoryPoints" and e.payload["occasion"] == "fighter combat")
    assert fight["amount"] == 2 and state["observer_badge"] is None


def test_every_option_on_four_seats_played_by_the_policies_and_replayed():
    """1 British + 3 German seats, every option on; the fold of the events reproduces every state;
    ``legal_actions`` offers complete commands to every awaited seat."""
    initial = SYSTEM.initial_state(EVERY_OPTION, None)
    state, states, events = initial, [initial], []
    seen_seats = set()
    for n in range(5000):
        awaited = SYSTEM.to_move(state)
        if not awaited:
            break
        for seat in awaited:
            assert [a for a in SYSTEM.legal_actions(state, seat) if not a.get("template")], (seat, state["step"])
        seat = awaited[0]
        seen_seats.add(seat)
        command = options_policy(SYSTEM.view(state, seat), SYSTEM.legal_actions(state, seat), seat)
        result = SYSTEM.decide(state, command, seat, SeededDice("every-option", "duel", n))
        assert isinstance(result, list), (command, result)
        for event in result:
            state = SYSTEM.evolve(state, event)
            states.append(state)
            events.append(event)
    assert SYSTEM.outcome(state) is not None
    assert seen_seats == {"british", "german1", "german2", "german3"}
    types = {e.type for e in events}
    assert {"MW50Used", "WeatherChanged", "MedalsAwarded", "MedalsSpent", "GermanSeatEnded", "WindowDeclared",
            "WildSauPlaced", "CrestsHanded", "UnitsRepositioned", "BritishGroundUnitsPlaced",
            "ExtraGermanUnitsPlaced", "RailwayFlakMoved", "TargetCrestDrawn"} <= types
    replayed = initial
    for event, expected in zip(events, states[1:]):
        replayed = SYSTEM.evolve(replayed, Event(event.type, json.loads(json.dumps(event.payload)), event.visibility))
        assert replayed == expected
    assert json.loads(json.dumps(state)) == state


def test_every_new_secret_is_british_only_until_revealed():
    """§10.5: re-routes, Window positions and drawn target crests are British-only events; the
    German seats' views carry none of them before the end of the night."""
    state = SYSTEM.initial_state(EVERY_OPTION, None)
    secret_types = set()
    for n in range(5000):
        awaited = SYSTEM.to_move(state)
        if not awaited:
            break
        seat = awaited[0]
        command = options_policy(SYSTEM.view(state, seat), SYSTEM.legal_actions(state, seat), seat)
        result = SYSTEM.decide(state, command, seat, SeededDice("secrets", "duel", n))
        for event in result:
            if event.visibility != "public":
                assert event.visibility == "british", event
                secret_types.add(event.type)
            elif not state["plan_revealed"] and event.type not in ("PlanRevealed", "CommitmentVerified", "GameEnded"):
                assert not {"route", "positions", "nonce", "plan"} & set(event.payload), event
            state = SYSTEM.evolve(state, event)
            if state["step"] not in ("night_over", "game_over") and not state["plan_revealed"]:
                for german in ("german1", "german2", "german3"):
                    view = SYSTEM.view(state, german)
                    assert view["plan"] is None and "positions" not in view["window"]
    assert {"PlanCommitted", "WindowCardsInserted", "TargetCrestDrawn"} <= secret_types


def test_a_night_with_every_fighter_lost_still_starts():
    """Fighters ditched for the game (§4.3.7): the designated seat confirms an empty placement."""
    state = SYSTEM.initial_state({"players": 4, "nights": 2}, None)
    for f in state["fighters"].values():
        f["state"] = "out_game"
    assert SYSTEM.to_move(state) == ["german1"]
    state, _ = apply(state, "german1", {"type": "PlaceFighters", "placements": {}})
    assert state["step"] == "weather"


def test_mw50_stays_empty_after_landing_with_several_germans():
    """§7.8 / §9.3 (C-25): in the 3–5 player variant an empty token stays empty for the night."""
    for players, after in ((4, "empty"), (2, "charged")):
        state = initial_state({"players": players, "mw50": True}, None)
        state["fighters"]["red"].update(state="airborne", hex=18, mw50="empty")
        state = SYSTEM.evolve(state, Event("FighterLanded", {"fighter": "red", "hex": 18, "fuel_after": 12}))
        assert state["fighters"]["red"]["mw50"] == after
