"""The German ground defences over sampled British plans (spec §3.5, §5.2, §5.3, §5.9).

Every tile gets a face and a hex, one at a time, where it adds most to the German's prospects
over plans drawn from the German's view (belief.py): flak scores ``1 + searchlights`` each
time the Bomber enters its hex (§5.2), and in the target hex searchlights, smoke screens and
fire engines take 1 VP each and civil shelters 2 off the bombing (§5.3).  The sum per plan goes
through a concave curve, so the next tile goes where the defences are still thinnest: any city
may be the target, and a rich but undefended one loses the night.  Radar helps the fighters
only (§5.1): it goes where the routes run; fuel trucks go where the fighters need them (G5).
"""
from __future__ import annotations

import math

from systems.duel.rules.ground_units import (BALLOON, FIRE_ENGINE, FLAK, FUEL_TRUCK, RADAR, SEARCHLIGHT, SHELTER,
                                             SMOKE)

SCALE = 12.0  # VP at which a plan's defences count as good enough (the curve's bend)
RADAR_SHARE = 0.3  # a radar's worth per Bomber entry: fighters meet the Bomber there now and then
TARGET_FACES = {SEARCHLIGHT: 1.0, SMOKE: 1.0, FIRE_ENGINE: 1.0, SHELTER: 2.0}


def utility(v: float) -> float:
    return 1.0 - math.exp(-v / SCALE)


def place(choices: dict, futures: list[list[int]], targets: list[int]) -> list[dict] | None:
    """Placements for every tile in ``choices`` (the PlaceGroundUnits template), or None when
    the night asks for what this does not handle (fixed shelters, expansion faces, solo)."""
    tiles = choices["tiles"]
    if choices.get("fixed_shelters") or choices.get("expansion_faces") or choices.get("count") != len(tiles):
        return None
    red_only = choices.get("red_faces_only")
    hexes = choices["hexes_by_face"]
    # per plan: how often it enters each hex; which hex it bombs
    enters = [{} for _ in futures]
    for i, f in enumerate(futures):
        for h in f:
            enters[i][h] = enters[i].get(h, 0) + 1
    by_hex: dict[int, list[int]] = {}
    for i, e in enumerate(enters):
        for h in e:
            by_hex.setdefault(h, []).append(i)
    n = max(1, len(futures))
    flak: dict[int, int] = {}
    lights: dict[int, int] = {}
    value = [0.0] * len(futures)
    placements = []
    free = dict(tiles)
    # G5: the fuel trucks the fighters' airfields need come first
    for h, need in sorted(choices.get("fuel_trucks_needed", {}).items()):
        for _ in range(need):
            tid = next((t for t, faces in sorted(free.items()) if FUEL_TRUCK in faces), None)
            if tid is None:
                return None
            placements.append({"tile": tid, "face": FUEL_TRUCK, "hex": int(h)})
            del free[tid]

    def gains(face: str, h: int) -> dict[int, float]:
        out = {}
        for i in by_hex.get(h, ()):
            k = enters[i][h]
            g = 0.0
            if face == FLAK:
                g = k * (1 + lights.get(h, 0))
            elif face == SEARCHLIGHT:
                g = k * flak.get(h, 0)
            elif face == RADAR:
                g = k * RADAR_SHARE
            if targets[i] == h:
                g += TARGET_FACES.get(face, 0.0)
            if g:
                out[i] = g
        return out

    while free:
        kinds = sorted({tuple(f) for f in free.values()})
        best = None
        for kind in kinds:
            for face in (kind[:1] if red_only else kind):
                if face in (FUEL_TRUCK, BALLOON):
                    continue
                for h in hexes.get(face, ()):
                    g = gains(face, h)
                    delta = sum(utility(value[i] + x) - utility(value[i]) for i, x in g.items()) / n
                    key = (delta, -h)
                    if best is None or key > best[0]:
                        best = (key, kind, face, h, g)
        if best is None:  # only faces with no use here are left: red face at the busiest hex
            tid, faces = min(free.items())
            h = max(hexes.get(faces[0], [0]), key=lambda x: (len(by_hex.get(x, ())), -x))
            placements.append({"tile": tid, "face": faces[0], "hex": h})
            del free[tid]
            continue
        _, kind, face, h, g = best
        tid = min(t for t, faces in free.items() if tuple(faces) == kind)
        for i, x in g.items():
            value[i] += x
        if face == FLAK:
            flak[h] = flak.get(h, 0) + 1
        elif face == SEARCHLIGHT:
            lights[h] = lights.get(h, 0) + 1
        placements.append({"tile": tid, "face": face, "hex": h})
        del free[tid]
    return sorted(placements, key=lambda p: p["tile"])
