"""Advanced rule 6 — friendly flak (docs/rules/duel-in-the-dark.md §7.7; C-24, A-55, §5.11).

With F ≥ 2 flak (flak tiles, railway flak, placed ace gunners: A-55) in the fight hex the fighters lose F − 1 VP in total, after everything else.
By default the fighters' total stays ≥ 0 (A-41); the option ``friendly_flak_can_score_british``
follows [IT-T3], which books the loss as British VP (the total may go negative).
"""
from __future__ import annotations

from ..ground_units import FLAK, RAILWAY_FLAK, count


def friendly_flak_malus(state: dict, hex_id: int) -> int:
    """F − 1 for F ≥ 2 intact flak in the hex (0 if the rule is off)."""
    if not state["setup"]["friendly_flak"]:
        return 0
    aces = sum(1 for a in state["aces"].values() if a["hex"] == hex_id)
    return max(0, count(state, hex_id, FLAK) + count(state, hex_id, RAILWAY_FLAK) + aces - 1)
