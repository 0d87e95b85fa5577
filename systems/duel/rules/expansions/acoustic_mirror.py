"""Acoustic mirror (docs/rules/duel-in-the-dark.md §9.8; A-43, A-85).

One of the 40 tiles may be placed as ``acoustic_mirror`` (option ``acoustic_mirror``, which needs
the medals of advanced rule 4).  In its hex British medals cannot destroy flak or searchlights
(sabotage, or medals dropped as bombs — A-85: the medals must then all be markers); bombing a
target city in its hex costs the British 1 VP per mirror (A-43).
"""
from __future__ import annotations

from systems.kit.contract import reject
from ..ground_units import ACOUSTIC_MIRROR, FLAK, SEARCHLIGHT, count

PROTECTED = (FLAK, SEARCHLIGHT)


def mirrors(state: dict, hex_id: int) -> int:
    return count(state, hex_id, ACOUSTIC_MIRROR)


def check_sabotage(state: dict, hex_id: int, tiles: list[str]) -> None:
    if mirrors(state, hex_id) and any(state["tiles"][t]["face"] in PROTECTED for t in tiles):
        reject("acoustic_mirror_blocks_medals", "medals cannot destroy flak or searchlights next to a mirror (§9.8)")


def check_medal_bombs(state: dict, hex_id: int, bombs: list[dict], markers: int, medal_tokens: int) -> None:
    """A-85: with a mirror in the hex, medals dropped alongside bombs on flak/searchlights must be markers."""
    if not medal_tokens or not mirrors(state, hex_id) or medal_tokens <= markers:
        return
    if any(b["target"] != "airfield" and state["tiles"][b["target"]]["face"] in PROTECTED for b in bombs):
        reject("acoustic_mirror_blocks_medals", "medal bombs cannot hit flak or searchlights next to a mirror (A-85)")
