"""Spec §1.5, §1.6, §3.3: games of several nights, the swap-sides match mode and forced weather."""
from systems.duel.rules import SYSTEM

from .policies import POLICIES, play
from .support import apply, dice, layout


def play_night(state):
    """Plays with the policies until the current night ends (returns the state at the next night)."""
    night = state["night"]
    n = 0
    while SYSTEM.to_move(state) and state["night"] == night:
        side = SYSTEM.to_move(state)[0]
        command = POLICIES[side](SYSTEM.view(state, side), SYSTEM.legal_actions(state, side), side)
        state, _ = apply(state, side, command, dice(n))
        n += 1
    return state


def test_score_carries_over_and_new_weather_each_night():
    """§1.5: VP carried (sides kept); A-09: a new weather card each night; A-08: restored units."""
    state = SYSTEM.initial_state({"nights": 2, "weather_card": 5}, None)
    state = play_night(state)
    assert state["night"] == 2 and state["step"] == "place_fighters"
    assert state["score"] == state["night_margins"][0] != 0
    assert state["used_weather_cards"] == [5]
    assert state["bomber"]["revealed_cards"] == [] and state["plan"] is None and state["commitment"] is None
    assert all(not t["destroyed"] for t in state["tiles"].values())
    assert all(f["state"] in ("reserve", "out_game") for f in state["fighters"].values())
    carried = state["score"]
    final = play_night(state)
    assert final["used_weather_cards"][0] == 5 and final["used_weather_cards"][1] != 5
    assert final["score"] == carried + final["night_margins"][1]
    assert SYSTEM.outcome(final)["score"] == final["score"]


def test_swap_mode_reuses_the_weather_and_scores_each_night_from_zero():
    """§1.6 / A-11: night 2 uses night 1's card, the track restarts at 0, seats compare margins."""
    state = SYSTEM.initial_state({"mode": "swap"}, None)
    state = play_night(state)
    first_card, m1 = state["used_weather_cards"][0], state["night_margins"][0]
    assert state["score"] == 0 and state["nights_total"] == 2
    final, _ = play(SYSTEM, state, dice)
    assert final["weather"]["card_id"] == first_card
    m2 = final["night_margins"][1]
    result = SYSTEM.outcome(final)
    assert result["seat_totals"]["british_in_night_1"] == m1 - m2
    expected = "british" if m1 - m2 > 0 else "german" if m1 - m2 < 0 else None
    assert result["winner"] == expected


def test_forced_weather_card_for_a_rematch():
    state = SYSTEM.initial_state({"weather_card": 7}, None)
    state, _ = apply(state, "german", {"type": "PlaceFighters", "placements": {"red": 18, "green": 4, "yellow": 24, "blue": 11}})
    state, events = apply(state, "british", {"type": "DrawWeather"})
    assert events[0].payload["card_id"] == 7 and events[0].payload["wind"] == "W"
    assert events[0].visibility == "public"


def test_weather_draw_is_seeded():
    def draw(seed):
        state = SYSTEM.initial_state({}, None)
        state, _ = apply(state, "german", {"type": "PlaceFighters", "placements": {"red": 18, "green": 4, "yellow": 24, "blue": 11}})
        return apply(state, "british", {"type": "DrawWeather"}, dice(seed))[0]["weather"]["card_id"]
    cards = {draw(seed) for seed in range(12)}
    assert len(cards) > 2 and draw(3) == draw(3)


def test_civil_shelters_stay_across_nights_c28():
    """§3.5 G6: a shelter never moves, and no new shelter appears after night 1."""
    shelters = [("civil_shelter", 27), ("civil_shelter", 34)]
    state = SYSTEM.initial_state({"nights": 2, "weather_card": 12}, None)
    while state["step"] != "ground_units":
        side = SYSTEM.to_move(state)[0]
        command = POLICIES[side](SYSTEM.view(state, side), SYSTEM.legal_actions(state, side), side)
        state, _ = apply(state, side, command)
    units = layout(shelters)
    state, _ = apply(state, "german", {"type": "PlaceGroundUnits", "placements": units})
    kept = {u["tile"]: u["hex"] for u in units if u["face"] == "civil_shelter"}
    assert state["shelters"] == kept
    state = play_night(state)
    assert state["night"] == 2 and state["shelters"] == kept
    assert all(state["tiles"][t]["hex"] == h and state["tiles"][t]["face"] == "civil_shelter" for t, h in kept.items())
    while state["step"] != "ground_units":
        side = SYSTEM.to_move(state)[0]
        command = POLICIES[side](SYSTEM.view(state, side), SYSTEM.legal_actions(state, side), side)
        state, _ = apply(state, side, command)
    moved = [dict(u, hex=41) if u["tile"] in kept else u for u in units]
    result = SYSTEM.decide(state, {"type": "PlaceGroundUnits", "placements": moved}, "german", dice())
    assert result.code == "shelter_moved"
    added = layout(shelters + [("civil_shelter", 41)])
    result = SYSTEM.decide(state, {"type": "PlaceGroundUnits", "placements": added}, "german", dice())
    assert result.code == "shelter_added"
    flipped = [dict(u, face="searchlight", hex=22) if u["tile"] not in kept and u["face"] == "searchlight" else u
               for u in units]
    state, _ = apply(state, "german", {"type": "PlaceGroundUnits", "placements": flipped})


def test_fighter_lost_at_sea_misses_the_next_night():
    """§1.5: ditched in Britain/at sea → lost for the game; PlaceFighters needs only the others."""
    state = SYSTEM.initial_state({"nights": 2, "weather_card": 12}, None)
    state["fighters_lost"] = ["yellow"]
    state = play_night(state)
    assert state["fighters"]["yellow"]["state"] == "out_game"
    result = SYSTEM.decide(state, {"type": "PlaceFighters", "placements": {
        "red": 18, "green": 4, "yellow": 24, "blue": 11}}, "german", dice())
    assert result.code == "fighter_not_available"
    apply(state, "german", {"type": "PlaceFighters", "placements": {"red": 18, "green": 4, "blue": 11}})
