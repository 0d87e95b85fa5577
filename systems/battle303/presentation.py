"""303 in words (docs/rules/303.md): moves as "raf1 → 205 via 204", shots, dice, the round track.

Hexes are named by their number, airfields also by name when the view is at hand.
"""
from __future__ import annotations

from itertools import permutations
from math import factorial

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.utils.translation import ngettext

from systems.kit.framework_events import GAME_CREATED
from systems.battle303.rules import commands as c
from systems.battle303.rules import events as e
from systems.battle303.rules.rules import ATTACK, BOMBER_ID, BOMBER_MOVE, LAST_ROUND, MOVE, OVER, REINFORCEMENT, REPAIR
from systems.kit import presentation as generic
from systems.kit.presentation import side_name, words

OUTCOME_REASONS = {
    "bomber_reached_london": lambda: _("the bomber reached London"),
    "bomber_destroyed": lambda: _("the bomber was shot down"),
    "fuel_exhausted": lambda: _("the German fuel ran out after round %(last)d") % {"last": LAST_ROUND},
}
PHASE_NAMES = {
    # Translators: the phases A–D of a 303 round as the game's sheet names them (docs/rules/303.md "Round structure").
    REINFORCEMENT: gettext_lazy("placing a reinforcement"), REPAIR: gettext_lazy("repairs (phase A)"),
    MOVE: gettext_lazy("fighter movement (phase B)"), ATTACK: gettext_lazy("attacks (phase C)"),
    BOMBER_MOVE: gettext_lazy("bomber movement (phase D)"), OVER: gettext_lazy("game over"),
}
CATEGORIES = {
    e.FIGHTER_MOVED: "moves", e.BOMBER_MOVED: "moves", e.ATTACKS_ORDERED: "combat", e.ATTACK_RESOLVED: "combat",
    e.PHASE_STARTED: "turns", e.ROUND_STARTED: "turns", e.REINFORCEMENT_ARRIVED: "units",
    e.REINFORCEMENT_DISCARDED: "units", e.FIGHTERS_REPAIRED: "units", e.GAME_ENDED: "score",
}


def piece_name(token_id: str) -> str:
    return _("the bomber") if token_id == BOMBER_ID else str(token_id)


def phase_name(phase: str) -> str:
    return str(PHASE_NAMES.get(phase, words(phase)))


def route(path: list) -> str:
    """``[204, 205]`` → "205 via 204"; ``[204]`` → "204"."""
    if not path:
        return ""
    via = ", ".join(str(h) for h in path[:-1])
    return _("%(to)s via %(via)s") % {"to": path[-1], "via": via} if via else str(path[-1])


def shots_text(shots: int, target: str) -> str:
    return ngettext("%(n)d shot at %(target)s", "%(n)d shots at %(target)s", shots) % {
        "n": shots, "target": piece_name(target)}


def listing(items) -> str:
    items = [str(i) for i in items]
    return ", ".join(items) if items else _("none")


# -- events ---------------------------------------------------------------------------------------

def describe_event(event: dict) -> str:
    kind, p = event.get("type"), event.get("payload") or {}
    if kind == e.PHASE_STARTED:
        return _("%(side)s turn: %(phase)s.") % {"side": side_name(p["side"]), "phase": phase_name(p["phase"])}
    if kind == e.ROUND_STARTED:
        return _("Round %(round)d of %(last)d begins.") % {"round": p["round"], "last": LAST_ROUND}
    if kind == e.REINFORCEMENT_ARRIVED:
        return _("Reinforcement %(fighter)s arrives on airfield %(hex)s.") % p
    if kind == e.REINFORCEMENT_DISCARDED:
        return _("No free RAF airfield: reinforcement %(fighter)s is lost.") % p
    if kind == e.FIGHTERS_REPAIRED:
        return _("Repaired: %(list)s.") % {"list": listing(p.get("fighters", []))}
    if kind == e.FIGHTER_MOVED:
        moved = (_("%(fighter)s → %(route)s") % {"fighter": p["fighter"], "route": route(p["path"])} if p["path"]
                 else _("%(fighter)s stays on %(hex)s") % {"fighter": p["fighter"], "hex": p["to"]})
        if p.get("shots"):
            return _("%(move)s and declares %(shots)s.") % {"move": moved, "shots": shots_text(p["shots"], p["target"])}
        return moved + "."
    if kind == e.ATTACKS_ORDERED:
        order = [piece_name(a) for a in p.get("order", [])]
        if not order:
            return _("%(side)s has no shots to fire.") % {"side": side_name(p["side"])}
        text = _("%(side)s fires in this order: %(order)s") % {"side": side_name(p["side"]), "order": listing(order)}
        if p.get("bomber_target"):
            text += _(" (the bomber at %(target)s)") % {"target": p["bomber_target"]}
        return text + "."
    if kind == e.ATTACK_RESOLVED:
        return attack_text(p)
    if kind == e.BOMBER_MOVED:
        if not p.get("path"):
            return _("The bomber stays on %(hex)s.") % {"hex": p["to"]}
        return _("The bomber flies %(from)s → %(route)s.") % {"from": p["from"], "route": route(p["path"])}
    if kind == e.GAME_ENDED:
        return outcome_text({"winner": p["winner"], "reason": p["reason"]})
    return words(kind).capitalize()


def attack_text(p: dict) -> str:
    hits = sum(1 for h in p.get("hits", []) if h)
    text = _("%(attacker)s fires %(shots)s: rolls %(rolls)s, %(hits)s") % {
        "attacker": piece_name(p["attacker"]), "shots": shots_text(p["shots"], p["target"]),
        "rolls": ", ".join(str(r) for r in p.get("rolls", [])) or "—",
        "hits": ngettext("%(n)d hit", "%(n)d hits", hits) % {"n": hits}}
    status = {"damaged": _("%(target)s is damaged"), "destroyed": _("%(target)s is destroyed")}.get(p["target_status"])
    if status and hits:
        text += "; " + status % {"target": piece_name(p["target"])}
    if p.get("attacker_to") != p.get("attacker_from"):
        text += "; " + _("%(attacker)s flies through to %(hex)s") % {"attacker": p["attacker"], "hex": p["attacker_to"]}
    return text + "."


def category(event: dict) -> str:
    return CATEGORIES.get(event.get("type"), "other")


def marker(event: dict) -> dict | None:
    p = event.get("payload") or {}
    if event.get("type") == GAME_CREATED:
        return {"kind": "round", "label": _("Round %(round)d") % {"round": 1}}
    if event.get("type") == e.ROUND_STARTED:
        return {"kind": "round", "label": _("Round %(round)d") % p}
    if event.get("type") == e.PHASE_STARTED and p.get("phase") == REPAIR:
        return {"kind": "turn", "label": _("%(side)s turn") % {"side": side_name(p["side"])}}
    return None


def outcome_text(outcome: dict | None) -> str:
    if not outcome:
        return _("The game is under way.")
    reason = OUTCOME_REASONS.get(outcome.get("reason"))
    if outcome.get("winner") and reason:
        return _("%(winner)s won: %(reason)s.") % {"winner": side_name(outcome["winner"]), "reason": reason()}
    return generic.outcome_text(outcome)


# -- the view ---------------------------------------------------------------------------------------

def summary(view: dict) -> list[tuple[str, str]]:
    tokens = [t for t in view.get("tokens", []) if not t.get("destroyed")]
    bomber = next((t for t in view.get("tokens", []) if t["id"] == BOMBER_ID), None)
    rows = [(_("Round"), _("%(round)d of %(last)d — the German fuel runs out after round %(last)d") % {
        "round": view["round"], "last": view["last_round"]})]
    if view.get("phase") == OVER:
        rows.append((_("Turn"), _("the game is over")))
    else:
        rows.append((_("Turn"), _("%(side)s — %(phase)s") % {
            "side": side_name(view.get("side_to_move")), "phase": phase_name(view["phase"])}))
    if bomber is not None:
        if bomber.get("destroyed"):
            rows.append((_("Bomber"), _("shot down")))
        else:
            hits = view.get("bomber_hits_this_turn", 0)
            rows.append((_("Bomber"), ngettext(
                "on %(hex)s; %(hits)d hit this turn (2 hits in one turn shoot it down)",
                "on %(hex)s; %(hits)d hits this turn (2 hits in one turn shoot it down)", hits) % {
                    "hex": bomber["hex"], "hits": hits}))
    for side in ("luftwaffe", "raf"):
        fighters = [t for t in tokens if t["side"] == side and t["kind"] == "fighter"]
        damaged = [t["id"] for t in fighters if t.get("damaged")]
        text = ngettext("%(n)d fighter", "%(n)d fighters", len(fighters)) % {"n": len(fighters)}
        if damaged:
            text += " " + _("(damaged: %(list)s)") % {"list": listing(damaged)}
        if side == "raf" and view.get("reinforcements_left"):
            text += "; " + ngettext("%(n)d reinforcement to come", "%(n)d reinforcements to come",
                                    view["reinforcements_left"]) % {"n": view["reinforcements_left"]}
        rows.append((_("%(side)s") % {"side": side_name(side)}, text))
    if view.get("declared_attacks"):
        rows.append((_("Declared shots"), "; ".join(
            f"{a['attacker']}: {shots_text(a['shots'], a['target'])}" for a in view["declared_attacks"])))
    if view.get("last_dice"):
        rows.append((_("Last dice"), "; ".join(
            _("%(attacker)s at %(target)s: %(rolls)s") % {
                "attacker": piece_name(d["attacker"]), "target": piece_name(d["target"]),
                "rolls": ", ".join(str(r) for r in d["rolls"])} for d in view["last_dice"])))
    return rows


# -- legal actions ----------------------------------------------------------------------------------

def _hex_of(view: dict, token_id: str):
    return next((t["hex"] for t in (view or {}).get("tokens", []) if t["id"] == token_id), None)


def _airfield_name(view: dict, hex_id) -> str:
    field = next((a for a in ((view or {}).get("board") or {}).get("airfields", []) if a["hex"] == hex_id), None)
    return f"{hex_id} ({field['name']})" if field and field.get("name") else str(hex_id)


def describe_action(action: dict, view: dict | None = None) -> str:
    kind = action.get("type")
    if kind == c.PLACE_REINFORCEMENT:
        return _("Place the reinforcement on %(field)s") % {"field": _airfield_name(view, action["hex"])}
    if kind == c.REPAIR_FIGHTERS:
        fighters = action.get("fighters") or []
        return _("Repair %(list)s") % {"list": listing(fighters)} if fighters else _("Repair nothing")
    if kind == c.MOVE_FIGHTER:
        path = action.get("path") or []
        text = (_("%(fighter)s → %(route)s") % {"fighter": action["fighter"], "route": route(path)} if path
                else _("%(fighter)s: stay") % {"fighter": action["fighter"]})
        if action.get("shots"):
            text += ", " + shots_text(action["shots"], action["target"])
        return text
    if kind == c.END_MOVES:
        return _("End moves (fighters not moved stay where they are)")
    if kind == c.FIRE and action.get("template"):
        return _("Fire in an order of your choosing")
    if kind == c.FIRE:
        order = [piece_name(a) for a in action.get("order", [])]
        text = (_("Fire in this order: %(order)s") % {"order": listing(order)} if order
                else _("Fire (no shots declared)"))
        if action.get("bomber_target"):
            text += _(" — the bomber shoots at %(target)s") % {"target": action["bomber_target"]}
        return text
    if kind == c.MOVE_BOMBER:
        path = action.get("path") or []
        return _("Bomber → %(route)s") % {"route": route(path)} if path else _("Bomber: stay")
    return words(kind or "?").capitalize()


# With more attackers, the orders are too many to list (6 attackers: 720); the declaration
# order and the raw command stay.
MOST_ORDERS_OFFERED = 120


def expand_template(action: dict, view: dict | None = None) -> list[dict]:
    """The open firing order (legal.py's template) as every order, each chosen on the board by
    clicking the attackers in turn: ``[{"command", "picks"}]``."""
    order = (action.get("choices") or {}).get("order") or []
    if action.get("type") != c.FIRE or not action.get("example") or factorial(len(order)) > MOST_ORDERS_OFFERED:
        return []
    return [{"command": {**action["example"], "order": list(each)}, "picks": [f"piece:{a}" for a in each]}
            for each in permutations(order)]


def action_picks(action: dict, view: dict | None = None) -> list[str]:
    """Moves: the piece, then its destination, then (with shots) the target; reinforcements: the airfield."""
    kind = action.get("type")
    if kind == c.MOVE_FIGHTER:
        path = action.get("path") or []
        end = path[-1] if path else _hex_of(view, action["fighter"])
        picks = [f"piece:{action['fighter']}", f"hex:{end}"]
        return picks + [f"piece:{action['target']}"] if action.get("shots") else picks
    if kind == c.MOVE_BOMBER:
        path = action.get("path") or []
        return [f"piece:{BOMBER_ID}", f"hex:{path[-1] if path else _hex_of(view, BOMBER_ID)}"]
    if kind == c.PLACE_REINFORCEMENT:
        return [f"hex:{action['hex']}"]
    return []

