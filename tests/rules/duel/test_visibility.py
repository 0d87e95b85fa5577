"""Spec §4.5, §10.5: the route, target and landing airfields stay British-only until play
reveals them; the public hash commitment (planning.py docstring) checks the plan at night end."""
import json

from systems.duel.rules import SYSTEM
from systems.duel.rules.planning import commitment

from .policies import POLICIES
from .support import EMDEN_PLAN, apply, dice

SECRET_KEYS = {"route", "nonce", "landing_bomber", "landing_mosquito", "length"}


def keys_in(obj) -> set:
    if isinstance(obj, dict):
        return set(obj) | set().union(*(keys_in(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(keys_in(v) for v in obj)) if obj else set()
    return set()


def play_checking(setup):
    state = SYSTEM.initial_state(setup, None)
    seen_public, n = [], 0
    while SYSTEM.to_move(state):
        side = SYSTEM.to_move(state)[0]
        for viewer in ("german", None):
            v = SYSTEM.view(state, viewer)
            if not state["plan_revealed"]:
                assert v["plan"] is None
                known = v.pop("known_plan")
                assert not (keys_in(v) & SECRET_KEYS), keys_in(v) & SECRET_KEYS
                assert ("landing_bomber" in known) == state["bomber"]["landed"]
                assert ("landing_mosquito" in known) == (state["mosquito"]["state"] == "landed")
                v["known_plan"] = known
                if state["nonce"]:
                    assert state["nonce"] not in json.dumps(v)
                if not state["bomber"]["target_bombed"]:
                    assert "target" not in v["known_plan"]
        command = POLICIES[side](SYSTEM.view(state, side), SYSTEM.legal_actions(state, side), side)
        events = SYSTEM.decide(state, command, side, dice(n))
        n += 1
        for e in events:
            if e.visibility == "public" and not state["plan_revealed"] and e.type not in ("PlanRevealed", "GameEnded"):
                assert not (keys_in(e.payload) & SECRET_KEYS), (e.type, e.payload)
            seen_public.append(e)
            state = SYSTEM.evolve(state, e)
    return state, seen_public


def test_views_never_leak_the_plan_before_the_reveal():
    state, events = play_checking({"weather_card": 1})
    types = [e.type for e in events]
    assert types.index("RouteCommitted") < types.index("PlanRevealed")
    committed = next(e for e in events if e.type == "PlanCommitted")
    assert committed.visibility == "british"
    assert all(e.visibility == "public" for e in events if e.type != "PlanCommitted")


def test_route_commitment_hash_and_reveal():
    state, events = play_checking({"weather_card": 1})
    committed = next(e for e in events if e.type == "RouteCommitted")
    revealed = next(e for e in events if e.type == "PlanRevealed")
    assert committed.payload["hash"] == commitment(revealed.payload["plan"], revealed.payload["nonce"])
    assert len(revealed.payload["nonce"]) == 32
    verified = next(e for e in events if e.type == "CommitmentVerified")
    assert verified.payload["ok"] is True
    german = SYSTEM.view(state, "german")
    assert german["plan"]["route"] == revealed.payload["plan"]["route"]


def test_views_during_the_night():
    state = SYSTEM.initial_state({"weather_card": 1}, None)
    state, _ = apply(state, "german", {"type": "PlaceFighters", "placements": {"red": 18, "green": 4, "yellow": 24, "blue": 11}})
    state, _ = apply(state, "british", {"type": "DrawWeather"})
    state, events = apply(state, "british", dict({"type": "CommitRoute"}, **EMDEN_PLAN))
    british, german, spectator, referee = (SYSTEM.view(state, s) for s in ("british", "german", None, "referee"))
    assert british["plan"]["route"] == EMDEN_PLAN["route"] and british["plan"]["length"] == 6
    assert "nonce" not in british["plan"]
    assert german["plan"] is None and spectator["plan"] is None and german["known_plan"] == {}
    assert referee["plan"]["nonce"] == state["nonce"]
    assert german["route_commitment"] == british["route_commitment"] == events[1].payload["hash"]
    assert british["legal_actions"] == [] and spectator.get("legal_actions") is None
    assert {a["type"] for a in german["legal_actions"]} == {"PlaceGroundUnits"}


def test_view_is_rich_enough_for_a_play_page():
    state = SYSTEM.initial_state({"weather_card": 1}, None)
    v = SYSTEM.view(state, None)
    for key in ("phase", "step", "round", "to_move", "score", "score_display", "vp_history", "weather",
                "bomber", "mosquito", "fighters", "ground_units", "airfield_bombs", "target_markers", "night"):
        assert key in v
    assert v["fighters"]["blue"]["fuel"] == 14 and v["fighters"]["blue"]["altitude"] == "GROUND"
