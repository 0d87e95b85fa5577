"""Clouds, illumination and searchlight zones (docs/rules/nightfighter-solo.md §3.8, H9, S3.0)."""
from __future__ import annotations

from .uncertainty import bomber_hex

ZONE_DICE = {"standard": 2, "radar_directed": 4}


def cloud_covered(state: dict, zone_id: str) -> bool:
    zone = state["zones"][zone_id]
    clouds = set(state["cloud_hexes"])
    return sum(1 for h in zone["hexes"] if h in clouds) * 2 > len(zone["hexes"])


def lit_hexes(state: dict) -> set[int]:
    return {h for z in state["zones"].values() if z["active"] for h in z["hexes"]}


def illuminated_cloud(state: dict, hex_: int) -> bool:
    if hex_ not in state["cloud_hexes"]:
        return False
    return state["weather"]["moon"] == "full" or hex_ in lit_hexes(state)


def fixed_bomber_in_zone(state: dict, zone_id: str) -> bool:
    hexes = set(state["zones"][zone_id]["hexes"])
    return any(b["fixes"]["searchlight"] and bomber_hex(state, bid) in hexes
               for bid, b in state["bombers"].items() if b["status"] == "in_play")


def zone_can_fix(state: dict, zone_id: str) -> bool:
    """Active, cloud-free and holding no searchlight-fixed bomber (S14.0, A18)."""
    return state["zones"][zone_id]["active"] and not cloud_covered(state, zone_id) and not fixed_bomber_in_zone(state, zone_id)


def in_searching_zone(state: dict, hex_: int) -> bool:
    """Searchlight Fix maintenance (H6): the hex lies in an active, cloud-free zone."""
    return any(z["active"] and not cloud_covered(state, zid) and hex_ in z["hexes"] for zid, z in state["zones"].items())
