"""Junkers Ju 88 with the observer badge (docs/rules/duel-in-the-dark.md §9.1; [IT Esp. Ju 88], A-69).

The Ju 88 replaces the fighter named by the option ``ju88_replaces`` (its id becomes ``ju88``;
in the 3–5 player variant it takes that fighter's seat — the lot of [IT] is replaced by the
organiser's choice).  The badge lets the Ju 88 ignore its own cloud malus in a fight against
the Bomber once outbound and once on the return; the engine uses it automatically at the first
fight where it matters (a badge never used loses nothing by being used then).
"""
from __future__ import annotations

JU88_ID = "ju88"
OUTBOUND, RETURN = "outbound", "return"


def night_fighters(board, options: dict) -> list[dict]:
    """The board's fighters, with the Ju 88 substituted when the expansion is on."""
    out = []
    for f in board.fighters:
        if options["ju88"] and f["id"] == options["ju88_replaces"]:
            ju = board.data.get("ju88", {"type": "Ju 88", "fuel_max": 14, "mw50_eligible": False})
            out.append({"id": JU88_ID, "type": ju["type"], "fuel_max": ju["fuel_max"], "mw50_eligible": False,
                        "replaces": f["id"]})
        else:
            out.append(dict(f))
    return out


def badge_side(state: dict) -> str | None:
    """Which badge use is available now: outbound before the bombing, return after."""
    badge = state["observer_badge"]
    if badge is None:
        return None
    leg = RETURN if state["bomber"]["target_bombed"] else OUTBOUND
    return badge if badge == leg else None


# Folding this module's events (evolve.py joins every module's EVOLVE table)
def _observer_badge_used(s, p):
    s["observer_badge"] = "return" if p["leg"] == "outbound" else None


EVOLVE = {
    "ObserverBadgeUsed": _observer_badge_used,
}
