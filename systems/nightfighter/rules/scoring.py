"""End of the night and the night score (docs/rules/nightfighter-solo.md §3.11, H15, H16)."""
from __future__ import annotations

from .uncertainty import bomber_hex

VP_KILL = 3
VP_DAMAGED_ESCAPED = 1
VP_FIGHTER_LOST = -2
VP_PILOT_KILLED = -2


def summary(state: dict) -> dict:
    bombers, fighters = state["bombers"], state["fighters"]
    kills = sum(1 for b in bombers.values() if b["status"] == "destroyed")
    escaped = [b for b in bombers.values() if b["status"] == "escaped"]
    damaged_escaped = sum(1 for b in escaped if b["hits"] > 0)
    lost = sum(1 for f in fighters.values() if f["status"] == "destroyed")
    pilots_killed = sum(1 for f in fighters.values() if f["fate"] == "killed")
    vp = kills * VP_KILL + damaged_escaped * VP_DAMAGED_ESCAPED + lost * VP_FIGHTER_LOST + pilots_killed * VP_PILOT_KILLED
    return {
        "kills": kills, "damaged_escaped": damaged_escaped, "escaped": len(escaped),
        "fighters_damaged": sum(1 for f in fighters.values() if f["status"] in ("damaged", "returned")),
        "fighters_lost": lost, "pilots_killed": pilots_killed, "vp": vp,
        "won": kills >= state["scenario"]["kills_target"],
        "pilots": {fid: {"pilot": f["pilot"]["id"], "level": f["pilot"]["level"], "kills": f["kills"],
                         "fate": f["fate"] or "unhurt"} for fid, f in sorted(fighters.items())},
    }


def night_over_reason(state: dict) -> str | None:
    """H16, checked in the End Phase."""
    bombers = state["bombers"].values()
    if all(b["status"] not in ("scheduled", "in_play") for b in bombers):
        return "schedule_done"
    if state["turn"] >= state["scenario"]["turns"]:
        return "turn_limit"
    if not any(f["status"] == "active" for f in state["fighters"].values()):
        return "no_fighter_can_act"
    return None


def end_night(journal, reason: str) -> None:
    state = journal.state
    for bomber_id, bomber in sorted(state["bombers"].items()):
        if bomber["status"] == "in_play":
            journal.emit("bomber_escaped", {"bomber": bomber_id, "reason": "night_ended", "hex": bomber_hex(state, bomber_id)})
    history = {bid: {"status": b["status"], "hits": b["hits"], "killed_by": b["killed_by"], "located": b["history"],
                     "tokens": {t: state["tokens"][t]["state"] for t in b["tokens"]}}
               for bid, b in sorted(state["bombers"].items())}
    journal.emit("night_ended", {"reason": reason, "turn": state["turn"], **summary(state),
                                 "seed_commitment": state["seed_commitment"], "history": history})
