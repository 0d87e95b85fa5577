"""The Duel in the Dark practice opponents (systems/duel/bots; contract systems/kit/bots.py).

Fair by construction: twin games that differ only in what a side may not see give that side's
bot the same view and legal actions, so every level decides the same — and a bot that peeks
at the state is caught by the same check.  Every level of both sides finishes legal games under
the referee with the advanced rules and the expansions on; set-ups a bot cannot play are refused.
"""
import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from systems.kit.bots import play_out
from systems.kit.contract import RuleViolation
from systems.kit.dice import SeededDice
from systems.duel.bots import LEVELS, make_bot, refusal
from systems.duel.bots.calibration import RandomLegal, elo, match, paired
from systems.duel.rules import SYSTEM
from systems.duel.rules.board import load_board
from systems.duel.rules.options import ADVANCED_RULES

BOARD = load_board()
ADVANCED = {key: True for key in ADVANCED_RULES if key != "friendly_flak_can_score_british"}
EXPANSIONS = {"medals": True, "ju88": True, "window": True, "walls_have_ears": True, "walls_random_target": True,
              "railway_flak": True, "quad_flak": True, "acoustic_mirror": True, "ace_gunners": True,
              "british_qf_guns": 2, "british_searchlights": 2}


def bots_for(setup: dict, level: int, seed: str) -> dict:
    return {side: make_bot(side, level, setup, f"{seed}:{side}") for side in SYSTEM.sides_for(setup)}


def game_states(setup: dict, seed: str, level: int = 3):
    """Every (state, side to move) of one game between ``level`` bots."""
    bots = bots_for(setup, level, seed)
    state = SYSTEM.initial_state(setup, SeededDice(seed, "bot-game", 1))
    seq = 1
    while SYSTEM.outcome(state) is None:
        side = SYSTEM.to_move(state)[0]
        yield state, side
        seq += 1
        command = bots[side].choose(SYSTEM.view(state, side), SYSTEM.legal_actions(state, side))
        for event in SYSTEM.decide(state, command, side, SeededDice(seed, "bot-game", seq)):
            state = SYSTEM.evolve(state, event)


def german_twin(state: dict) -> dict | None:
    """The same game with another British plan behind the same revealed cards (the German's view
    is unchanged: the plan is British-only until the end of the night, §4.5), or None."""
    plan, b = state["plan"], state["bomber"]
    if plan is None or state["plan_revealed"] or b["landed"] or b["target_bombed"]:
        return None
    twin = copy.deepcopy(state)
    cur = b["hex"] if b["hex"] is not None else plan["takeoff_bomber"]
    others = sorted(c for c in BOARD.cities if c != plan["target"] and BOARD.dist(cur, c) > 1)
    if not others:
        return None
    twin["plan"]["target"] = others[0]
    twin["plan"]["landing_bomber"] = next(a for a in BOARD.british_airfields if a != plan["landing_mosquito"]
                                          and a != plan["landing_bomber"]) if len(BOARD.british_airfields) > 2 \
        else plan["landing_bomber"]
    twin["nonce"] = "f" * 32
    return twin


def british_twin(state: dict) -> dict:
    """The same game with another hidden nonce and other German-turn bookkeeping the British view
    does not show."""
    twin = copy.deepcopy(state)
    twin["nonce"] = "e" * 32
    twin["medals_awarded"] = state["medals_awarded"] + 1
    return twin


def decisions_agree(make, state: dict, twin: dict, side: str) -> bool:
    """The fairness check: bots built by ``make(state)`` (a fair one ignores its argument) decide
    the same in the twin games whose views for ``side`` are equal."""
    view, legal = SYSTEM.view(state, side), SYSTEM.legal_actions(state, side)
    assert view == SYSTEM.view(twin, side) and legal == SYSTEM.legal_actions(twin, side)
    return make(state).choose(view, legal) == make(twin).choose(view, legal)


class PeekingGerman:
    """A deliberately unfair test double: it reads the state's hidden plan and sends a fighter to
    the hex the Bomber enters next."""

    side, level = "german", 9

    def __init__(self, state: dict):
        self.state = state

    def choose(self, view: dict, legal: list[dict]) -> dict:
        plan, b = self.state["plan"], self.state["bomber"]
        start = plan["takeoff_bomber"]
        hexes, cur = [], start
        for card in plan["route"]:
            cur = BOARD.step(cur, card["dir"])
            hexes.append(cur)
        goal = plan["target"] if not b["target_bombed"] else hexes[-1]
        moves = [a for a in legal if a["type"] == "MoveFighter" and not a.get("template")]
        if not moves:
            return next(a for a in legal if not a.get("template"))

        def end(a):
            h = self.state["fighters"][a["fighter"]]["hex"]
            for d in a["path"]:
                h = BOARD.step(h, d)
            return h
        return min(moves, key=lambda a: (BOARD.dist(end(a), goal), a["fighter"], str(a)))


def test_german_bots_decide_the_same_whatever_the_hidden_plan():
    checked = 0
    for state, side in game_states({}, "fair-g"):
        if side != "german" or state["step"] not in ("german", "ground_units"):
            continue
        twin = german_twin(state)
        if twin is None:
            continue
        for level in LEVELS:
            assert decisions_agree(lambda s, level=level: make_bot("german", level, {}, "same-seed"), state, twin, side)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_the_fairness_check_catches_a_bot_that_peeks_at_the_plan():
    caught = 0
    for state, side in game_states({}, "fair-g"):
        if side != "german" or state["step"] != "german" or state["bomber"]["hex"] is None:
            continue
        twin = german_twin(state)
        if twin is not None and not decisions_agree(PeekingGerman, state, twin, side):
            caught += 1
    assert caught >= 1


def test_british_bots_decide_the_same_whatever_the_german_side_hides():
    checked = 0
    for state, side in game_states(dict(ADVANCED), "fair-b"):
        if side != "british":
            continue
        twin = british_twin(state)
        for level in LEVELS:
            assert decisions_agree(lambda s, level=level: make_bot("british", level, ADVANCED, "seed"), state, twin, side)
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def test_a_bot_with_the_same_seed_view_and_legal_actions_decides_the_same():
    for state, side in game_states({}, "determinism"):
        if state["step"] == "german":
            view, legal = SYSTEM.view(state, side), SYSTEM.legal_actions(state, side)
            for level in LEVELS:
                picks = {str(make_bot(side, level, {}, "s").choose(view, legal)) for _ in range(2)}
                assert len(picks) == 1
            return
    pytest.fail("no German turn")


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("setup", [ADVANCED, EXPANSIONS], ids=["advanced_rules", "expansions"])
def test_every_level_plays_whole_legal_games_with_the_options_on(level, setup):
    final = play_out(SYSTEM, setup, bots_for(setup, level, "legal"), f"legal-{level}")
    assert SYSTEM.outcome(final) is not None and final["over"]


@pytest.mark.parametrize("setup", [{"players": 3}, {"mode": "solo"}, {"mode": "swap"}], ids=["3_players", "solo", "swap"])
def test_bots_play_the_other_set_ups(setup):
    final = play_out(SYSTEM, setup, bots_for(setup, 2, "other"), "other")
    assert SYSTEM.outcome(final) is not None


def test_each_side_at_each_level_plays_against_random_moves():
    for level in LEVELS:
        for side, other in (("british", "german"), ("german", "british")):
            bots = {side: make_bot(side, level, {}, "r"), other: RandomLegal(other, "r")}
            assert SYSTEM.outcome(play_out(SYSTEM, {}, bots, f"vs-random-{level}-{side}")) is not None


def test_refusals():
    assert refusal("german", 1, {}) is None
    for key, value in EXPANSIONS.items():
        assert refusal("british", 4, {key: value}) is None, key
    assert refusal("german", 1, {"some_later_expansion": True}) == "bot_unsupported_option"
    assert refusal("german", 1, {"board": {"hexes": []}}) == "bot_unsupported_board"
    assert refusal("german", 7, {}) == "bot_unknown_level"
    assert refusal("british", 1, {"mode": "solo"}) == "bot_unknown_side"
    with pytest.raises(ValueError, match="bot_unsupported_option"):
        make_bot("german", 1, {"some_later_expansion": True}, "s")


def test_elo_is_chained_from_the_random_anchor():
    rows = [{"pairing": "L1 vs random", "games": 10, "wins": 9.0}, {"pairing": "L1 vs random", "games": 10, "wins": 5.0},
            {"pairing": "L2 vs L1", "games": 20, "wins": 10.0}]
    ratings = elo(rows)
    assert ratings[1] > 0 and ratings[2] == ratings[1]


@pytest.mark.parametrize("side", ["british", "german"])
def test_a_paired_row_plays_both_levels_on_the_same_nights(side):
    """Like for like: a level paired with itself meets the same opponent, seed and dice, so every
    night ends on the same margin — ½ a win each."""
    row = paired(side, 1, 1, 2, "pairs")
    assert row["wins"] == 1.0 and row["games"] == 2
    assert row["against"] == ("random german" if side == "british" else "random british")


@pytest.mark.slow
@pytest.mark.parametrize("side", ["british", "german"])
def test_the_strongest_level_beats_random_moves(side):
    row = match(side, max(LEVELS), 0, 6, "strength")
    assert row["wins"] >= 4


def test_every_level_and_refusal_has_words():
    from systems.duel.words import BOT_LEVELS, BOT_REFUSALS
    assert set(BOT_LEVELS) == set(LEVELS)
    codes = {refusal("german", 1, {"x": 1}), refusal("german", 1, {"board": {"hexes": []}}),
             refusal("german", 9, {}), refusal("british", 1, {"mode": "solo"})}
    assert codes <= set(BOT_REFUSALS)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 120), level=st.sampled_from(sorted(LEVELS)))
def test_a_bot_anywhere_in_a_random_game_sends_a_command_the_engine_accepts(seed, moves, level):
    setup = dict(ADVANCED) if seed % 2 else dict(EXPANSIONS)
    pick = random.Random(seed)
    state = SYSTEM.initial_state(setup, SeededDice(str(seed), "prop", 0))
    for n in range(moves):
        if SYSTEM.outcome(state) is not None:
            return
        side = SYSTEM.to_move(state)[0]
        command = pick.choice([a for a in SYSTEM.legal_actions(state, side) if not a.get("template")])
        for event in SYSTEM.decide(state, command, side, SeededDice(str(seed), "prop", n + 1)):
            state = SYSTEM.evolve(state, event)
    if SYSTEM.outcome(state) is not None:
        return
    side = SYSTEM.to_move(state)[0]
    command = make_bot(side, level, setup, str(seed)).choose(SYSTEM.view(state, side), SYSTEM.legal_actions(state, side))
    assert not isinstance(SYSTEM.decide(state, command, side, SeededDice(str(seed), "prop", 999)), RuleViolation)
