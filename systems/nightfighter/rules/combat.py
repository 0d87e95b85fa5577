"""Combat Phase: response tests, corkscrews, attacks, damage (docs/rules/nightfighter-solo.md §1.12, §3.10;
S17.0, S28.0 (28.1); H13, H14)."""
from __future__ import annotations

from systems.kit.contract import reject
from .fighter_checks import active_fighter, on_map_token
from .fighter_movement import release_fighter_fixes
from .randomness import roll, roll_many, values
from .uncertainty import bomber_hex

CORKSCREW_ON = 1
FOLLOW_FROM = 4
ATTACK_HIT_FROM = 5
DEFENCE_HIT_ON = 6
PILOT_ATTACK = {"green": -1, "regular": 0, "veteran": 1, "ace": 1}
PILOT_FATE = {1: "killed", 2: "killed", 3: "wounded", 4: "wounded", 5: "unhurt", 6: "unhurt"}


def response_tests(journal) -> None:
    state = journal.state
    for bomber_id, bomber in sorted(state["bombers"].items()):
        if bomber["status"] != "in_play" or not bomber["fixes"]["tally"]:
            continue
        die = roll(journal.rng, "response")
        corkscrew = die["value"] == CORKSCREW_ON
        journal.emit("response_test", {"bomber": bomber_id, "rolls": [die], "corkscrew": corkscrew})
        if corkscrew:
            _corkscrew(journal, bomber_id)


def _corkscrew(journal, bomber_id: str) -> None:
    state = journal.state
    bomber = state["bombers"][bomber_id]
    journal.emit("corkscrew", {"bomber": bomber_id})
    holders = sorted(set(bomber["fixes"]["tally"]) | set(bomber["fixes"]["ai"]))
    for fighter_id in holders:
        kept = False
        if state["options"]["follow_corkscrews"]:
            die = roll(journal.rng, "follow_corkscrew")
            kept = die["value"] >= FOLLOW_FROM
            journal.emit("corkscrew_follow", {"fighter": fighter_id, "bomber": bomber_id, "rolls": [die], "kept": kept})
        if not kept:
            for fix in ("tally", "ai"):
                if fighter_id in bomber["fixes"][fix]:
                    journal.emit("fix_removed", {"bomber": bomber_id, "fix": fix, "by": fighter_id, "reason": "corkscrew"})
    if bomber["fixes"]["searchlight"]:
        journal.emit("fix_removed", {"bomber": bomber_id, "fix": "searchlight", "by": bomber["fixes"]["searchlight"],
                                     "reason": "corkscrew"})
    if bomber["track"] == "on":
        journal.emit("fix_removed", {"bomber": bomber_id, "fix": "track", "by": None, "reason": "corkscrew"})


def check_attack(state: dict, command: dict) -> tuple[str, str]:
    fighter_id = active_fighter(state, command)
    token_id = on_map_token(state, command)
    fighter = state["fighters"][fighter_id]
    bomber_id = state["tokens"][token_id]["bomber"]
    if fighter["tally"] != bomber_id:
        reject("no_tally", f"{fighter_id} holds no Tally on {bomber_id}")
    if fighter["attacked"]:
        reject("already_attacked", f"{fighter_id} has attacked this turn")
    if fighter["hex"] != bomber_hex(state, bomber_id):
        reject("not_same_hex", f"{fighter_id} must share {bomber_id}'s hex")
    return fighter_id, bomber_id


def attack(journal, command: dict) -> None:
    state = journal.state
    fighter_id, bomber_id = check_attack(state, command)
    fighter, bomber = state["fighters"][fighter_id], state["bombers"][bomber_id]
    attack_dice = roll_many(journal.rng, "attack", max(1, fighter["firepower"] + PILOT_ATTACK[fighter["pilot"]["level"]]))
    firepower = 0 if bomber_id in state["turn_flags"]["corkscrewed"] else bomber["firepower"]
    defence_dice = roll_many(journal.rng, "defensive_fire", firepower)
    scored = sum(1 for v in values(attack_dice) if v >= ATTACK_HIT_FROM)
    taken = sum(1 for v in values(defence_dice) if v >= DEFENCE_HIT_ON)
    journal.emit("attack_resolved", {"fighter": fighter_id, "bomber": bomber_id, "attack": attack_dice,
                                     "defence": defence_dice, "hits_scored": scored, "hits_taken": taken})
    if bomber["hits"] >= bomber["toughness"]:
        journal.emit("bomber_destroyed", {"bomber": bomber_id, "by": fighter_id, "pilot": fighter["pilot"]["id"]})
    elif scored:
        journal.emit("bomber_damaged", {"bomber": bomber_id, "hits": bomber["hits"]})
    if taken >= 2:
        release_fighter_fixes(journal, fighter_id, "fighter_destroyed")
        journal.emit("fighter_destroyed", {"fighter": fighter_id})
        die = roll(journal.rng, "pilot_fate")
        journal.emit("pilot_fate", {"fighter": fighter_id, "pilot": fighter["pilot"]["id"], "rolls": [die],
                                    "fate": PILOT_FATE[die["value"]]})
    elif taken == 1:
        release_fighter_fixes(journal, fighter_id, "fighter_damaged")
        journal.emit("fighter_damaged", {"fighter": fighter_id})
