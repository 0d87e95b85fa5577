"""Nightfighter solo in words (docs/rules/nightfighter-solo.md): hexes as ``CCRR`` ("0619"), bomber tokens,
fixes, uncertainty levels, dice, and the night's score (H15).
"""
from __future__ import annotations

from functools import lru_cache

from django.utils.translation import get_language, gettext as _
from django.utils.translation import gettext_lazy, ngettext

from systems.kit.framework_events import GAME_CREATED
from systems.kit import presentation as generic
from systems.kit.presentation import words

PHASE_NAMES = {
    "setup": gettext_lazy("set-up: deploy your fighters"), "movement": gettext_lazy("fighter movement"),
    "radar": gettext_lazy("ground radar search"), "ai": gettext_lazy("airborne radar (AI) search"),
    "searchlight": gettext_lazy("searchlights"), "tally": gettext_lazy("tally (spotting)"),
    "combat": gettext_lazy("combat"), "over": gettext_lazy("the night is over"),
}
FIX_NAMES = {
    # Translators: the rulebook's term: the fighter's crew has seen the bomber (docs/rules/nightfighter-solo.md).
    "tally": gettext_lazy("a Tally"),
    # Translators: the rulebook's term: the fighter's airborne interception radar (AI) holds the bomber.
    "ai": gettext_lazy("an AI Fix"),
    # Translators: the rulebook's term: a searchlight holds the bomber.
    "searchlight": gettext_lazy("a Searchlight Fix"),
    # Translators: the rulebook's term: the ground radar knows the bomber's hex.
    "track": gettext_lazy("Track"),
}
LEVEL_NAMES = {
    # Translators: LOW / MEDIUM / HIGH are the rulebook's uncertainty levels of a bomber's position.
    "NONE": gettext_lazy("exactly located"), "LOW": gettext_lazy("LOW uncertainty (6 hexes)"),
    "MEDIUM": gettext_lazy("MEDIUM uncertainty (18 hexes)"), "HIGH": gettext_lazy("HIGH uncertainty (several tokens)"),
}
END_REASONS = {
    "schedule_done": gettext_lazy("every bomber has come and gone"),
    "turn_limit": gettext_lazy("the last turn is over"),
    "no_fighter_can_act": gettext_lazy("no fighter can fly on"), "player_ended": gettext_lazy("you ended the night"),
}
PATH_WORDS = {"L": gettext_lazy("left"), "R": gettext_lazy("right")}
# The engine's codes for why a token or fix goes, a fighter's or bomber's state and a pilot's fate
# (systems/nightfighter/rules), in words.
CODE_WORDS = {
    "all_blocked": gettext_lazy("all blocked"), "displaced_off_map": gettext_lazy("displaced off map"),
    "flight": gettext_lazy("flight"), "left_zones": gettext_lazy("left zones"),
    "located_off_map": gettext_lazy("located off map"), "lost_contact": gettext_lazy("lost contact"),
    "night_ended": gettext_lazy("night ended"), "not_tracked": gettext_lazy("not tracked"),
    "out_of_ai_area": gettext_lazy("out of AI area"), "phantom": gettext_lazy("phantom"),
    "search_value_too_high": gettext_lazy("search value too high"), "token_gone": gettext_lazy("token gone"),
    # Translators: the rulebook's evasive manoeuvre of a bomber under attack.
    "corkscrew": gettext_lazy("corkscrew"),
    "damaged": gettext_lazy("damaged"), "destroyed": gettext_lazy("destroyed"), "returned": gettext_lazy("returned"),
    "available": gettext_lazy("available"), "scheduled": gettext_lazy("scheduled"),
    "dismissed": gettext_lazy("dismissed"), "escaped": gettext_lazy("escaped"), "killed": gettext_lazy("killed"),
    "wounded": gettext_lazy("wounded"), "unhurt": gettext_lazy("unhurt"),
}
DEVICE_NAMES = {"flensburg": "Flensburg", "naxos": "Naxos", "serrate_sweep": gettext_lazy("Serrate sweep"),
                "serrate_targeted": gettext_lazy("Serrate (targeted)")}
CATEGORIES = {
    "fighter_moved": "moves", "fighter_exited": "moves", "fighter_deployed": "setup", "token_moved": "moves",
    "token_entered": "moves", "token_exited": "moves", "token_pending": "moves", "entry_delayed": "moves",
    "entry_wave": "moves", "entry_column_rolled": "moves", "bomber_escaped": "score",
    "attack_resolved": "combat", "response_test": "combat", "corkscrew": "combat", "corkscrew_follow": "combat",
    "bomber_damaged": "combat", "bomber_destroyed": "score", "fighter_damaged": "combat",
    "fighter_destroyed": "combat", "fighter_returned": "combat", "pilot_fate": "combat", "night_ended": "score",
    "turn_started": "turns", "phase_started": "turns", "night_started": "turns", "exclusions_cleared": "turns",
}


def hex_name(hex_id) -> str:
    return f"{int(hex_id):04d}" if isinstance(hex_id, int) else _("off the map")


def code_words(code) -> str:
    return str(CODE_WORDS.get(code) or words(code or ""))


def phase_name(phase: str) -> str:
    return str(PHASE_NAMES.get(phase, words(phase)))


def path_words(path: list) -> str:
    return _path_words(tuple(path), get_language())


@lru_cache(maxsize=1024)
def _path_words(path: tuple, language: str) -> str:
    """A path such as F, F, L, F in words ("2 ahead, left, 1 ahead"), once per path and
    language: a fighter is offered hundreds of moves at a time."""
    parts, ahead = [], 0
    for step in path + ("",):
        if step == "F":
            ahead += 1
            continue
        if ahead:
            parts.append(ngettext("%(n)d ahead", "%(n)d ahead", ahead) % {"n": ahead})
            ahead = 0
        if step:
            parts.append(str(PATH_WORDS.get(step, step)))
    return ", ".join(parts)


def source_name(source) -> str:
    """A search marker's source: a radar id, or ``[fighter, device]``."""
    if isinstance(source, list) and len(source) == 2:
        return f"{source[0]} {DEVICE_NAMES.get(source[1], source[1])}"
    return {"FREYA": "Freya", "WURZBURG": "Würzburg", "HIMMELBETT": "Himmelbett", "SCR270": "SCR-270"}.get(
        str(source), str(source))


def die(roll) -> str:
    """A recorded roll: a die ``{"value"}``, or a location pair ``{"label": "6/5-6", ...}``."""
    if isinstance(roll, dict):
        return str(roll.get("label") or roll.get("value", "?"))
    return str(roll)


def dice(rolls) -> str:
    return ", ".join(die(r) for r in rolls or []) or "—"


# -- events ---------------------------------------------------------------------------------------

# Events whose words read straight from their payload.
EVENT_TEXTS = {
    "night_started": gettext_lazy(
        "The night begins (scenario %(scenario)s): visibility %(visibility)s, moon %(moon)s."),
    "turn_started": gettext_lazy("Turn %(turn)d begins."),
    "fighter_exited": gettext_lazy("%(fighter)s leaves the map."),
    "entry_wave": gettext_lazy("Bombers come in (wave %(wave)d)."),
    "token_pending": gettext_lazy(
        "Token %(token)s of bomber %(bomber)s will enter in column %(column)02d on turn %(entry_turn)d."),
    "entry_delayed": gettext_lazy("Token %(token)s enters later, on turn %(to_turn)d."),
    "token_exited": gettext_lazy("Token %(token)s leaves the map."),
    "exclusions_cleared": gettext_lazy("End of turn %(turn)d: exclusions cleared."),
    "cup_draw": gettext_lazy("A counter is drawn for %(bomber)s."),
    "h2s_assigned": gettext_lazy("Bomber %(bomber)s carries H2S radar."),
    "corkscrew": gettext_lazy("Bomber %(bomber)s corkscrews and loses its fixes."),
    "bomber_damaged": gettext_lazy("Bomber %(bomber)s is damaged (%(hits)d hits)."),
    "bomber_destroyed": gettext_lazy("Bomber %(bomber)s is shot down by %(by)s!"),
    "fighter_damaged": gettext_lazy("%(fighter)s is damaged and must return to base."),
    "fighter_destroyed": gettext_lazy("%(fighter)s is shot down."),
    "fighter_returned": gettext_lazy("%(fighter)s returns to base."),
}

def describe_event(event: dict) -> str:  # noqa: C901 — one branch per event type, like the rulebook's list
    kind, p = event.get("type"), event.get("payload") or {}
    if kind in EVENT_TEXTS:
        return str(EVENT_TEXTS[kind]) % p
    if kind == "phase_started":
        return _("Phase: %(phase)s.") % {"phase": phase_name(p["phase"])}
    if kind == "fighter_deployed":
        return _("%(fighter)s is deployed on %(hex)s facing %(facing)s.") % {**p, "hex": hex_name(p["hex"])}
    if kind == "fighter_moved":
        return _("%(fighter)s flies to %(hex)s, facing %(facing)s (%(path)s).") % {
            **p, "path": path_words(p["path"]), "hex": hex_name(p["hex"])}
    if kind == "token_entered":
        return _("Token %(token)s of %(bomber)s enters on %(hex)s (%(level)s).") % {
            **p, "hex": hex_name(p["hex"]), "level": LEVEL_NAMES.get(p.get("level"), p.get("level"))}
    if kind == "entry_column_rolled":
        return _("Entry column rolled: %(rolls)s.") % {"rolls": dice(p.get("rolls"))}
    if kind == "token_moved":
        return _("Token %(token)s moves %(from)s → %(to)s.") % {
            "token": p["token"], "from": hex_name(p["from"]), "to": hex_name(p["to"])}
    if kind == "token_removed":
        return _("Token %(token)s is removed (%(reason)s).") % {"token": p["token"], "reason": code_words(p["reason"])}
    if kind == "uncertainty_changed":
        return _("Bomber %(bomber)s: %(from)s → %(to)s.") % {
            "bomber": p["bomber"], "from": LEVEL_NAMES.get(p["from"], p["from"]),
            "to": LEVEL_NAMES.get(p["to"], p["to"])}
    if kind == "bomber_escaped":
        return _("Bomber %(bomber)s escapes (%(reason)s).") % {"bomber": p["bomber"], "reason": code_words(p["reason"])}
    if kind == "search_assigned":
        markers = "; ".join(f"{source_name(m['source'])} → {m.get('token') or _('sweep')}"
                            for m in p.get("markers", []))
        return _("Search markers placed: %(markers)s.") % {"markers": markers or _("none")}
    if kind == "search_resolved":
        result = _("success") if p.get("success") else _("nothing found")
        return _("%(source)s searches %(token)s: %(result)s%(dice)s.") % {
            "source": source_name(p["source"]), "token": p.get("token") or "—", "result": result,
            "dice": (" (" + _("dice %(dice)s") % {"dice": dice(p["dice"])} + ")") if p.get("dice") else ""}
    if kind == "jamming_check":
        return _("Jamming check for %(source)s: %(rolls)s.") % {"source": source_name(p["source"]),
                                                                 "rolls": dice(p.get("rolls"))}
    if kind == "phantom_test":
        return _("Phantom test on %(token)s (%(n)d live tokens): roll %(rolls)s → %(result)s.") % {
            "token": p["token"], "n": p["n"], "rolls": dice(p.get("rolls")),
            "result": _("it is the bomber") if p.get("result") == "bomber" else _("a phantom")}
    if kind == "location_roll":
        where = hex_name(p["hex"]) if p.get("hex") else _("no hex")
        return _("Location roll for %(token)s: %(rolls)s → %(where)s%(hit)s.") % {
            "token": p["token"], "rolls": dice(p.get("rolls")), "where": where,
            "hit": (", " + (_("found") if p.get("hit") else _("missed"))) if "hit" in p else ""}
    if kind == "displacement_roll":
        return _("Displacement roll for %(token)s: %(rolls)s → %(to)s.") % {
            "token": p["token"], "rolls": dice(p.get("rolls")), "to": hex_name(p.get("to"))}
    if kind == "fix_placed":
        if p["fix"] == "track":
            return _("Bomber %(bomber)s: Track %(position)s (by %(by)s).") % {
                "bomber": p["bomber"],
                "position": _("on — exactly located") if p.get("position") == "on" else _("under — LOW uncertainty"),
                "by": source_name(p.get("by"))}
        return _("%(by)s gains %(fix)s on bomber %(bomber)s%(hex)s.") % {
            "by": source_name(p.get("by")), "fix": FIX_NAMES.get(p["fix"], p["fix"]), "bomber": p["bomber"],
            "hex": (" " + _("at %(hex)s") % {"hex": hex_name(p["hex"])}) if p.get("hex") else ""}
    if kind == "fix_removed":
        return _("Bomber %(bomber)s loses %(fix)s (%(reason)s).") % {
            "bomber": p["bomber"], "fix": FIX_NAMES.get(p["fix"], p["fix"]), "reason": code_words(p.get("reason", ""))}
    if kind == "exclusion_added":
        return _("Token %(token)s cannot be in %(hexes)s this turn.") % {
            "token": p["token"], "hexes": ", ".join(hex_name(h) for h in p.get("hexes", []))}
    if kind == "ai_attempt":
        return _("%(fighter)s searches %(token)s with airborne radar%(dice)s.") % {
            **p, "dice": (": " + dice(p["dice"])) if p.get("dice") else ""}
    if kind == "tally_attempt":
        what = _("advanced tally") if p.get("kind") == "advanced" else _("tally")
        return _("%(fighter)s tries a %(what)s on %(token)s: dice %(dice)s → %(result)s.") % {
            "fighter": p["fighter"], "what": what, "token": p["token"], "dice": dice(p.get("dice")),
            "result": _("a 6, now the location roll") if p.get("success") else _("no 6")}
    if kind == "searchlight_attempt":
        return _("Searchlights of zone %(zone)s on %(token)s%(dice)s.") % {
            "zone": p["zone"], "token": p["token"], "dice": (": " + dice(p["dice"])) if p.get("dice") else ""}
    if kind == "serrate_check":
        return _("Serrate checks %(token)s: %(rolls)s → %(result)s.") % {
            "token": p["token"], "rolls": dice(p.get("rolls")),
            "result": _("revealed") if p.get("revealed") else _("nothing")}
    if kind == "contact_revealed":
        return _("Contact %(bomber)s is %(what)s.") % {
            "bomber": p["bomber"],
            "what": _("a Ju88 night fighter") if p.get("as") == "Ju88" else _("nothing of interest")}
    if kind == "response_test":
        return _("Bomber %(bomber)s reacts: %(rolls)s → %(what)s.") % {
            "bomber": p["bomber"], "rolls": dice(p.get("rolls")),
            "what": _("corkscrew!") if p.get("corkscrew") else _("no evasion")}
    if kind == "corkscrew_follow":
        return _("%(fighter)s follows the corkscrew of %(bomber)s: %(rolls)s → %(what)s.") % {
            "fighter": p["fighter"], "bomber": p["bomber"], "rolls": dice(p.get("rolls")),
            "what": _("keeps contact") if p.get("kept") else _("loses contact")}
    if kind == "attack_resolved":
        return _("%(fighter)s attacks %(bomber)s: dice %(attack)s, %(hits)s; "
                 "return fire hits the fighter %(taken)s.") % {
            "fighter": p["fighter"], "bomber": p["bomber"], "attack": dice(p.get("attack")),
            "hits": ngettext("%(n)d hit", "%(n)d hits", p.get("hits_scored", 0)) % {"n": p.get("hits_scored", 0)},
            "taken": ngettext("%(n)d time", "%(n)d times", p.get("hits_taken", 0)) % {"n": p.get("hits_taken", 0)}}
    if kind == "pilot_fate":
        return _("The pilot of %(fighter)s is %(fate)s.") % {"fighter": p["fighter"], "fate": code_words(p.get("fate", ""))}
    if kind == "night_ended":
        return outcome_text({**p, "winner": "player" if p.get("won") else None})
    return generic.describe_event(event)


def category(event: dict) -> str:
    kind = event.get("type", "")
    if kind in CATEGORIES:
        return CATEGORIES[kind]
    return "search"


def marker(event: dict) -> dict | None:
    p = event.get("payload") or {}
    if event.get("type") == GAME_CREATED:
        return {"kind": "turn", "label": _("Set-up")}
    if event.get("type") == "turn_started":
        return {"kind": "turn", "label": _("Turn %(turn)d") % p}
    return None


def outcome_text(outcome: dict | None) -> str:
    if not outcome:
        return _("The night is under way.")
    if outcome.get("aborted") or "kills" not in outcome:
        return generic.outcome_text(outcome)
    verdict = _("Victory") if outcome.get("won") else _("No victory")
    return _("%(verdict)s: %(kills)s shot down, %(vp)s VP (%(reason)s).") % {
        "verdict": verdict, "kills": outcome.get("kills", 0), "vp": outcome.get("vp", 0),
        "reason": END_REASONS.get(outcome.get("reason"), words(outcome.get("reason", "")))}


# -- the view ---------------------------------------------------------------------------------------

def fighter_text(fighter_id: str, f: dict) -> str:
    if f.get("status") != "active":
        return _("%(id)s (%(type)s): %(status)s") % {"id": fighter_id, "type": f["type"], "status": code_words(f["status"])}
    text = _("%(id)s (%(type)s) on %(hex)s facing %(facing)s") % {
        "id": fighter_id, "type": f["type"], "hex": hex_name(f.get("hex")), "facing": f.get("facing")}
    fixes = [str(FIX_NAMES["tally"]) + f" → {f['tally']}" if f.get("tally") else "",
             str(FIX_NAMES["ai"]) + f" → {f['ai_fix']}" if f.get("ai_fix") else ""]
    return "; ".join([text] + [x for x in fixes if x])


def bomber_text(bomber: dict) -> str:
    if bomber["status"] != "in_play":
        return code_words(bomber["status"])
    live = bomber.get("live_tokens") or []
    text = str(LEVEL_NAMES.get(bomber["level"], bomber["level"]))
    if len(live) > 1:
        text += " — " + ngettext("%(n)d token, only one is real", "%(n)d tokens, only one is real", len(live)) % {
            "n": len(live)}
    if bomber.get("hits"):
        text += " — " + ngettext("%(n)d hit", "%(n)d hits", bomber["hits"]) % {"n": bomber["hits"]}
    return text


def summary(view: dict) -> list[tuple[str, str]]:
    scenario, score = view.get("scenario") or {}, view.get("score") or {}
    rows = [
        (_("Scenario"), f"{scenario.get('id', '')} {scenario.get('name', '')}".strip()),
        (_("Turn"), _("%(turn)d of %(turns)d") % {"turn": view.get("turn", 0), "turns": scenario.get("turns", 0)}),
        (_("Phase"), phase_name(view.get("phase", ""))),
        (_("Weather"), _("visibility %(visibility)s, moon %(moon)s") % (view.get("weather") or {})),
        (_("Score"), _("%(kills)d shot down of %(target)d needed; %(vp)d VP") % {
            "kills": score.get("kills", 0), "target": scenario.get("kills_target", 0), "vp": score.get("vp", 0)}),
    ]
    for fighter_id, f in (view.get("fighters") or {}).items():
        rows.append((_("Fighter %(id)s") % {"id": fighter_id}, fighter_text(fighter_id, f)))
    for bomber_id, b in (view.get("bombers") or {}).items():
        if b["status"] in ("in_play", "destroyed", "escaped"):
            rows.append((_("Bomber %(id)s") % {"id": bomber_id}, bomber_text(b)))
    waiting = [b for b in (view.get("bombers") or {}).values() if b["status"] == "scheduled"]
    if waiting and view.get("phase") != "over":
        rows.append((_("Still to come"), ngettext("%(n)d bomber", "%(n)d bombers", len(waiting)) % {"n": len(waiting)}))
    return rows


# -- legal actions ----------------------------------------------------------------------------------

# Commands whose button text reads straight from the command.
ACTION_TEXTS = {
    "start_night": gettext_lazy("Start the night"),
    "end_movement": gettext_lazy("End movement"),
    "ai_search": gettext_lazy("%(fighter)s: airborne radar search on %(token)s"),
    "searchlight_search": gettext_lazy("Searchlights of zone %(zone)s on %(token)s"),
    "tally": gettext_lazy("%(fighter)s: try to tally (spot) %(token)s"),
    "advanced_tally": gettext_lazy("%(fighter)s: advanced tally on %(token)s"),
    "attack": gettext_lazy("%(fighter)s: attack %(token)s"),
    "end_phase": gettext_lazy("End this phase"),
    "end_night": gettext_lazy("End the night now (concede)"),
}


def describe_action(action: dict, view: dict | None = None) -> str:  # noqa: C901 — one branch per command
    kind = action.get("type")
    if kind in ACTION_TEXTS:
        return str(ACTION_TEXTS[kind]) % action
    if kind == "deploy_fighter":
        if action.get("template"):
            return _("Deploy a fighter")
        return _("Deploy %(fighter)s on %(hex)s facing %(facing)s") % {**action, "hex": hex_name(action["hex"])}
    if kind == "move_fighter":
        if action.get("exit"):
            return _("%(fighter)s: %(path)s and leave the map") % {**action, "path": path_words(action["path"])}
        return _("%(fighter)s → %(hex)s facing %(facing)s (%(path)s)") % {
            "fighter": action["fighter"], "hex": hex_name(action.get("to")), "facing": action.get("facing"),
            "path": path_words(action["path"])}
    if kind == "assign_searches":
        searches = action.get("searches") or []
        if not searches:
            return _("No ground radar search this turn")
        return "; ".join(_("%(source)s searches %(token)s") % {
            "source": source_name(s["source"]), "token": s.get("token") or _("the whole arc")} for s in searches)
    return generic.describe_action(action, view)


def action_picks(action: dict, view: dict | None = None) -> list[str]:
    """Fighter moves: the fighter, then the hex it ends on (the facing is chosen from a list);
    searches and attacks: the acting fighter (if any), then the bomber token."""
    kind = action.get("type")
    if kind == "move_fighter":
        picks = [f"piece:{action['fighter']}"]
        return picks if action.get("exit") else picks + [f"hex:{action['to']}"]
    if kind in ("ai_search", "tally", "advanced_tally", "attack"):
        return [f"piece:{action['fighter']}", f"piece:{action['token']}"]
    if kind == "searchlight_search":
        return [f"piece:{action['token']}"]
    if kind == "assign_searches":
        searches = action.get("searches") or []
        if len(searches) == 1 and searches[0].get("token"):
            return [f"piece:{searches[0]['token']}"]
    return []


def confirm_action(action: dict, view: dict | None = None) -> str | None:
    if action.get("type") == "end_night":
        return _("End the night now? It is scored as it stands, and this cannot be undone.")
    return None


def board_words() -> dict:
    """Sentences of systems/nightfighter/static/js/nightfighter/board.js."""
    return {
        "zone": _("zone %(zone)s"),
        "token_title": _("Token %(token)s on %(hex)s: %(type)s, uncertainty %(level)s, %(n)s live token(s)"),
        "fighter_title": _("%(fighter)s (%(type)s) on %(hex)s facing %(facing)s"),
        "deploy": _("Deploy %(fighter)s on %(hex)s facing %(facing)s"),
        **{f"facing_{d}": d for d in ("N", "NE", "SE", "S", "SW", "NW")},
        "plan_title": _("Ground radar searches this turn"),
        "plan_hint": _("Click a bomber token and choose a radar to add a search; all searches are sent together."),
        "plan_hint_more": _("Add more (one per radar and per token), then send them all."),
        "plan_added": _("Added to the search plan: %(search)s."),
        "plan_send": _("Send the searches (%(n)s)"), "remove": _("remove"),
    }
