"""Radar Search Phase: ground radars, GCI, MEW and passive devices
(docs/rules/nightfighter-solo.md §1.9, §1.15, §1.16, §3.6; S13.0, S24.0, S25.0; A14, A15, A16, A22, A24).
"""
from __future__ import annotations

from systems.kit.contract import reject
from .fighter_checks import text_field
from .geometry import bounds_of, cell_of, hex_distance, hex_id
from .location import location_roll, move_token
from .patterns import displaced
from .phantoms import check_escape, phantom_test
from .randomness import roll, values
from .search_areas import wide_arc_unlimited
from .serrate import revealed_ju88, sweep, targeted_crowding
from .uncertainty import HIGH, LOW, MEDIUM, NONE, level, live_tokens, occupied_hexes, token_cells

DEVICES = ("flensburg", "naxos", "serrate_sweep", "serrate_targeted")
SERRATE_MODES = ("serrate_sweep", "serrate_targeted")
MEDIUM_THRESHOLD = 3
LOW_THRESHOLD = 5
CROWDING_RANGE = 4
JAMMED_ON = {"light": 2, "heavy": 4}  # marker lost on a die ≤ this


def source_profile(state: dict, source) -> dict:
    """Normalise a marker's source to ``{key, kind, search, jamming, device, fighter}``."""
    if isinstance(source, str):
        radar = state["radars"].get(source)
        if radar is None:
            reject("unknown_radar", f"no radar {source!r}")
        kind, jamming = radar["kind"], radar.get("jamming", "none")
        if kind == "gci" and jamming != "none":
            # S25.0: light GCI = unjammed ordinary radar; heavy GCI = lightly jammed ordinary radar.
            kind, jamming = "standard", ("none" if jamming == "light" else "light")
        return {"key": source, "kind": kind, "search": radar["search"], "jamming": jamming, "device": None, "fighter": None}
    if isinstance(source, dict):
        fighter_id, device = source.get("fighter"), source.get("device")
    elif isinstance(source, list) and len(source) == 2:
        fighter_id, device = source
    else:
        reject("malformed_command", "source is a radar id or [fighter, device]")
    if not isinstance(fighter_id, str) or not isinstance(device, str):
        reject("malformed_command", "source is a radar id or [fighter, device]")
    fighter = state["fighters"].get(fighter_id)
    fitted = "serrate" if device in SERRATE_MODES else device
    if fighter is None or fitted not in fighter["devices"] or device not in DEVICES or fighter["status"] != "active":
        reject("device_not_fitted", f"{fighter_id} has no usable {device}")
    return {"key": f"{fighter_id}:{device}", "kind": device, "search": 1, "jamming": "none", "device": device,
            "fighter": fighter_id}


def validate_markers(state: dict, searches) -> list[dict]:
    if not isinstance(searches, list):
        reject("malformed_command", "searches must be a list")
    markers, used_sources, used_tokens, serrate_modes = [], set(), set(), {}
    for entry in searches:
        if not isinstance(entry, dict) or "source" not in entry:
            reject("malformed_command", "each search is {source, token}")
        profile = source_profile(state, entry["source"])
        if profile["key"] in used_sources:
            reject("source_already_used", f"{profile['key']} has one marker per turn")
        if profile["device"] in SERRATE_MODES:
            if serrate_modes.setdefault(profile["fighter"], profile["device"]) != profile["device"]:
                reject("serrate_mode_conflict", "Serrate sweeps or targets, not both, in a turn")
        if profile["device"] == "serrate_sweep":
            used_sources.add(profile["key"])
            markers.append({"source": entry["source"], "token": None, "profile": profile})
            continue
        token_id = text_field(entry, "token")
        if token_id in used_tokens:
            reject("token_already_searched", f"{token_id} already has a marker")
        if token_id not in state["tokens"]:
            reject("unknown_token", f"no token {token_id!r}")
        token = state["tokens"][token_id]
        if token["state"] != "on_map":
            reject("token_not_on_map", f"{token_id} is not on the map")
        bomber = state["bombers"][token["bomber"]]
        if level(state, token["bomber"]) in (LOW, NONE) and profile["search"] >= 2:
            reject("search_value_too_high", "only search-1 sources act on LOW or NONE bombers")
        if profile["device"] == "serrate_targeted" and not revealed_ju88(bomber):
            reject("not_revealed_ju88", f"{token_id} is not a revealed Ju88")
        if profile["device"] in ("flensburg", "serrate_targeted") and \
                token["hex"] not in wide_arc_unlimited(state, profile["fighter"]):
            reject("not_in_wide_arc", f"{token_id} is outside the wide arc")
        if profile["device"] == "naxos" and not bomber["h2s"]:
            reject("not_h2s", f"{token_id} is not an H2S bomber")
        used_sources.add(profile["key"])
        used_tokens.add(token_id)
        markers.append({"source": entry["source"], "token": token_id, "profile": profile})
    return markers


def crowding(state: dict, token_id: str, profile: dict) -> int:
    """−1 if a not-HIGH token of another bomber lies within 4 hexes (S13.0, A21); Naxos never, Serrate its own."""
    if profile["device"] == "naxos":
        return 0
    if profile["device"] == "serrate_targeted":
        return targeted_crowding(state, token_id)
    token = state["tokens"][token_id]
    for other_id, other in state["tokens"].items():
        if other["state"] != "on_map" or other["bomber"] == token["bomber"]:
            continue
        if level(state, other["bomber"]) != HIGH and hex_distance(token["hex"], other["hex"]) <= CROWDING_RANGE:
            return 1
    return 0


def _search_die(journal, profile: dict) -> tuple[list[dict], int | None]:
    if profile["kind"] == "mew":
        return [], None  # A15: automatic success
    count = 2 if profile["kind"] == "gci" else 1
    dice = [roll(journal.rng, "search") for _ in range(count)]
    return dice, max(values(dice))


def _multi_test(journal, first: str, bomber_id: str, source: str) -> None:
    """A14: the target first, then the bomber's other on-map tokens by ascending hex."""
    state = journal.state
    queue = [first] + sorted((t for t in live_tokens(state, bomber_id)
                              if t != first and state["tokens"][t]["state"] == "on_map"),
                             key=lambda t: state["tokens"][t]["hex"])
    for token_id in queue:
        if len(live_tokens(state, bomber_id)) < 2 or state["tokens"][token_id]["state"] != "on_map":
            break
        if phantom_test(journal, token_id, source) == "bomber":
            break


def _resolve_high(journal, marker: dict, bomber_id: str) -> None:
    state = journal.state
    profile = marker["profile"]
    journal.emit("search_resolved", {"source": marker["source"], "token": marker["token"], "bomber": bomber_id,
                                     "level": HIGH, "success": True, "phantom_test": True})
    if profile["kind"] in ("gci", "mew"):
        _multi_test(journal, marker["token"], bomber_id, profile["key"])
    else:
        phantom_test(journal, marker["token"], profile["key"])
    if profile["kind"] == "mew":
        for other_id in sorted(state["bombers"]):
            if other_id == bomber_id or level(state, other_id) != HIGH:
                continue
            on_map = sorted((t for t in live_tokens(state, other_id) if state["tokens"][t]["state"] == "on_map"),
                            key=lambda t: state["tokens"][t]["hex"])
            if on_map:
                _multi_test(journal, on_map[0], other_id, profile["key"])


def displace(journal, token_id: str, source: str) -> None:
    """§2.9: one low-pattern die, re-rolled onto free hexes (A10); all blocked → stays (A11)."""
    state = journal.state
    token = state["tokens"][token_id]
    heading = state["bombers"][token["bomber"]]["heading"]
    origin = cell_of(token["hex"])
    bounds = bounds_of(state)
    occupied = occupied_hexes(state, except_token=token_id)
    targets = [displaced(origin, heading, d) for d in range(1, 7)]
    free = [not (bounds.on_map(c) and hex_id(c) in occupied) for c in targets]
    rolls = []
    if any(free):
        while True:
            die = roll(journal.rng, "displacement", reroll=bool(rolls))
            rolls.append(die)
            if free[die["value"] - 1]:
                break
        cell = targets[rolls[-1]["value"] - 1]
    else:
        cell = origin
    off = not bounds.on_map(cell)
    journal.emit("displacement_roll", {"token": token_id, "rolls": rolls, "to": None if off else hex_id(cell),
                                       "offmap": off})
    bomber_id = token["bomber"]
    if off:
        journal.emit("token_exited", {"token": token_id, "from": token["hex"], "reason": "displaced_off_map"})
        check_escape(journal, bomber_id)
        return
    move_token(journal, token_id, hex_id(cell), "displacement")
    journal.emit("fix_placed", {"bomber": bomber_id, "fix": "track", "by": source, "position": "under",
                                "hex": hex_id(cell)})


def _resolve_medium(journal, marker: dict, bomber_id: str) -> None:
    state, profile = journal.state, marker["profile"]
    crowd = crowding(state, marker["token"], profile)
    dice, best = _search_die(journal, profile)
    total = None if best is None else best - profile["search"] - crowd
    success = total is None or total >= MEDIUM_THRESHOLD
    journal.emit("search_resolved", {"source": marker["source"], "token": marker["token"], "bomber": bomber_id,
                                     "level": MEDIUM, "dice": dice, "s": profile["search"], "crowd": crowd,
                                     "total": total, "threshold": MEDIUM_THRESHOLD, "success": success})
    if success:
        displace(journal, marker["token"], profile["key"])


def _resolve_low_or_none(journal, marker: dict, bomber_id: str, lvl: str) -> None:
    state, profile = journal.state, marker["profile"]
    base = {"source": marker["source"], "token": marker["token"], "bomber": bomber_id, "level": lvl,
            "s": profile["search"]}
    if profile["search"] >= 2:
        journal.emit("search_resolved", {**base, "success": False, "reason": "search_value_too_high"})
        return
    if state["bombers"][bomber_id]["track"] == "on":
        journal.emit("search_resolved", {**base, "success": True, "keeps_track": True, "dice": []})
        return
    crowd = crowding(state, marker["token"], profile)
    dice, best = _search_die(journal, profile)
    total = None if best is None else best - crowd
    success = total is None or total >= LOW_THRESHOLD
    journal.emit("search_resolved", {**base, "dice": dice, "crowd": crowd, "total": total,
                                     "threshold": LOW_THRESHOLD, "success": success})
    if not success:
        return
    token_id = marker["token"]
    if lvl == LOW:
        area = {hex_id(c) for c in token_cells(state, token_id) if bounds_of(state).on_map(c)}
        result = location_roll(journal, token_id, area, profile["key"], offmap_ok=True)
        if not result["rolled"]:
            return
        if result["offmap"]:
            journal.emit("token_exited", {"token": token_id, "from": state["tokens"][token_id]["hex"],
                                          "reason": "located_off_map"})
            check_escape(journal, bomber_id)
            return
        move_token(journal, token_id, result["hex"], "location")
    journal.emit("fix_placed", {"bomber": bomber_id, "fix": "track", "by": profile["key"], "position": "on",
                                "hex": state["tokens"][token_id]["hex"]})


def resolve_searches(journal, markers: list[dict]) -> None:
    state = journal.state
    journal.emit("search_assigned", {"markers": [{"source": m["source"], "token": m["token"]} for m in markers]})
    markers = list(markers)
    kept = []
    for marker in markers:  # S24.0: every jamming roll before the first resolution
        jamming = marker["profile"]["jamming"]
        if jamming in JAMMED_ON:
            die = roll(journal.rng, "jamming")
            removed = die["value"] <= JAMMED_ON[jamming]
            journal.emit("jamming_check", {"source": marker["source"], "token": marker["token"], "jamming": jamming,
                                           "rolls": [die], "removed": removed})
            if removed:
                continue
        kept.append(marker)
    for marker in kept:
        if marker["profile"]["device"] == "serrate_sweep":
            sweep(journal, marker["profile"]["fighter"], marker["source"])
            continue
        token = state["tokens"][marker["token"]]
        bomber_id = token["bomber"]
        if token["state"] != "on_map":
            journal.emit("search_resolved", {"source": marker["source"], "token": marker["token"], "bomber": bomber_id,
                                             "success": False, "reason": "token_gone"})
            continue
        lvl = level(state, bomber_id)
        if lvl == HIGH:
            _resolve_high(journal, marker, bomber_id)
        elif lvl == MEDIUM:
            _resolve_medium(journal, marker, bomber_id)
        else:
            _resolve_low_or_none(journal, marker, bomber_id, lvl)
    withdraw_untracked(journal)


def withdraw_untracked(journal) -> None:
    """S5.1: Track-on is lost where no search-1 source tracked the bomber this phase."""
    state = journal.state
    for bomber_id, bomber in sorted(state["bombers"].items()):
        if bomber["status"] == "in_play" and bomber["track"] == "on" and bomber_id not in state["turn_flags"]["tracked"]:
            journal.emit("fix_removed", {"bomber": bomber_id, "fix": "track", "by": None, "reason": "not_tracked"})
