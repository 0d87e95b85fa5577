"""What the pilot's uncertainty allowed (docs/rules/nightfighter-solo.md §1.2, §2.6, S5.0–S5.4, S16.0).

Pure Python (no Django). In this model a bomber has no secret true hex while it is uncertain:
each of its tokens carries an area where it may be (its uncertainty pattern on the map, less
the hexes searches excluded), and a location roll or a fix pins it to one hex (uncertainty
NONE). So the replay's map at each step is exactly that: per hex, how many live tokens' areas
hold it (``moves``: hex → [token ids]), the tokens' own hexes (``now``), and ``truth``: the
hexes of the bombers pinned down at that step — where they truly were.
"""
from __future__ import annotations

import json

from .rules.uncertainty import NONE, level, on_map_tokens, token_area


def step_map(state: dict) -> dict | None:
    """The map of one state, or None when no bomber token is on the map."""
    tokens = on_map_tokens(state)
    if not tokens:
        return None
    cover: dict[int, list[str]] = {}
    for token_id in sorted(tokens):
        excluded = set(state["exclusions"].get(token_id, []))
        for h in sorted(token_area(state, token_id) - excluded):
            cover.setdefault(h, []).append(token_id)
    truth = sorted(state["tokens"][t]["hex"] for t in tokens
                   if level(state, state["tokens"][t]["bomber"]) == NONE)
    return {"now": sorted({state["tokens"][t]["hex"] for t in tokens}), "exact": True, "truth": truth,
            "moves": {str(h): ts for h, ts in sorted(cover.items())}}


def replay_maps(steps) -> dict:
    """The maps of a whole game (``steps`` yields seq, event type, payload, state after it), equal
    maps stored once: ``{"by_step": {seq: index or None}, "maps": [...]}``."""
    by_step: dict[str, int | None] = {}
    maps: list[dict] = []
    index: dict[str, int] = {}
    for seq, _event_type, _payload, state in steps:
        found = step_map(state)
        if found is None:
            by_step[str(seq)] = None
            continue
        key = json.dumps(found, sort_keys=True)
        if key not in index:
            index[key] = len(maps)
            maps.append(found)
        by_step[str(seq)] = index[key]
    return {"by_step": by_step, "maps": maps}
