"""Duel in the Dark in words (issue 15; docs/rules/duel-in-the-dark.md §10 names every event).

``describe_event`` turns each engine event into one sentence — victory points with every term
worded from the code ``systems/duel/rules/scoring.py`` gave it (:mod:`.duel_scoring`) — ``summary``
a side's view into facts (night, phase, turn, score, weather, the aircraft with fuel and altitude),
``outcome_text`` the result, ``marker`` the nights, rounds, turns and phases a replay jumps to,
``category`` the event log's filter.  Hexes are named after the default board's cities.
Events this module does not know (the service's own) read as :mod:`.generic` words.
"""
from __future__ import annotations

from functools import lru_cache

from django.utils.translation import gettext as _, ngettext

from systems.duel.rules.board import load_board

from systems.duel import score_words as duel_scoring
from systems.kit import presentation as generic
from systems.duel.score_words import signed
from systems.duel.words import ACTORS, ALTITUDES, DIRECTIONS, FACES, FIGHTER_COLOURS, MOONS, OPTIONS, SIDES, STEPS


@lru_cache(maxsize=1)
def _board():
    return load_board()


def side_name(side) -> str:
    if isinstance(side, str) and side.startswith("german") and side != "german":
        return _("German %(seat)s") % {"seat": side[len("german"):]}
    return str(SIDES.get(side, side))


def hex_name(hex_id) -> str:
    """``hex 11 (Emden)``: the hex number, and the city standing there."""
    city = _board().cities.get(hex_id) if isinstance(hex_id, int) else None
    if city:
        return _("hex %(hex)s (%(city)s)") % {"hex": hex_id, "city": city["name"]}
    return _("hex %(hex)s") % {"hex": hex_id}


def hexes_text(hexes) -> str:
    return ", ".join(hex_name(h) for h in hexes) if hexes else _("none")


def fighter_name(fid) -> str:
    """``the red Me 110``: fighters are known by the colour of their counter (§2.2)."""
    kind = next((f["type"] for f in _board().fighters if f["id"] == fid), "Ju 88" if fid == "ju88" else None)
    if fid == "ju88":
        return _("the Ju 88")
    if kind:
        return _("the %(colour)s %(type)s") % {"colour": FIGHTER_COLOURS.get(fid, fid), "type": kind}
    return str(fid)


def face_name(face) -> str:
    return str(FACES.get(face, generic.words(face or "")))


def direction_name(d) -> str:
    return str(DIRECTIONS.get(d, d))


def altitude_name(a) -> str:
    return str(ALTITUDES.get(a, a or ""))


def score_text(score: int) -> str:
    """§0.1: the track's position from either side."""
    if score > 0:
        return _("British %(n)s") % {"n": score}
    if score < 0:
        return _("German %(n)s") % {"n": -score}
    return _("level (0)")


def reason_text(reason: dict) -> str:
    """``§5.1 radar +1 (the red Me 110)``: the term scoring.py coded, in words, its value, whom for."""
    return duel_scoring.term_text(reason, fighter_name)


def _vp(p: dict) -> str:
    reasons = "; ".join(reason_text(r) for r in p.get("reasons", []))
    return _("%(side)s scores %(amount)s VP for %(occasion)s: %(reasons)s. Score: %(score)s.") % {
        "side": side_name(p.get("side")), "amount": p.get("amount"),
        "occasion": duel_scoring.occasion_text(p.get("occasion")),
        "reasons": reasons or _("no terms"), "score": score_text(p.get("score_after", 0))}


def _units(placements) -> str:
    counts: dict[str, int] = {}
    for p in placements or []:
        face = p.get("face") or p.get("kind")
        counts[face] = counts.get(face, 0) + 1
    return ", ".join(f"{n} × {face_name(face)}" for face, n in sorted(counts.items()))


def _plan(plan: dict) -> str:
    route = plan.get("route", [])
    cards = " ".join(f"{c['dir']}{'·' if c['colour'] == 'red' else '°'}" for c in route)
    return _("target %(target)s, %(n)s cards (%(cards)s); Bomber %(tb)s → %(lb)s, Mosquito %(tm)s → %(lm)s") % {
        "target": hex_name(plan.get("target")), "n": len(route), "cards": cards,
        "tb": plan.get("takeoff_bomber"), "lb": plan.get("landing_bomber"),
        "tm": plan.get("takeoff_mosquito"), "lm": plan.get("landing_mosquito")}


def _weather(p: dict) -> str:
    parts = [_("wind to the %(dir)s") % {"dir": direction_name(p.get("wind"))}, str(MOONS.get(p.get("moon"), ""))]
    if p.get("summer"):
        parts.append(_("summer"))
    for key, label in (("clouds", _("clouds over %(hexes)s")), ("storms", _("storms over %(hexes)s")),
                       ("fog", _("fog over %(hexes)s"))):
        if p.get(key):
            parts.append(label % {"hexes": ", ".join(str(h) for h in p[key])})
    return "; ".join(x for x in parts if x)


def _moved_fighter(p: dict) -> str:
    if p.get("automatic"):
        return _("%(f)s stays over %(hex)s (an idle fighter hovers, D-1): fuel %(before)s → %(after)s.") % {
            "f": fighter_name(p["fighter"]), "hex": hex_name(p.get("from")), "before": p.get("fuel_before"),
            "after": p.get("fuel_after")}
    if not p.get("path"):
        where = _("stays over %(hex)s") % {"hex": hex_name(p.get("from"))}
    else:
        where = _("flies %(dirs)s to %(hex)s") % {"dirs": ", ".join(direction_name(d) for d in p.get("directions", [])),
                                                   "hex": hex_name(p["path"][-1])}
    return _("%(f)s %(where)s, %(alt)s: fuel %(before)s → %(after)s (%(cost)s lines).") % {
        "f": fighter_name(p.get("fighter")), "where": where, "alt": altitude_name(p.get("altitude")),
        "before": p.get("fuel_before"), "after": p.get("fuel_after"), "cost": p.get("cost")}


def _dropped(p: dict) -> str:
    bombs = ", ".join(_("%(n)s on %(target)s") % {"n": b["count"], "target": _("the airfield") if b["target"] == "airfield"
                                                   else b["target"]} for b in p.get("bombs", []))
    parts = []
    if bombs:
        parts.append(_("bombs: %(bombs)s") % {"bombs": bombs})
    if p.get("markers"):
        parts.append(ngettext("%(n)s target marker", "%(n)s target markers", p["markers"]) % {"n": p["markers"]})
    if p.get("medals"):
        parts.append(ngettext("%(n)s of them a medal", "%(n)s of them medals", p["medals"]) % {"n": p["medals"]})
    what = "; ".join(parts) or _("nothing")
    return _("The Mosquito drops over %(hex)s: %(what)s (%(left)s tokens left).") % {
        "hex": hex_name(p.get("hex")), "what": what, "left": p.get("tokens_left")}


def _phase(p: dict) -> str:
    return str(STEPS.get(p.get("step"), _("Phase %(n)s") % {"n": p.get("phase")})) + "."


# One sentence per event type; ``p`` is the payload.
DESCRIBE = {
    "NightStarted": lambda p: _("Night %(n)s begins.") % {"n": p["night"]},
    "PhaseStarted": _phase,
    "FightersPlaced": lambda p: _("German fighters placed: %(placements)s.") % {"placements": "; ".join(
        _("%(f)s at %(hex)s") % {"f": fighter_name(f), "hex": hex_name(h)} for f, h in sorted(p["placements"].items()))},
    "MW50Assigned": lambda p: _("MW-50 special fuel on %(fighters)s.") % {
        "fighters": ", ".join(fighter_name(f) for f in p["fighters"])},
    "WeatherDrawn": lambda p: _("Weather card %(card)s: %(w)s.") % {"card": p.get("card_id"), "w": _weather(p)},
    "WeatherChanged": lambda p: _("The weather changes before move %(n)s: %(w)s.") % {"n": p.get("before_move"),
                                                                                      "w": _weather(dict(p, moon=None))},
    "PlanCommitted": lambda p: (_("The British re-route is committed (secret): %(plan)s.") if p.get("reroute")
                                else _("The British secret plan is committed: %(plan)s.")) % {"plan": _plan(p["plan"])},
    "RouteCommitted": lambda p: (_("The British commits a new route (rule %(rule)s); its seal: %(hash)s…")
                                 if p.get("reroute") else _("The British commits a secret route; its seal: %(hash)s…"))
    % {"rule": p.get("reroute"), "hash": str(p.get("hash", ""))[:12]},
    "GroundUnitsPlaced": lambda p: _("German ground defences placed: %(units)s.") % {"units": _units(p["placements"])},
    "BritishDeployed": lambda p: _("The Bomber stands on %(b)s, the Mosquito on %(m)s.") % {
        "b": hex_name(p["bomber"]), "m": hex_name(p["mosquito"])},
    "RoundStarted": lambda p: _("Round %(n)s.") % {"n": p["round"]},
    "TurnStarted": lambda p: _("%(actor)s turn (round %(n)s).") % {"actor": ACTORS.get(p["actor"], p["actor"]),
                                                                   "n": p.get("round")},
    "TurnEnded": lambda p: _("%(actor)s turn ends.") % {"actor": ACTORS.get(p["actor"], p["actor"])},
    "MosquitoMoved": lambda p: (_("The Mosquito takes off from %(from)s to %(to)s, %(alt)s.") if p.get("took_off")
                                else _("The Mosquito flies from %(from)s to %(to)s, %(alt)s."))
    % {"from": hex_name(p["from"]), "to": hex_name(p["to"]), "alt": altitude_name(p.get("altitude"))},
    "MosquitoWaited": lambda p: _("The Mosquito stays on the ground."),
    "MosquitoLanded": lambda p: _("The Mosquito lands at %(hex)s.") % {"hex": hex_name(p["hex"])},
    "MosquitoMustReturn": lambda p: _("Both the Bomber and the fighters are down: the Mosquito must fly home (A-05)."),
    "TokensDropped": _dropped,
    "UnitDestroyed": lambda p: _("The %(face)s %(tile)s in %(hex)s is destroyed%(by)s.") % {
        "face": face_name(p.get("face")), "tile": p.get("tile"), "hex": hex_name(p.get("hex")),
        "by": (" " + _("by %(by)s") % {"by": p["by"]}) if p.get("by") else ""},
    "AirfieldBombed": lambda p: _("The airfield at %(hex)s is hit by %(n)s bomb(s) (%(total)s in all).") % {
        "hex": hex_name(p["hex"]), "n": p["bombs"], "total": p["bombs_total"]},
    "TargetMarkersDropped": lambda p: _("%(n)s target marker(s) on %(hex)s (%(total)s there).") % {
        "n": p["count"], "hex": hex_name(p["hex"]), "total": p["total"]},
    "FighterTookOff": lambda p: _("%(f)s takes off from %(hex)s.") % {"f": fighter_name(p["fighter"]),
                                                                      "hex": hex_name(p["hex"])},
    "FighterMoved": _moved_fighter,
    "FighterLanded": lambda p: _("%(f)s lands at %(hex)s and refuels%(why)s.") % {
        "f": fighter_name(p["fighter"]), "hex": hex_name(p["hex"]),
        "why": (" " + _("(forced: %(reason)s)") % {"reason": p["forced"]}) if p.get("forced") else ""},
    "EmergencyLanding": lambda p: _("%(f)s makes an emergency landing in %(hex)s: out for the %(out)s.") % {
        "f": fighter_name(p["fighter"]), "hex": hex_name(p["hex"]),
        "out": _("game") if p.get("out_for") == "game" else _("night")},
    "MosquitoEngaged": lambda p: _("%(f)s attacks the Mosquito in %(hex)s.") % {"f": fighter_name(p["fighter"]),
                                                                                "hex": hex_name(p["hex"])},
    "MosquitoCombat": lambda p: _("Fight with the Mosquito in %(hex)s: %(f)s.") % {
        "hex": hex_name(p["hex"]), "f": ", ".join(fighter_name(f) for f in p["fighters"])},
    "CompassCardRevealed": lambda p: _("Route card %(n)s is revealed: %(colour)s, %(dir)s.") % {
        "n": p["move_no"], "colour": _("red (outbound)") if p["colour"] == "red" else _("green (homebound)"),
        "dir": direction_name(p["dir"])},
    "BomberTookOff": lambda p: _("The Bomber takes off from %(hex)s and flies %(alt)s for the night.") % {
        "hex": hex_name(p["hex"]), "alt": altitude_name(p["altitude"])},
    "BomberMoved": lambda p: _("The Bomber flies %(dir)s to %(hex)s (move %(n)s).") % {
        "dir": direction_name(p["heading"]), "hex": hex_name(p["to"]), "n": p["move_no"]},
    "TargetBombed": lambda p: _("The Bomber bombs %(city)s in %(hex)s.") % {"city": p.get("city"),
                                                                             "hex": hex_name(p["hex"])},
    "BomberLanded": lambda p: _("The Bomber lands at %(hex)s.") % {"hex": hex_name(p["hex"])},
    "VictoryPoints": _vp,
    "NightEnded": lambda p: _("Night %(n)s ends: the night's margin %(margin)s, score %(score)s.") % {
        "n": p["night"], "margin": signed(p.get("margin", 0)), "score": score_text(p.get("score", 0))},
    "PlanRevealed": lambda p: _("The British plan of night %(n)s is revealed: %(plan)s.") % {
        "n": p["night"], "plan": _plan(p["plan"])},
    "CommitmentVerified": lambda p: (_("The seal %(hash)s… matches what was revealed.") if p.get("ok")
                                     else _("The seal %(hash)s… does NOT match what was revealed!"))
    % {"hash": str(p.get("hash", ""))[:12]},
    "GameEnded": lambda p: _("The game ends. %(outcome)s") % {"outcome": outcome_text(p)},
    "MedalsAwarded": lambda p: _("%(side)s receives %(n)s medal(s): %(why)s.") % {
        "side": side_name(p["side"]), "n": p["count"], "why": duel_scoring.medal_reason_text(p)},
    "MedalsSpent": lambda p: _("%(side)s spends %(n)s medal(s) (%(use)s).") % {
        "side": side_name(p["side"]), "n": p["count"], "use": duel_scoring.medal_reason_text(p, "use")},
    "GermanMedalsPlaced": lambda p: _("German medals on %(hex)s: %(n)s (+1 each in the next fight there).") % {
        "hex": hex_name(p["hex"]), "n": p["count"]},
    "GermanMedalsRemoved": lambda p: _("The German medals leave %(hex)s (%(why)s).") % {
        "hex": hex_name(p["hex"]), "why": duel_scoring.medal_reason_text(p)},
    "UnitRepaired": lambda p: _("Unit %(tile)s in %(hex)s is repaired.") % {"tile": p["tile"], "hex": hex_name(p["hex"])},
    "AirfieldRepaired": lambda p: _("The airfield at %(hex)s is repaired.") % {"hex": hex_name(p["hex"])},
    "FuelMedalUsed": lambda p: _("%(fighter)s flies on a fuel medal (−1 line).") % {
        "fighter": fighter_name(p["fighter"])},
    "MW50Used": lambda p: _("%(fighter)s burns its MW-50.") % {"fighter": fighter_name(p["fighter"])},
    "GermanSeatEnded": lambda p: _("%(seat)s ends their part of the German turn.") % {"seat": side_name(p["seat"])},
    "PersonalTrackAdvanced": lambda p: _("Personal tracks: %(gains)s.") % {"gains": ", ".join(
        f"{side_name(s)} +{n}" for s, n in sorted(p.get("gains", {}).items()))},
    "ObserverBadgeUsed": lambda p: _("The Ju 88's observer ignores the cloud in %(hex)s.") % {
        "hex": hex_name(p["hex"])},
    "WindowDeclared": lambda p: _("The British will drop Window this night.") if p["use"]
    else _("The British drops no Window this night."),
    "WindowCardsInserted": lambda p: _("The Window cards (secret) go before moves %(moves)s.") % {
        "moves": ", ".join(str(n) for n in p["positions"])},
    "WindowCommitted": lambda p: _("The Window positions are sealed: %(hash)s…") % {
        "hash": str(p.get("hash", ""))[:12]},
    "WindowRevealed": lambda p: _("Window is dropped at move %(n)s over %(hex)s.") % {"n": p["move_no"],
                                                                                    "hex": hex_name(p["hex"])},
    "WildSauPlaced": lambda p: _("Wilde Sau tokens wait on %(hexes)s.") % {
        "hexes": hexes_text(sorted(p["tokens"].values()))},
    "WildSauMoved": lambda p: _("Wilde Sau %(t)s flies to %(hex)s.") % {"t": p["token"], "hex": hex_name(p["to"])},
    "WildSauInterception": lambda p: (_("Wilde Sau intercept the Bomber in %(hex)s.") if p.get("intercepts")
                                      else _("Wilde Sau miss the Bomber in %(hex)s (cloud, storm or no light)."))
    % {"hex": hex_name(p["hex"])},
    "WildSauRemoved": lambda p: _("Wilde Sau %(tokens)s leave the board.") % {"tokens": ", ".join(p["tokens"])},
    "RailwayFlakMoved": lambda p: _("The railway flak rolls from %(from)s to %(to)s.") % {
        "from": hex_name(p["from"]), "to": hex_name(p["to"])},
    "QuadFlakFired": lambda p: _("Quad flak fires at the Mosquito in %(hex)s.") % {"hex": hex_name(p["hex"])},
    "AceMedalAwarded": lambda p: _("The German earns a %(grade)s ace medal (flak scored %(vp)s VP in %(hex)s).") % {
        "grade": p["grade"], "vp": p["flak_vp"], "hex": hex_name(p["hex"])},
    "AceGunnerPlaced": lambda p: _("A %(grade)s ace gunner takes position in %(hex)s.") % {
        "grade": p["grade"], "hex": hex_name(p["hex"])},
    "AceFired": lambda p: _("Ace gunner(s) %(aces)s fire at the %(target)s.") % {
        "aces": ", ".join(p["aces"]), "target": _("Bomber") if p["target"] == "bomber" else _("Mosquito")},
    "BritishGroundUnitsPlaced": lambda p: _("British QF guns on %(qf)s; British searchlights on %(sl)s.") % {
        "qf": hexes_text(p["qf"]), "sl": hexes_text(p["searchlights"])},
    "ExtraGermanUnitsPlaced": lambda p: _("Extra German units: %(units)s.") % {"units": _units(p["units"].values())},
    "QFHit": lambda p: _("British QF gun %(qf)s hits %(f)s: fuel %(fuel)s.") % {
        "qf": p["qf"], "f": fighter_name(p["fighter"]), "fuel": p["fuel_after"]},
    "TargetCrestDrawn": lambda p: _("Target crest drawn (%(n)s): %(city)s.") % {"n": p["draw"], "city": hex_name(p["city"])},
    "CrestsHanded": lambda p: _("The British hands over five city crests: %(cities)s (the target is among them).")
    % {"cities": hexes_text(p["cities"])},
    "UnitsRepositioned": lambda p: _("The German re-positions: %(moves)s.") % ({"moves": ", ".join(
        f"{m['tile']} → {m['hex']}" for m in p["moves"]) or _("nothing")}),
    "SoloSetup": lambda p: _("Solo mission: the Bomber starts on %(b)s, the Mosquito on %(m)s; it bombs the city "
                             "number %(n)s it overflies.") % {"b": hex_name(p["bomber"]), "m": hex_name(p["mosquito"]),
                                                               "n": p["target_ordinal"]},
    "SoloCardDrawn": lambda p: _("The automatic Bomber draws %(dir)s from the %(deck)s deck%(kept)s.") % {
        "dir": direction_name(p["dir"]), "deck": p["deck"], "kept": "" if p["accepted"] else " " + _("(set aside)")},
    "SoloCityOverflown": lambda p: _("The Bomber overflies city %(n)s: %(hex)s.") % {"n": p["count"],
                                                                                      "hex": hex_name(p["hex"])},
    "SoloHomebound": lambda p: _("The Bomber turns for home (%(reason)s).") % {"reason": p.get("reason", "")},
    "SoloMosquitoPlaced": lambda p: _("The automatic Mosquito moves to %(hex)s.") % {"hex": hex_name(p["to"])},
}


def describe_event(event: dict) -> str:
    describe = DESCRIBE.get(event.get("type"))
    if describe is None:
        return generic.describe_event(event)
    try:
        text = describe(event.get("payload") or {})
    except (KeyError, TypeError, ValueError, AttributeError):  # an older payload shape still reads
        return generic.describe_event(event)
    return text[:1].upper() + text[1:]


CATEGORIES = {
    "setup": {"FightersPlaced", "MW50Assigned", "WeatherDrawn", "PlanCommitted", "RouteCommitted", "GroundUnitsPlaced",
              "BritishDeployed", "BritishGroundUnitsPlaced", "ExtraGermanUnitsPlaced", "TargetCrestDrawn",
              "CrestsHanded", "UnitsRepositioned", "WindowDeclared", "WindowCardsInserted", "WindowCommitted",
              "WildSauPlaced", "SoloSetup"},
    "moves": {"MosquitoMoved", "MosquitoWaited", "MosquitoLanded", "MosquitoMustReturn", "FighterTookOff",
              "FighterMoved", "FighterLanded", "CompassCardRevealed", "BomberTookOff", "BomberMoved", "BomberLanded",
              "WildSauMoved", "RailwayFlakMoved", "SoloCardDrawn", "SoloCityOverflown", "SoloHomebound",
              "SoloMosquitoPlaced", "WeatherChanged", "WildSauRemoved"},
    "combat": {"TokensDropped", "UnitDestroyed", "AirfieldBombed", "TargetMarkersDropped", "EmergencyLanding",
               "MosquitoEngaged", "MosquitoCombat", "TargetBombed", "ObserverBadgeUsed", "WindowRevealed",
               "WildSauInterception", "QuadFlakFired", "AceFired", "QFHit"},
    "score": {"VictoryPoints", "MedalsAwarded", "MedalsSpent", "GermanMedalsPlaced", "GermanMedalsRemoved",
              "UnitRepaired", "AirfieldRepaired", "FuelMedalUsed", "MW50Used", "PersonalTrackAdvanced",
              "AceMedalAwarded", "AceGunnerPlaced"},
    "turns": {"NightStarted", "PhaseStarted", "RoundStarted", "TurnStarted", "TurnEnded", "GermanSeatEnded",
              "NightEnded", "PlanRevealed", "CommitmentVerified", "GameEnded"},
}
_CATEGORY_OF = {etype: name for name, types in CATEGORIES.items() for etype in types}


def category(event: dict) -> str:
    return _CATEGORY_OF.get(event.get("type"), "other")


def marker(event: dict) -> dict | None:
    """The places a replay jumps to: nights (the game's first event opens night 1), phases 1–5,
    rounds of the duel and each turn in them."""
    etype, p = event.get("type"), event.get("payload") or {}
    if etype == "GameCreated":
        return {"kind": "night", "label": _("Night %(n)s") % {"n": 1}}
    if etype == "NightStarted":
        return {"kind": "night", "label": _("Night %(n)s") % {"n": p.get("night")}}
    if etype == "PhaseStarted" and p.get("step") in STEPS and (p.get("phase", 6) < 6 or p["step"] == "duel"):
        return {"kind": "phase", "label": str(STEPS[p["step"]])}
    if etype == "RoundStarted":
        return {"kind": "round", "label": _("Round %(n)s") % {"n": p.get("round")}}
    if etype == "TurnStarted":
        return {"kind": "turn", "label": _("Round %(n)s: %(actor)s") % {"n": p.get("round"),
                                                                       "actor": ACTORS.get(p.get("actor"), p.get("actor"))}}
    return None


def _options_text(options: dict) -> str:
    on = [str(name) for key, name in OPTIONS.items() if options.get(key)]
    if options.get("players", 2) != 2:
        on.append(_("%(n)s players (§9.3)") % {"n": options["players"]})
    if options.get("mode") in ("swap", "solo"):
        on.append(_("two nights, sides swapped (§1.6)") if options["mode"] == "swap" else _("solo mission (§8)"))
    return ", ".join(on) or _("base game")


def _turn_text(view: dict) -> str:
    step = view.get("step")
    text = str(STEPS.get(step, step))
    if view.get("to_move"):
        text += " — " + _("to move: %(sides)s") % {"sides": ", ".join(side_name(s) for s in view["to_move"])}
    return text


def _bomber_text(view: dict) -> str:
    b = view.get("bomber") or {}
    if b.get("hex") is None:
        return _("not deployed yet")
    if b.get("landed"):
        return _("landed at %(hex)s") % {"hex": hex_name(b["hex"])}
    if not b.get("taken_off"):
        return _("on the ground at %(hex)s") % {"hex": hex_name(b["hex"])}
    text = _("over %(hex)s, %(alt)s, %(n)s moves flown") % {"hex": hex_name(b["hex"]), "alt": altitude_name(b["altitude"]),
                                                           "n": b.get("moves_done")}
    if b.get("target_bombed"):
        text += ", " + _("target bombed")
    return text


def _mosquito_text(view: dict) -> str:
    m = view.get("mosquito") or {}
    tokens = _("%(n)s tokens left") % {"n": m.get("tokens_left")}
    if m.get("hex") is None:
        return _("not deployed yet") + "; " + tokens
    if m.get("state") == "waiting":
        return _("waiting on the ground at %(hex)s") % {"hex": hex_name(m["hex"])} + "; " + tokens
    if m.get("state") == "landed":
        return _("landed at %(hex)s") % {"hex": hex_name(m["hex"])}
    return _("over %(hex)s, %(alt)s") % {"hex": hex_name(m["hex"]), "alt": altitude_name(m.get("altitude"))} + "; " + tokens


def _fighter_text(f: dict) -> str:
    fuel = _("fuel %(fuel)s of %(max)s") % {"fuel": f.get("fuel"), "max": f.get("fuel_max")}
    state = f.get("state")
    if state == "reserve":
        where = _("not placed yet")
    elif state == "ground":
        where = _("on the airfield at %(hex)s") % {"hex": hex_name(f.get("hex"))}
    elif state == "airborne":
        where = _("over %(hex)s, %(alt)s") % {"hex": hex_name(f.get("hex")), "alt": altitude_name(f.get("altitude"))}
    elif state == "out_game":
        return _("lost for the game")
    else:
        return _("out for this night")
    extra = ", " + _("MW-50 ready") if f.get("mw50") == "charged" else ""
    return f"{where}, {fuel}{extra}"


def summary(view: dict) -> list[tuple[str, str]]:
    """A side's view in words: night, phase and turn, score, weather, each aircraft, medals, and
    the plan if this side may see it."""
    if not view:
        return []
    night = _("%(n)s of %(total)s") % {"n": view.get("night"), "total": view.get("nights_total")}
    if view.get("round"):
        night += ", " + _("round %(n)s") % {"n": view["round"]}
    out = [(_("Night"), night), (_("Now"), _turn_text(view)), (_("Score"), score_text(view.get("score", 0)))]
    if view.get("night_margins"):
        out.append((_("Nights played"), "; ".join(
            _("night %(n)s: %(margin)s") % {"n": i + 1, "margin": score_text(m)} for i, m in enumerate(view["night_margins"]))))
    weather = view.get("weather")
    out.append((_("Weather"), _("card %(card)s: %(w)s") % {"card": weather.get("card_id"), "w": _weather(weather)}
                if weather else _("not drawn yet")))
    if view.get("summer_bonus_from_move"):
        out.append((_("Summer"), _("bonuses count from Bomber move %(n)s") % {"n": view["summer_bonus_from_move"]}))
    out.append((_("Bomber"), _bomber_text(view)))
    out.append((_("Mosquito"), _mosquito_text(view)))
    for fid, f in sorted((view.get("fighters") or {}).items()):
        label = str(f.get("type")) if fid == "ju88" else \
            _("%(colour)s %(type)s") % {"colour": FIGHTER_COLOURS.get(fid, fid), "type": f.get("type")}
        owner = (view.get("owners") or {}).get(fid)
        if owner and owner != "german":
            label += f" ({side_name(owner)})"
        out.append((label[:1].upper() + label[1:], _fighter_text(f)))
    options = view.get("options") or {}
    if options.get("medals"):
        medals = view.get("medals") or {}
        out.append((_("Medals"), _("British %(b)s, German %(g)s") % {"b": medals.get("british", 0),
                                                                     "g": medals.get("german", 0)}))
    if options.get("ace_gunners"):
        aces = view.get("ace_medals") or {}
        out.append((_("Ace medals"), _("silver %(s)s, gold %(g)s") % {"s": aces.get("silver", 0), "g": aces.get("gold", 0)}))
    if view.get("personal_track"):
        out.append((_("Personal tracks"), ", ".join(f"{side_name(s)} {n}" for s, n in sorted(view["personal_track"].items()))))
    plan = view.get("plan")
    if plan:
        out.append((_("Your plan") if view.get("viewer") == "british" and not view.get("result") else _("The plan"),
                    _plan(plan)))
    elif view.get("route_commitment"):
        out.append((_("The plan"), _("secret until the night ends (sealed %(hash)s…)") % {
            "hash": view["route_commitment"][:12]}))
    out.append((_("Rules in play"), _options_text(options)))
    return out


def outcome_text(outcome: dict | None) -> str:
    """``British won by 7 VP.`` / ``Draw: the score is level (A-02).`` / the 3–5 player and swap
    results (§9.3, §1.6)."""
    if not outcome:
        return _("The game is under way.")
    if outcome.get("aborted") or "score" not in outcome:
        return generic.outcome_text(outcome)
    winner, score = outcome.get("winner"), outcome.get("score", 0)
    if "seat_totals" in outcome:  # swap (§1.6, A-11)
        total = outcome["seat_totals"].get("british_in_night_1", 0)
        if not total:
            return _("Draw: both seats total the same over the two nights.")
        return _("The seat that flew the British in night 1 %(result)s by %(n)s VP over the two nights.") % {
            "result": _("won") if total > 0 else _("lost"), "n": abs(total)}
    if outcome.get("shared_winners"):
        return _("The Germans lead on VP; %(sides)s share the win (equal personal tracks, A-74).") % {"sides": ", ".join(
            side_name(s) for s in outcome["shared_winners"])}
    if winner is None:
        return _("Draw: the score is level (A-02).")
    if winner.startswith("german") and winner != "german":
        return _("%(seat)s wins: the Germans lead by %(n)s VP and %(seat)s is furthest on the personal track.") % {
            "seat": side_name(winner), "n": abs(score)}
    return _("%(side)s won by %(n)s VP.") % {"side": side_name(winner), "n": abs(score)}
