"""Games recorded by the engines before their shared kit (systems/kit/emitter.py, one reject(),
Duel's folds next to each expansion) play and fold exactly as then: the same seeds and choices
give byte-identical events (types, payloads with their key order, visibility) and the same final
state. RECORDED holds each game's digests, written by ``digests`` with the engines of that time."""
import hashlib
import json
import random

import pytest

from systems.battle303.rules import SYSTEM as BATTLE303
from systems.duel.rules import SYSTEM as DUEL
from systems.kit.dice import SeededDice
from systems.nightfighter.rules import SYSTEM as NIGHTFIGHTER

ADVANCED = {"window": True, "stronger_mosquito": True, "weather_changes": True, "reroute_after_weather_change": True,
            "reroute_after_bombing": True, "medals": True, "shroud": True, "friendly_flak": True, "mw50": True}
EXPANSIONS = {"ju88": True, "walls_have_ears": True, "walls_random_target": True, "railway_flak": True,
              "quad_flak": True, "acoustic_mirror": True, "ace_gunners": True, "british_qf_guns": 1,
              "british_searchlights": 2}
SYSTEMS = {"duel-in-the-dark": DUEL, "303": BATTLE303, "nightfighter-solo": NIGHTFIGHTER}


def choose(name: str, state: dict, side: str, chooser: random.Random) -> dict:
    """A legal command picked at random, as the engines' property tests pick them."""
    system = SYSTEMS[name]
    if name == "nightfighter-solo":
        actions = [a for a in system.legal_actions(state, side) if a["type"] not in ("end_night", "deploy_fighter")]
        return {k: v for k, v in chooser.choice(actions).items() if k not in ("to", "facing")}
    actions = [a for a in system.legal_actions(state, side) if name != "duel-in-the-dark" or not a.get("template")]
    command = dict(chooser.choice(actions))
    if command.get("template"):  # 303's open firing order
        order = command["choices"]["order"]
        command = dict(command["example"], order=chooser.sample(order, len(order)))
    return command


def digests(name: str, setup: dict, seed: int) -> dict:
    """Plays the game to its end; the digests of its events (in order, keys in order) and of the
    final state folded from them."""
    system, chooser = SYSTEMS[name], random.Random(seed)
    state = system.initial_state(setup, None)
    events = hashlib.sha256()
    count = 0
    for n in range(4000):
        sides = system.to_move(state)
        if not sides:
            break
        result = system.decide(state, choose(name, state, sides[0], chooser), sides[0], SeededDice(f"rec{seed}", name, n))
        assert isinstance(result, list), result
        for event in result:
            events.update(json.dumps([event.type, event.payload, event.visibility]).encode() + b"\n")
            state = system.evolve(state, event)
            count += 1
    return {"events": count, "events_sha256": events.hexdigest(),
            "state_sha256": hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()}


GAMES = [
    ("duel-in-the-dark", {}, 1),
    ("duel-in-the-dark", {"mode": "solo"}, 2),
    ("duel-in-the-dark", dict(ADVANCED, **EXPANSIONS), 3),
    ("duel-in-the-dark", dict(ADVANCED, players=4, **EXPANSIONS), 4),
    ("duel-in-the-dark", dict(ADVANCED, mode="swap"), 5),
    ("duel-in-the-dark", dict(ADVANCED, **EXPANSIONS), 16),
    ("duel-in-the-dark", dict(ADVANCED, players=5, nights=2, **EXPANSIONS), 6),
    ("duel-in-the-dark", dict(ADVANCED, players=5, nights=2, **EXPANSIONS), 16),
    ("303", {}, 1),
    ("303", {"bomber_shots": 2}, 2),
    ("nightfighter-solo", {"scenario": "HS1"}, 1),
    ("nightfighter-solo", {"scenario": "HS8"}, 2),
    ("nightfighter-solo", {"scenario": "HB2"}, 3),
]
# digests(*game) for each game of GAMES, by the engines as they were before the kit (commit cbd8ba6)
RECORDED = [
    {"events": 459, "events_sha256": "b7be4734283882874682983611bc9b5a9b6a016476e26b704cabb794624de82a",
     "state_sha256": "9b192443ff129bbeb95fc8c8140d715482ec9caaf25eab04bc0815c1d43140ff"},
    {"events": 382, "events_sha256": "fd155c058e0ebb1ef04a8e259684ad4524908e5e26a8071fb84ce2bde6420c5c",
     "state_sha256": "e166225b4b2099bb87325d1eae72470264a598fc1f83fb55df5f0141a1932d33"},
    {"events": 173, "events_sha256": "6fd12b7fb22e366618548b3b7908e63096df8d0594e44f7f0092fd305496f606",
     "state_sha256": "ea5c5ba00fff4bce37423d9f9e920b440a2a7d56fc2bb7831a0ab3827ad48b46"},
    {"events": 473, "events_sha256": "a8b845748b5b63f343d976eed86bf2ff45a6ef048652ed33e2ae4c78eedf11c2",
     "state_sha256": "e29b266b134ed59d8e8de5f0dda6b2843658ebfcd2d79c31ccbf244159f8727d"},
    {"events": 560, "events_sha256": "72b844db98eff17551fd96c00310b7d33e7880ae17956896d3113a3016959486",
     "state_sha256": "75031c267ba86211677f9f9aaca222aef1b1e3e3d6f6c5d73cb8af25781335fb"},
    {"events": 625, "events_sha256": "3112290fbc226bbed26b1899d1406036bc4d8b8727b09282de5441185bb766cd",
     "state_sha256": "2d292595769e86cc9ccabaa2f2906a66a6622d2548d77d9f7d29bd8ef3c435ea"},
    {"events": 725, "events_sha256": "3f71f5109a1ee6bbdbd07a55a814cc305d7987b91bd0a727e8f92f5742ba94cf",
     "state_sha256": "8d4ac6d293107ca4e75695d5c69b7ffbf05211bee6bdf036d2786c69436a0612"},
    {"events": 1165, "events_sha256": "771c9faa82857591bd6ad186104989d6f4e55b00ada23e581f440b7678003b28",
     "state_sha256": "3fead20444d242d0ccbe036ecb680af559c1a2ad3f12be8d8017fd696f04dc01"},
    {"events": 164, "events_sha256": "ec408611390927b7989e84be2a0ad70c82b2a90b5ef52ea3bcdce34e22349d90",
     "state_sha256": "37e26c4650fd03f0315e25f677f9a60529101cd961436388817d8f19c3a8ac32"},
    {"events": 158, "events_sha256": "fa3a35b372045a8508867fab8f1e7c5d4f2b345673e8c363aa75673cf10583f8",
     "state_sha256": "731d628cc4bda4233413142705dd6b552cae35e73ea62fef0b1bbd565e7b03e2"},
    {"events": 191, "events_sha256": "ec150b2ef860da56188e45d69ba171507a4260f403acaf91d1d99f7fe0c1484f",
     "state_sha256": "99dfdd3b5c825cfbdf293b47c5720f3a387b86115a406ebbc2eeb16bc82bef0b"},
    {"events": 224, "events_sha256": "bed66e20ad051e576883581c354656aee5a1d1dd59a6751a6efd984d71c55389",
     "state_sha256": "8fd5b71e98d1c68a25424e7244aeed84a516f234157dc609bb80e5e7c35e7765"},
    {"events": 387, "events_sha256": "43f184a90e10db32a38a789dea436f3e32404bc34c94301eb8215c0fcca3c35b",
     "state_sha256": "ef1d9446ca1b66e743860d7fa67a97eef899c76a7df98d3e6457784f7ad00d6c"},
]


@pytest.mark.parametrize("game, recorded", list(zip(GAMES, RECORDED)), ids=[f"{g[0]}-{g[2]}" for g in GAMES])
def test_a_recorded_game_plays_and_folds_as_recorded(game, recorded):
    assert digests(*game) == recorded


def test_every_game_has_its_record():
    assert len(RECORDED) == len(GAMES)
