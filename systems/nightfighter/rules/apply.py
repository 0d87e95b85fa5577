"""Folding events into the state (the ``evolve`` half; docs/rules/nightfighter-solo.md §5).

Each handler mutates the working copy it is given; :func:`evolve` copies first. Events that only
record dice (``location_roll``, ``phantom_test``, ...) change nothing.
"""
from __future__ import annotations

from systems.kit.contract import Event
from systems.kit.emitter import plain
from .aircraft import BOMBERS
from .uncertainty import has_fix

JU88 = BOMBERS["Ju88"]


def _night_started(s, p):
    s["turn"] = 1
    s["weather"] = {"visibility": p["visibility"], "moon": p["moon"]}


def _fighter_deployed(s, p):
    s["fighters"][p["fighter"]].update(hex=p["hex"], facing=p["facing"])


def _turn_started(s, p):
    s["turn"] = p["turn"]
    s["turn_flags"] = {"zones_used": [], "tracked": [], "corkscrewed": []}
    for f in s["fighters"].values():
        f.update(moved=False, ai_used=False, basic_tally_used=False, advanced_tally_used=False, attacked=False)


def _phase_started(s, p):
    s["phase"] = p["phase"]


def _entry_wave(s, p):
    s["waves"] = p["wave"]


def _token_pending(s, p):
    s["tokens"][p["token"]] = {"bomber": p["bomber"], "state": "pending", "hex": None,
                               "entry_turn": p["entry_turn"], "column": p["column"]}
    s["bombers"][p["bomber"]]["tokens"].append(p["token"])
    s["bombers"][p["bomber"]]["status"] = "in_play"


def _token_entered(s, p):
    s["tokens"][p["token"]].update(state="on_map", hex=p["hex"])


def _entry_delayed(s, p):
    s["tokens"][p["token"]]["entry_turn"] = p["to_turn"]


def _token_moved(s, p):
    s["tokens"][p["token"]]["hex"] = p["to"]


def _token_exited(s, p):
    s["tokens"][p["token"]].update(state="exited", hex=None)


def _token_removed(s, p):
    s["tokens"][p["token"]].update(state="removed", hex=None)
    s["exclusions"].pop(p["token"], None)


def _clear_bomber_fixes(s, bomber_id):
    bomber = s["bombers"][bomber_id]
    for f in s["fighters"].values():
        if f["tally"] == bomber_id:
            f["tally"] = None
        if f["ai_fix"] == bomber_id:
            f["ai_fix"] = None
    bomber["fixes"] = {"tally": [], "ai": [], "searchlight": None}
    bomber["track"] = None


def _bomber_escaped(s, p):
    s["bombers"][p["bomber"]]["status"] = "escaped"
    _clear_bomber_fixes(s, p["bomber"])


def _bomber_destroyed(s, p):
    bomber = s["bombers"][p["bomber"]]
    bomber.update(status="destroyed", killed_by=p["by"])
    for t in bomber["tokens"]:
        if s["tokens"][t]["state"] != "removed":
            s["tokens"][t].update(state="removed", hex=None)
    _clear_bomber_fixes(s, p["bomber"])
    s["fighters"][p["by"]]["kills"] += 1


def _h2s_assigned(s, p):
    s["bombers"][p["bomber"]]["h2s"] = True


def _fighter_moved(s, p):
    s["fighters"][p["fighter"]].update(hex=p["hex"], facing=p["facing"], moved=True)


def _fighter_exited(s, p):
    s["fighters"][p["fighter"]].update(hex=None, status="exited", moved=True)


def _fix_placed(s, p):
    bomber = s["bombers"][p["bomber"]]
    fix, by = p["fix"], p["by"]
    if fix in ("tally", "ai"):
        if by not in bomber["fixes"][fix]:
            bomber["fixes"][fix].append(by)
        s["fighters"][by]["tally" if fix == "tally" else "ai_fix"] = p["bomber"]
    elif fix == "searchlight":
        bomber["fixes"]["searchlight"] = by
        if by not in s["turn_flags"]["zones_used"]:
            s["turn_flags"]["zones_used"].append(by)
    else:
        bomber["track"] = p["position"]
        bomber["track_ever"] = True
        if p["position"] == "on" and p["bomber"] not in s["turn_flags"]["tracked"]:
            s["turn_flags"]["tracked"].append(p["bomber"])
    bomber["history"].append({"turn": s["turn"], "fix": fix, "by": by, "hex": p.get("hex")})


def _fix_removed(s, p):
    bomber = s["bombers"][p["bomber"]]
    fix, by = p["fix"], p["by"]
    if fix in ("tally", "ai"):
        if by in bomber["fixes"][fix]:
            bomber["fixes"][fix].remove(by)
        key = "tally" if fix == "tally" else "ai_fix"
        if s["fighters"][by][key] == p["bomber"]:
            s["fighters"][by][key] = None
    elif fix == "searchlight":
        bomber["fixes"]["searchlight"] = None
    else:
        bomber["track"] = "under"
    if not has_fix(bomber):
        # S5.1, S16.0: the last fix leaving drops the bomber to LOW, Track under, no move.
        bomber["track"] = "under"
        bomber["track_ever"] = True


def _exclusion_added(s, p):
    s["exclusions"][p["token"]] = sorted(set(s["exclusions"].get(p["token"], [])) | set(p["hexes"]))


def _exclusions_cleared(s, p):
    s["exclusions"] = {}


def _ai_attempt(s, p):
    s["fighters"][p["fighter"]]["ai_used"] = True


def _tally_attempt(s, p):
    s["fighters"][p["fighter"]]["advanced_tally_used" if p["kind"] == "advanced" else "basic_tally_used"] = True


def _searchlight_attempt(s, p):
    if p["zone"] not in s["turn_flags"]["zones_used"]:
        s["turn_flags"]["zones_used"].append(p["zone"])


def _search_resolved(s, p):
    if p.get("keeps_track") and p["bomber"] not in s["turn_flags"]["tracked"]:
        s["turn_flags"]["tracked"].append(p["bomber"])


def _corkscrew(s, p):
    s["turn_flags"]["corkscrewed"].append(p["bomber"])


def _attack_resolved(s, p):
    s["fighters"][p["fighter"]]["attacked"] = True
    s["fighters"][p["fighter"]]["hits_taken"] += p["hits_taken"]
    s["bombers"][p["bomber"]]["hits"] += p["hits_scored"]


def _fighter_status(status):
    def handler(s, p):
        s["fighters"][p["fighter"]]["status"] = status
        if status == "returned":
            s["fighters"][p["fighter"]]["hex"] = None
    return handler


def _pilot_fate(s, p):
    s["fighters"][p["fighter"]]["fate"] = p["fate"]


def _night_ended(s, p):
    s["phase"] = "over"
    s["result"] = {k: v for k, v in p.items() if k != "history"}


def _cup_draw(s, p):
    s["cup"][p["counter"]] -= 1


def _contact_revealed(s, p):
    bomber = s["bombers"][p["bomber"]]
    bomber["contact"] = False
    if p["as"] == "Ju88":
        bomber.update(type="Ju88", firepower=JU88["firepower"], toughness=JU88["toughness"])
        return
    bomber["status"] = "dismissed"
    for t in bomber["tokens"]:
        if s["tokens"][t]["state"] != "removed":
            s["tokens"][t].update(state="removed", hex=None)
    _clear_bomber_fixes(s, p["bomber"])


EVOLVE = {
    "night_started": _night_started, "fighter_deployed": _fighter_deployed, "turn_started": _turn_started,
    "phase_started": _phase_started, "entry_wave": _entry_wave, "token_pending": _token_pending,
    "token_entered": _token_entered, "entry_delayed": _entry_delayed, "token_moved": _token_moved,
    "token_exited": _token_exited, "token_removed": _token_removed, "bomber_escaped": _bomber_escaped,
    "bomber_destroyed": _bomber_destroyed, "h2s_assigned": _h2s_assigned, "fighter_moved": _fighter_moved,
    "fighter_exited": _fighter_exited, "fix_placed": _fix_placed, "fix_removed": _fix_removed,
    "exclusion_added": _exclusion_added, "exclusions_cleared": _exclusions_cleared, "ai_attempt": _ai_attempt,
    "tally_attempt": _tally_attempt, "searchlight_attempt": _searchlight_attempt,
    "search_resolved": _search_resolved, "corkscrew": _corkscrew, "attack_resolved": _attack_resolved,
    "fighter_damaged": _fighter_status("damaged"), "fighter_destroyed": _fighter_status("destroyed"),
    "fighter_returned": _fighter_status("returned"), "pilot_fate": _pilot_fate, "night_ended": _night_ended,
    "contact_revealed": _contact_revealed, "cup_draw": _cup_draw,
}
RECORD_ONLY = {
    "location_roll", "phantom_test", "uncertainty_changed", "entry_column_rolled", "search_assigned",
    "jamming_check", "response_test", "corkscrew_follow", "bomber_damaged", "displacement_roll", "serrate_check",
}


def apply(state: dict, event: Event) -> None:
    """Folds one event into ``state`` in place (the kit's emitter folds each event as it is written)."""
    handler = EVOLVE.get(event.type)
    if handler is not None:
        handler(state, event.payload)
    elif event.type not in RECORD_ONLY:
        raise ValueError(f"unknown event type {event.type!r}")


def evolve(state: dict, event: Event) -> dict:
    new_state = plain(state)
    apply(new_state, event)
    return new_state
