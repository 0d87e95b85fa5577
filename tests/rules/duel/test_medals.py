"""Advanced rule 4 — medals (spec §7.5, test vector V9; C-19, C-21, C-47, A-40, A-53)."""
import pytest

from systems.duel.rules.scoring import fighter_combat

from .support import apply, layout, rejected, to_duel
from .test_advanced_rules import advance, to_bomber_turn

MEDALS = {"medals": True}


def at_move(n, setup=MEDALS, units=None):
    """The Emden night after ``n`` Bomber moves, at the next Bomber turn."""
    state = to_duel(setup, units=units)
    state, _ = advance(state, n)
    return to_bomber_turn(state)


def fighters_into(state, hex_id, ids, altitude="HIGH"):
    for fid in ids:
        state["fighters"][fid].update(state="airborne", hex=hex_id, altitude=altitude)
    return state


@pytest.mark.parametrize("fighters, german", [(2, 0), (3, 1), (4, 2)])
def test_V9_german_medals_for_3_or_4_fighters(fighters, german):
    """V9: 3 fighters in the Bomber's hex → 1 medal, 4 → 2 (2 → none)."""
    state = at_move(1)
    fighters_into(state, 10, ["red", "green", "yellow", "blue"][:fighters])
    state, events = advance(state)
    assert state["medals"]["german"] == german
    assert state["medals"]["british"] == 0


def test_british_medals_for_an_empty_hex_but_not_on_first_or_last_move():
    """§7.5: British +2 medals per move without fighters, except the first and the last move."""
    state = to_duel(MEDALS)
    state, _ = advance(state)             # move 1: none
    assert state["medals"]["british"] == 0
    state, _ = advance(state)             # move 2: +2
    assert state["medals"]["british"] == 2
    state, _ = advance(state, 3)          # moves 3–5: +6
    assert state["medals"]["british"] == 8
    state, _ = advance(state)             # move 6 = last: none
    assert state["medals"]["british"] == 8


def test_medals_off_awards_nothing_and_rejects_uses():
    state = to_duel()
    state, _ = advance(state, 2)
    assert state["medals"] == {"british": 0, "german": 0}
    state = to_bomber_turn(state)
    assert rejected(state, "british", {"type": "AdvanceBomber", "evasion": 1}).code == "option_not_enabled"


def test_medal_supply_limits_awards():
    """C-47: with ``medal_supply`` set, no more medals than are in the box."""
    state = to_duel({"medals": True, "medal_supply": 3})
    state, _ = advance(state, 5)
    assert state["medals"]["british"] == 3


def test_medal_cannot_be_used_in_the_turn_received():
    state = at_move(2)
    state["medals"]["british"], state["medals_fresh"]["british"] = 2, 2
    assert rejected(state, "british", {"type": "AdvanceBomber", "evasion": 1}).code == "medal_received_this_turn"
    state["medals_fresh"]["british"] = 1
    assert rejected(state, "british", {"type": "AdvanceBomber", "evasion": 2}).code == "medal_received_this_turn"


def test_fresh_medals_become_usable_at_the_next_turn():
    """Medals awarded in a Bomber turn are fresh until the next turn starts."""
    from systems.kit.contract import Event
    from systems.duel.rules import SYSTEM
    state = to_duel(MEDALS)
    state = SYSTEM.evolve(state, Event("MedalsAwarded", {"side": "german", "count": 1, "reason": "test"}))
    assert state["medals_fresh"]["german"] == 1 and state["medals"]["german"] == 1
    state = SYSTEM.evolve(state, Event("TurnStarted", {"actor": "mosquito", "round": 1}))
    assert state["medals_fresh"]["german"] == 0 and state["medals"]["german"] == 1


def test_british_sabotage_destroys_red_units_before_the_hex_is_resolved():
    """§7.5 British use 1 / A-40: flak destroyed by a medal fires no more at the Bomber."""
    units = layout([("flak", 11), ("flak", 11), ("smoke_screen", 11)])
    state = at_move(2, units=units)
    state["medals"]["british"] = 2
    flak = sorted(t for t, u in state["tiles"].items() if u["hex"] == 11 and u["face"] == "flak")
    smoke = next(t for t, u in state["tiles"].items() if u["hex"] == 11 and u["face"] == "smoke_screen")
    assert rejected(state, "british", {"type": "AdvanceBomber", "sabotage": [smoke]}).code == "unit_not_red_bordered"
    assert rejected(state, "british", {"type": "AdvanceBomber", "sabotage": ["t40"]}).code == "unit_not_in_bomber_hex"
    assert rejected(state, "british", {"type": "AdvanceBomber", "sabotage": flak + [smoke]}).code == "not_enough_medals"
    state, events = apply(state, "british", {"type": "AdvanceBomber", "sabotage": flak[:1]})
    flak_vp = [e.payload["amount"] for e in events if e.type == "VictoryPoints" and e.payload["occasion"] == "flak combat"]
    assert flak_vp == [1]  # one of the two flak was destroyed before the flak combat
    assert state["tiles"][flak[0]]["destroyed"]
    assert state["medals"]["british"] == 2 - 1 + 2  # one spent, two earned for a move without fighters


def test_british_evasion_reduces_the_fight_and_is_blocked_by_german_medals():
    """§7.5 British use 3: −1 German VP per medal (floor 0); not in a hex with German medals."""
    state = at_move(1)
    fighters_into(state, 10, ["red"])
    state["medals"]["british"] = 3
    state, events = apply(state, "british", {"type": "AdvanceBomber", "evasion": 3})
    fight = next(e.payload for e in events if e.type == "VictoryPoints" and e.payload["occasion"] == "fighter combat")
    assert fight["amount"] == 0  # 2 − 3, floored at 0
    assert state["medals"]["british"] == 0
    state = at_move(1)
    fighters_into(state, 10, ["red"])
    state["medals"]["british"] = 1
    state["medals_on_board"]["10"] = 1
    assert rejected(state, "british", {"type": "AdvanceBomber", "evasion": 1}).code == "german_medals_in_hex"
    state = at_move(1)
    state["medals"]["british"] = 1
    assert rejected(state, "british", {"type": "AdvanceBomber", "evasion": 1}).code == "no_fighter_combat"


def german_turn(state):
    state, _ = apply(state, "british", {"type": "WaitMosquito"})
    assert state["step"] == "german"
    return state


def test_german_bonus_medals_add_one_each_and_leave_after_the_fight():
    """§7.5 German use 1 (C-19, C-20): +1 per medal in the fight; spent either way."""
    state = to_duel(MEDALS)
    state, _ = advance(state)
    state = german_turn(state)
    state["medals"]["german"] = 2
    fighters_into(state, 10, ["red"])
    assert rejected(state, "german", {"type": "UseMedal", "use": "bonus", "hex": 12, "count": 1}).code \
        == "no_fighter_in_hex"
    state, _ = apply(state, "german", {"type": "UseMedal", "use": "bonus", "hex": 10, "count": 2})
    assert state["medals_on_board"] == {"10": 2} and state["medals"]["german"] == 0
    assert fighter_combat(state, 10)[0] == 2 + 2
    state, _ = apply(state, "german", {"type": "EndGermanTurn"})
    state, events = apply(state, "british", {"type": "AdvanceBomber"})
    fight = next(e.payload for e in events if e.type == "VictoryPoints" and e.payload["occasion"] == "fighter combat")
    assert ("7.5:german_medals", 2) in [(r["code"], r["value"]) for r in fight["reasons"]]
    assert state["medals_on_board"] == {}


def test_german_medals_removed_at_turn_end_without_airborne_fighters():
    """C-19: medals leave a hex with no airborne German fighter at the end of a German turn."""
    state = to_duel(MEDALS)
    state, _ = advance(state)
    state = german_turn(state)
    state["medals"]["german"] = 1
    fighters_into(state, 12, ["red"])
    state["fighters"]["red"]["fuel"] = 0
    state, _ = apply(state, "german", {"type": "UseMedal", "use": "bonus", "hex": 12, "count": 1})
    state, events = apply(state, "german", {"type": "EndGermanTurn"})  # red must land in place (no fuel)
    assert state["medals_on_board"] == {}
    assert any(e.type == "GermanMedalsRemoved" for e in events)


def test_german_fuel_medal_once_per_night():
    """§7.5 German use 2 (C-21): −1 line on one action, once per night."""
    state = to_duel(MEDALS)
    state = german_turn(state)
    state["medals"]["german"] = 2
    state["weather"]["wind"] = "E"
    state, events = apply(state, "german", {"type": "MoveFighter", "fighter": "red", "path": ["NE"], "altitude": "LOW",
                                            "use_fuel_medal": True})
    assert next(e for e in events if e.type == "FighterMoved").payload["cost"] == 2 - 1
    assert state["fuel_medal_used"] and state["medals"]["german"] == 1
    assert rejected(state, "german", {"type": "MoveFighter", "fighter": "green", "path": [], "altitude": "LOW",
                                      "use_fuel_medal": True}).code == "fuel_medal_already_used"


def test_german_repair_of_a_unit_and_an_airfield():
    """§7.5 German use 3 (A-53, A-54): a destroyed unit back in play; all bombs off an airfield."""
    state = to_duel(MEDALS)
    state = german_turn(state)
    state["medals"]["german"] = 2
    state["tiles"]["t01"]["destroyed"] = True
    state["airfield_bombs"]["18"] = 2
    assert rejected(state, "german", {"type": "UseMedal", "use": "repair", "tile": "t02"}).code == "nothing_to_repair"
    state, _ = apply(state, "german", {"type": "UseMedal", "use": "repair", "tile": "t01"})
    state, _ = apply(state, "german", {"type": "UseMedal", "use": "repair", "airfield": 18})
    assert not state["tiles"]["t01"]["destroyed"] and "18" not in state["airfield_bombs"]
    assert state["medals"]["german"] == 0
    assert rejected(state, "german", {"type": "UseMedal", "use": "repair", "tile": "t01"}).code == "not_enough_medals"


def test_mosquito_drops_medals_only_alongside_as_many_real_tokens():
    """§7.5 British use 2: medals as markers count like tokens; medals ≤ real tokens dropped."""
    state = to_duel(MEDALS)
    state["mosquito"].update(state="airborne", hex=19, altitude="HIGH")
    state["step"] = "mosquito_drop"
    state["medals"]["british"] = 3
    assert rejected(state, "british", {"type": "DropTokens", "markers": 3, "medals": 2}).code \
        == "medals_exceed_real_tokens"
    state, events = apply(state, "british", {"type": "DropTokens", "markers": 4, "medals": 2})
    assert state["markers"] == {"19": 4} and state["mosquito"]["tokens_left"] == 6 - 2
    assert state["medals"]["british"] == 1


def test_medals_carry_over_when_sides_are_kept_but_not_in_the_swap_variant():
    """§1.5: medals are kept from night to night by a side that keeps its side."""
    from systems.kit.contract import Event
    from systems.duel.rules import SYSTEM
    for mode, kept in (("standard", 3), ("swap", 0)):
        state = SYSTEM.initial_state({"medals": True, "mode": mode, "nights": 2}, None)
        state["medals"]["german"] = 3
        state = SYSTEM.evolve(state, Event("NightStarted", {"night": 2}))
        assert state["medals"]["german"] == kept
