"""Ruleset parameters: every [RULING] of docs/rules/303.md with the spec's default, plus the hit faces.

* ``bomber_shots`` (docs/rules/303.md "Movement and shots"): shots of the bomber per German turn, default 1.
* ``flythrough_fallback`` (docs/rules/303.md "Combat"): where an attacker goes when the opposite hex is
  blocked and the command names no free neighbour: ``"clockwise"`` (default) or
  ``"counterclockwise"`` search round the target starting at the opposite hex.
* ``flythrough_blocked`` (docs/rules/303.md "Combat"): no neighbour of the target free: ``"stay"`` (default)
  or ``"nearest_free"`` (the nearest free hex beyond the ring, searched in the same turning order).
* ``hit_faces`` (docs/rules/303.md "Forces and board" [B] "hits on 3 of 6 faces"): this project uses 4, 5, 6.
"""
from __future__ import annotations

from systems.kit.contract import reject

DEFAULT_PARAMETERS: dict = {
    "bomber_shots": 1,
    "flythrough_fallback": "clockwise",
    "flythrough_blocked": "stay",
    "hit_faces": [4, 5, 6],
}
FLYTHROUGH_FALLBACKS = ("clockwise", "counterclockwise")
FLYTHROUGH_BLOCKED = ("stay", "nearest_free")


def parameters_from_setup(setup: dict) -> dict:
    """The parameters of ``setup`` (every key but ``board``) over the defaults, validated."""
    unknown = set(setup) - set(DEFAULT_PARAMETERS) - {"board"}
    if unknown:
        reject("invalid_setup", f"unknown setup keys: {sorted(unknown)}")
    params = {key: setup.get(key, default) for key, default in DEFAULT_PARAMETERS.items()}
    shots = params["bomber_shots"]
    if not isinstance(shots, int) or isinstance(shots, bool) or shots < 0:
        reject("invalid_setup", "bomber_shots must be an integer >= 0")
    if params["flythrough_fallback"] not in FLYTHROUGH_FALLBACKS:
        reject("invalid_setup", f"flythrough_fallback must be one of {FLYTHROUGH_FALLBACKS}")
    if params["flythrough_blocked"] not in FLYTHROUGH_BLOCKED:
        reject("invalid_setup", f"flythrough_blocked must be one of {FLYTHROUGH_BLOCKED}")
    faces = params["hit_faces"]
    if (not isinstance(faces, list) or not faces or len(set(faces)) != len(faces)
            or not all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6 for f in faces)):
        reject("invalid_setup", "hit_faces must be a list of distinct faces 1..6")
    params["hit_faces"] = sorted(faces)
    return params
