"""What the pilot's uncertainty allowed (systems/nightfighter/fog.py; docs/rules/nightfighter-solo.md §2.6,
S5.0–S5.4): on whole nights, each step's map holds exactly each on-map token's area as the
pilot's view shows it less the searched-out hexes, and the bombers pinned down (uncertainty
NONE) are ringed on their token's hex, which the map always holds."""
import pytest

from systems.nightfighter.fog import replay_maps, step_map
from systems.nightfighter.rules import SYSTEM

from .play import play_night
from .policies import simple_policy


@pytest.mark.parametrize("scenario,seed", [("HS2", "fog-1"), ("HS2", "fog-2"), ("HS1", "fog-3")])
def test_each_steps_map_is_the_pilots_uncertainty(scenario, seed):
    final, events = play_night({"scenario": scenario}, simple_policy, seed=seed)
    state = SYSTEM.initial_state({"scenario": scenario}, None)
    steps, checked = [], 0
    for seq, event in enumerate(events, start=2):
        state = SYSTEM.evolve(state, event)
        steps.append((seq, event.type, event.payload, state))
        found = step_map(state)
        view = SYSTEM.view(state, "player")
        on_map = [t for t in view["tokens"] if t["state"] == "on_map"]
        if not on_map:
            assert found is None
            continue
        expected: dict[str, list[str]] = {}
        for token in sorted(on_map, key=lambda t: t["id"]):
            for h in sorted(set(token["area"]) - set(token["excluded"])):
                expected.setdefault(str(h), []).append(token["id"])
        assert found["moves"] == {h: expected[h] for h in sorted(expected, key=int)}
        assert set(found["now"]) == {t["hex"] for t in on_map}
        for h in found["truth"]:
            assert h in found["now"] and str(h) in found["moves"]
        checked += 1
    assert checked
    maps = replay_maps(steps)
    assert set(maps["by_step"]) == {str(s[0]) for s in steps}
    assert len(maps["maps"]) <= checked
