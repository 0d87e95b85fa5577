"""Duel in the Dark's scoring in words (issue 26): the engine names each VP term, occasion and
medal reason by a code (systems/duel/rules/scoring.py ``term``), worded here in the viewer's
language. Events recorded before the codes carried English labels (``rule``); they read as stored.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy

from systems.duel.words import GRADES

# Translators: a Duel in the Dark scoring term; keep the rulebook's section (§5.1) and erratum (A-41, C-01) references.
TERMS = {
    "5.1:base": gettext_lazy("§5.1 base"),
    "5.1:radar": gettext_lazy("§5.1 radar"),
    "5.1:full_moon": gettext_lazy("§5.1 full moon"),
    "5.1:summer": gettext_lazy("§5.1 summer (from move 8)"),
    "5.1:cloud": gettext_lazy("§5.1 cloud"),
    "5.1:storm": gettext_lazy("§5.1 storm (C-01)"),
    "5.1:fighter_lower": gettext_lazy("§5.1 fighter lower than the Bomber"),
    "5.1:fighter_floor": gettext_lazy("A-41 fighter floor 0"),
    "5.1:searchlights": gettext_lazy("§5.1 German searchlights (once for the hex)"),
    "5.1:total_floor": gettext_lazy("A-41 total floor 0"),
    "5.2:base": gettext_lazy("§5.2 base"),
    "5.2:bomber_low": gettext_lazy("§5.2 Bomber LOW"),
    "5.2:searchlights": gettext_lazy("§5.2 German searchlights"),
    "5.3:city_value": gettext_lazy("§5.3 city value (%(city)s)"),
    "5.3:full_moon": gettext_lazy("§5.3 full moon"),
    "5.3:new_moon": gettext_lazy("§5.3 new moon"),
    "5.3:markers": gettext_lazy("§5.3 target markers"),
    "5.3:bomber_low": gettext_lazy("§5.3 Bomber LOW"),
    "5.3:searchlights": gettext_lazy("§5.3 German searchlights in the target hex"),
    "5.3:fire_engines": gettext_lazy("§5.3 fire engines in the target hex"),
    "5.3:smoke": gettext_lazy("§5.3 smoke screens in the target hex"),
    "5.3:shelters": gettext_lazy("§5.3 civil shelters in the target hex"),
    "5.3:fire_engines_near": gettext_lazy("§5.3 fire engines within 2 hexes (per pair)"),
    "5.3:fog": gettext_lazy("§5.3 fog over the target (C-16)"),
    "5.3:cloud": gettext_lazy("§5.3 cloud over the target"),
    "5.3:storm": gettext_lazy("§5.3 storm over the target"),
    "5.4:fighter": gettext_lazy("§5.4 per attacking fighter (max 2)"),
    "5.4:full_moon": gettext_lazy("§5.4 full moon"),
    "5.4:summer": gettext_lazy("§5.4 summer (after move 8, C-11)"),
    "5.4:cloud": gettext_lazy("§5.4 cloud"),
    "5.4:storm": gettext_lazy("§5.4 storm"),
    "5.4:mosquito_low": gettext_lazy("§5.4 Mosquito LOW (C-09)"),
    "5.4:floor": gettext_lazy("§5.4 floor 0"),
    "5.5:fog": gettext_lazy("§5.5 fog"),
    "5.5:storm": gettext_lazy("§5.5 storm"),
    "5.5:bombed_airfield": gettext_lazy("§5.5 bombed airfield (per effective bomb, A-28)"),
    "5.5:mosquito_low": gettext_lazy("§5.5 Mosquito LOW over the airfield (C-08)"),
    "5.6:ditching": gettext_lazy("§5.6 emergency landing / ditching in Britain or at sea"),
    "5.6:german_soil": gettext_lazy("§5.6 emergency landing on German soil"),
    "5.7:takeoff_fog": gettext_lazy("§5.7 Bomber takes off in fog"),
    "5.7:storm": gettext_lazy("§5.7 Bomber enters a storm"),
    "5.7:landing_fog": gettext_lazy("§5.7 Bomber lands in fog (C-02)"),
    "5.8:balloon": gettext_lazy("§5.8 balloon barrage"),
    "7.1:stronger_mosquito": gettext_lazy("§7.1 stronger Mosquito"),
    "7.5:german_medals": gettext_lazy("§7.5 German medals in the hex"),
    "7.5:evasion_medals": gettext_lazy("§7.5 British evasion medals (floor 0)"),
    "7.6:searchlights_shroud": gettext_lazy("§7.6 German searchlights doubled by the shroud"),
    "7.7:friendly_flak": gettext_lazy("§7.7 friendly flak (F − 1, in total)"),
    "9.4:window_storm": gettext_lazy("§9.4 Window has no effect in a storm"),
    "9.4:window_base": gettext_lazy("§9.4 Window base"),
    "9.4:window_target": gettext_lazy("§9.4 Window in the target hex"),
    "9.4:searchlights": gettext_lazy("§9.4 German searchlights (once, C-43)"),
    "9.4:full_moon": gettext_lazy("§9.4 full moon"),
    "9.4:summer": gettext_lazy("§9.4 summer (A-45)"),
    "9.4:cloud": gettext_lazy("§9.4 cloud"),
    "9.4:window_floor": gettext_lazy("A-77 Window floor 0"),
    "9.4:window_overflow": gettext_lazy("§9.4 Window cards beyond the route limit (A-78)"),
    "9.4:wilde_sau": gettext_lazy("§9.4 Wilde Sau interception (A-79)"),
    "9.7:quad_flak": gettext_lazy("§9.7 quad flak v LOW Mosquito (A-82)"),
    "9.11:british_searchlights": gettext_lazy("§9.11 British searchlights (C-30)"),
    "9.11:searchlight_pairs": gettext_lazy("§9.11 British searchlight / fighter pairs"),
    "9.8:acoustic_mirror": gettext_lazy("§9.8 acoustic mirror in the target hex (A-43)"),
    "9.9:ace_base": gettext_lazy("§9.9 ace gunner base 2"),
    "9.9:gold_ace": gettext_lazy("§9.9 gold ace v HIGH Mosquito"),
}

# What a ``VictoryPoints`` event scored for (its ``occasion``, a code the engine's tests read too).
OCCASIONS = {
    "Bomber take-off in fog": gettext_lazy("the Bomber taking off in fog"),
    "storm": gettext_lazy("the Bomber entering a storm"),
    "flak combat": gettext_lazy("flak combat"),
    "target bombed": gettext_lazy("bombing the target"),
    "fighter combat": gettext_lazy("fighter combat"),
    "Bomber landing in fog": gettext_lazy("the Bomber landing in fog"),
    "quad flak": gettext_lazy("quad flak"),
    "gold ace v Mosquito": gettext_lazy("a gold ace firing at the Mosquito"),
    "Window": gettext_lazy("Window"),
    "Window overflow penalty": gettext_lazy("Window cards beyond the route limit"),
    "Wilde Sau": gettext_lazy("a Wilde Sau interception"),
    "fighter landing": gettext_lazy("a fighter landing"),
    "fighter take-off": gettext_lazy("a fighter taking off"),
    "emergency landing": gettext_lazy("an emergency landing"),
    "Mosquito combat": gettext_lazy("the fight with the Mosquito"),
    "Mosquito bombing among balloon barrages": gettext_lazy("the Mosquito bombing among balloon barrages"),
}

# Why medals were received (§7.5), spent, or left the board.
MEDAL_REASONS = {
    "fighters_in_hex": gettext_lazy("%(fighters)s fighters in the Bomber's hex"),
    "empty_hex": gettext_lazy("a Bomber move without German fighters"),
    "spent_in_fight": gettext_lazy("spent in the fight (C-19)"),
    "no_airborne_fighter": gettext_lazy("no airborne fighter (C-19)"),
    "sabotage": gettext_lazy("sabotage"), "evasion": gettext_lazy("evasion"), "fuel": gettext_lazy("fuel"),
    "Mosquito tokens": gettext_lazy("Mosquito tokens"),
}

# The unit a term counts for (``per``): a fighter's counter, a ground unit's tile, an ace.
UNITS = {
    "flak": gettext_lazy("flak %(id)s"), "railway_flak": gettext_lazy("railway flak %(id)s"),
    "balloon": gettext_lazy("balloon barrage %(id)s"), "quad_flak": gettext_lazy("quad flak %(id)s"),
    "wilde_sau": gettext_lazy("Wilde Sau %(id)s"), "ace": gettext_lazy("%(grade)s ace %(id)s"),
}
WHEN = {"take-off": gettext_lazy("%(fighter)s, take-off"), "landing": gettext_lazy("%(fighter)s, landing")}


def signed(value) -> str:
    return f"+{value}" if isinstance(value, int) and value > 0 else str(value)


def per_text(per, fighter_name) -> str:
    if not isinstance(per, dict):
        return str(per)  # recorded before the codes: English as stored
    unit, unit_id = per.get("unit"), per.get("id")
    if unit == "fighter":
        name = fighter_name(unit_id)
        return str(WHEN[per["when"]]) % {"fighter": name} if per.get("when") in WHEN else name
    if unit in UNITS:
        return str(UNITS[unit]) % {"id": unit_id, "grade": GRADES.get(per.get("grade"), per.get("grade", ""))}
    return f"{unit} {unit_id}"


def term_text(reason: dict, fighter_name) -> str:
    """``§5.1 radar +1 (the red Me 110)``: the term's words, its value, whom it counts for."""
    code = reason.get("code")
    if code in TERMS:
        label = str(TERMS[code]) % (reason.get("params") or {})
    else:
        label = reason.get("rule") or code or "?"
    per = f" ({per_text(reason['per'], fighter_name)})" if reason.get("per") else ""
    return f"{label} {signed(reason.get('value', 0))}{per}"


def occasion_text(occasion) -> str:
    return str(OCCASIONS.get(occasion, occasion or "?"))


def medal_reason_text(payload: dict, key: str = "reason") -> str:
    reason = payload.get(key, "")
    if reason in MEDAL_REASONS:
        return str(MEDAL_REASONS[reason]) % payload
    return str(reason)
