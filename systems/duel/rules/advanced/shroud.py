"""Advanced rule 5 — shroud: searchlights on the cloud deck (docs/rules/duel-in-the-dark.md §7.6; C-23, C-41, A-42).

In the hex the Bomber enters: Bomber HIGH, a cloud, ≥ 1 airborne German fighter at HIGH and
≥ 2 intact German searchlights → the fighters' searchlight term is doubled (flak and the
target-city penalty are not, A-42).
"""
from __future__ import annotations

from ..state import HIGH, airborne_fighters
from ..weather import cloud

SHROUD_MIN_SEARCHLIGHTS = 2
SHROUD_FACTOR = 2


def searchlight_factor(state: dict, hex_id: int, searchlights: int) -> int:
    if not state["setup"]["shroud"] or searchlights < SHROUD_MIN_SEARCHLIGHTS:
        return 1
    if state["bomber"]["altitude"] != HIGH or not cloud(state, hex_id):
        return 1
    if not any(state["fighters"][fid]["altitude"] == HIGH for fid in airborne_fighters(state, hex_id)):
        return 1
    return SHROUD_FACTOR
