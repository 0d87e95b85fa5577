"""Stored events of an older shape, read in the current one (issue 26).

Until issue 26 the engine named each scoring term by an English label (``{"rule": "§5.1 radar",
"value": 1, "per": "fighter red"}``) and each medal reason by an English sentence; it now emits
codes the presentation layer words in the viewer's language (``{"code": "5.1:radar", "value": 1,
"per": {"unit": "fighter", "id": "red"}}``, scoring.py ``term``). A finished game recorded before
that must still verify: an erratum of wording changes no move. The events table is append-only
and its hash chain covers the stored payload, so the stored events are never rewritten; the
verifier and the import upcast a stored payload with :func:`upcast` before comparing it with what
the engine produces now.
"""
from __future__ import annotations

import re

# Every label the engine emitted before the codes → its code (git history of scoring.py,
# advanced/medals.py, bomber.py, expansions/).
OLD_TERMS = {
    "§5.1 base": "5.1:base",
    "§5.1 radar": "5.1:radar",
    "§5.1 full moon": "5.1:full_moon",
    "§5.1 summer (from move 8)": "5.1:summer",
    "§5.1 cloud": "5.1:cloud",
    "§5.1 storm (C-01)": "5.1:storm",
    "§5.1 fighter lower than the Bomber": "5.1:fighter_lower",
    "A-41 fighter floor 0": "5.1:fighter_floor",
    "§5.1 German searchlights (once for the hex)": "5.1:searchlights",
    "A-41 total floor 0": "5.1:total_floor",
    "§5.2 base": "5.2:base",
    "§5.2 Bomber LOW": "5.2:bomber_low",
    "§5.2 German searchlights": "5.2:searchlights",
    "§5.3 full moon": "5.3:full_moon",
    "§5.3 new moon": "5.3:new_moon",
    "§5.3 target markers": "5.3:markers",
    "§5.3 Bomber LOW": "5.3:bomber_low",
    "§5.3 German searchlights in the target hex": "5.3:searchlights",
    "§5.3 fire engines in the target hex": "5.3:fire_engines",
    "§5.3 smoke screens in the target hex": "5.3:smoke",
    "§5.3 civil shelters in the target hex": "5.3:shelters",
    "§5.3 fire engines within 2 hexes (per pair)": "5.3:fire_engines_near",
    "§5.3 fog over the target (C-16)": "5.3:fog",
    "§5.3 cloud over the target": "5.3:cloud",
    "§5.3 storm over the target": "5.3:storm",
    "§5.4 per attacking fighter (max 2)": "5.4:fighter",
    "§5.4 full moon": "5.4:full_moon",
    "§5.4 summer (after move 8, C-11)": "5.4:summer",
    "§5.4 cloud": "5.4:cloud",
    "§5.4 storm": "5.4:storm",
    "§5.4 Mosquito LOW (C-09)": "5.4:mosquito_low",
    "§5.4 floor 0": "5.4:floor",
    "§5.5 fog": "5.5:fog",
    "§5.5 storm": "5.5:storm",
    "§5.5 bombed airfield (per effective bomb, A-28)": "5.5:bombed_airfield",
    "§5.5 Mosquito LOW over the airfield (C-08)": "5.5:mosquito_low",
    "§5.6 emergency landing / ditching in Britain or at sea": "5.6:ditching",
    "§5.6 emergency landing on German soil": "5.6:german_soil",
    "§5.7 Bomber takes off in fog": "5.7:takeoff_fog",
    "§5.7 Bomber enters a storm": "5.7:storm",
    "§5.7 Bomber lands in fog (C-02)": "5.7:landing_fog",
    "§5.8 balloon barrage": "5.8:balloon",
    "§7.1 stronger Mosquito": "7.1:stronger_mosquito",
    "§7.5 German medals in the hex": "7.5:german_medals",
    "§7.5 British evasion medals (floor 0)": "7.5:evasion_medals",
    "§7.6 German searchlights doubled by the shroud": "7.6:searchlights_shroud",
    "§7.7 friendly flak (F − 1, in total)": "7.7:friendly_flak",
    "§9.4 Window has no effect in a storm": "9.4:window_storm",
    "§9.4 Window base": "9.4:window_base",
    "§9.4 Window in the target hex": "9.4:window_target",
    "§9.4 German searchlights (once, C-43)": "9.4:searchlights",
    "§9.4 full moon": "9.4:full_moon",
    "§9.4 summer (A-45)": "9.4:summer",
    "§9.4 cloud": "9.4:cloud",
    "A-77 Window floor 0": "9.4:window_floor",
    "§9.4 Window cards beyond the route limit (A-78)": "9.4:window_overflow",
    "§9.4 Wilde Sau interception (A-79)": "9.4:wilde_sau",
    "§9.7 quad flak v LOW Mosquito (A-82)": "9.7:quad_flak",
    "§9.8 acoustic mirror in the target hex (A-43)": "9.8:acoustic_mirror",
    "§9.9 ace gunner base 2": "9.9:ace_base",
    "§9.9 gold ace v HIGH Mosquito": "9.9:gold_ace",
    "§9.11 British searchlights (C-30)": "9.11:british_searchlights",
    "§9.11 British searchlight / fighter pairs": "9.11:searchlight_pairs",
}
# The one label that carried a value: the city's name became a parameter.
OLD_CITY_VALUE = re.compile(r"§5\.3 city value \((?P<city>.*)\)")
CITY_VALUE = "5.3:city_value"

# ``per`` was "fighter red", "fighter red take-off", "flak t07", "railway flak t31",
# "silver ace a1", "quad flak q2", "balloon t12", or a bare Wilde Sau token.
OLD_PER = [
    (re.compile(r"fighter (?P<id>\S+) (?P<when>take-off|landing)"), "fighter"),
    (re.compile(r"fighter (?P<id>\S+)"), "fighter"),
    (re.compile(r"railway flak (?P<id>\S+)"), "railway_flak"),
    (re.compile(r"quad flak (?P<id>\S+)"), "quad_flak"),
    (re.compile(r"flak (?P<id>\S+)"), "flak"),
    (re.compile(r"balloon (?P<id>\S+)"), "balloon"),
    (re.compile(r"(?P<grade>\S+) ace (?P<id>\S+)"), "ace"),
]
WILDE_SAU = "9.4:wilde_sau"

# Medal reasons (MedalsAwarded, GermanMedalsRemoved) → code and its parameters.
OLD_MEDAL_REASONS = {
    "Bomber move without German fighters": "empty_hex",
    "spent in the fight (C-19)": "spent_in_fight",
    "no airborne fighter (C-19)": "no_airborne_fighter",
}
OLD_FIGHTERS_IN_HEX = re.compile(r"(?P<fighters>\d+) fighters in the Bomber's hex")


def upcast_per(code: str, per):
    if not isinstance(per, str):
        return per
    if code == WILDE_SAU:
        return {"unit": "wilde_sau", "id": per}
    for pattern, unit in OLD_PER:
        found = pattern.fullmatch(per)
        if found:
            return {"unit": unit, **found.groupdict()}
    return per


def upcast_term(term: dict) -> dict:
    """One scoring term in the current shape (a current one is returned as it is)."""
    if not isinstance(term, dict) or "rule" not in term:
        return term
    label, rest = term["rule"], {k: v for k, v in term.items() if k != "rule"}
    city = OLD_CITY_VALUE.fullmatch(label) if isinstance(label, str) else None
    if city:
        return {"code": CITY_VALUE, **rest, "params": {"city": city["city"]}}
    if label not in OLD_TERMS:
        return term  # not a label this engine wrote: left for the comparison to report
    code = OLD_TERMS[label]
    if "per" in rest:
        rest["per"] = upcast_per(code, rest["per"])
    return {"code": code, **rest}


def upcast_medal_reason(payload: dict) -> dict:
    reason = payload.get("reason")
    if reason in OLD_MEDAL_REASONS:
        return {**payload, "reason": OLD_MEDAL_REASONS[reason]}
    found = OLD_FIGHTERS_IN_HEX.fullmatch(reason) if isinstance(reason, str) else None
    if found:
        return {**payload, "reason": "fighters_in_hex", "fighters": int(found["fighters"])}
    return payload


def _terms(payload: dict, key: str) -> dict:
    if not isinstance(payload.get(key), list):
        return payload
    return {**payload, key: [upcast_term(t) for t in payload[key]]}


def upcast(event_type: str, payload: dict) -> dict:
    """``payload`` of a stored ``event_type`` event in the shape the engine emits now; a new copy,
    the stored one untouched (contract.py ``upcast``)."""
    if event_type == "VictoryPoints":
        return _terms(payload, "reasons")
    if event_type == "TargetBombed":
        return _terms(payload, "breakdown")
    if event_type in ("MedalsAwarded", "GermanMedalsRemoved"):
        return upcast_medal_reason(payload)
    return payload
