"""The 303 bots (systems/battle303/bots; contract in systems/kit/bots.py).

Fairness: a bot decides from its side's view and legal actions alone. 303 shows the table to
both sides (docs/rules/303.md), so what a side cannot see is the dice to come (and the reserve fighters'
ids). Two worlds that differ only there give identical views; a fair bot must decide the same in
both. The check is shown to bite: a test double handed the whole world (it peeks at the next
die) is caught by it.
"""
from __future__ import annotations

import copy
import json

import pytest

from systems.battle303.bots import LEVELS, make_bot, refusal
from systems.battle303.bots.calibration import RandomLegal, elo_from_ladder, pairings, play_pairing
from systems.battle303.bots.world import state_from_view
from systems.battle303.rules import SYSTEM
from systems.battle303.rules.board import load_default_board
from systems.kit.bots import BotFailed, play_out
from systems.kit.dice import SeededDice

SIDES = ("luftwaffe", "raf")
FAST_LEVELS = [level for level in LEVELS if level <= 3]
SEARCH_LEVELS = [level for level in LEVELS if level > 3]


def own_board() -> dict:
    """An organiser's board: the default one with the reinforcements sent to Kenley."""
    board = load_default_board()
    board["name"] = "303/kenley"
    board["reinforcement_airfield"] = "Kenley"
    return board


SETUPS = [
    {},
    {"bomber_shots": 0},
    {"bomber_shots": 2, "hit_faces": [5, 6]},
    {"flythrough_fallback": "counterclockwise", "flythrough_blocked": "nearest_free"},
    {"board": own_board()},
]


def positions(setup: dict, seed: str, every: int = 3) -> list[dict]:
    """States met in a game of two level-3 bots, every ``every``-th decision."""
    found = []
    bots = {side: make_bot(side, 3, setup, seed) for side in SIDES}
    state = SYSTEM.initial_state(setup, None)
    for seq in range(2, 400):
        if SYSTEM.outcome(state):
            break
        side = SYSTEM.to_move(state)[0]
        if seq % every == 0:
            found.append(state)
        command = bots[side].choose(SYSTEM.view(state, side), SYSTEM.legal_actions(state, side))
        for event in SYSTEM.decide(state, command, side, SeededDice(seed, "bot-game", seq)):
            state = SYSTEM.evolve(state, event)
    return found


# -- fairness ------------------------------------------------------------------------------------

def twin_worlds(state: dict, n: int) -> list[tuple[dict, SeededDice]]:
    """The position in two worlds: other dice to come, other ids for the reserve fighters."""
    twin = copy.deepcopy(state)
    twin["reserve"] = [f"raf{90 + i}" for i in range(len(state["reserve"]))]
    return [(state, SeededDice(f"world-a{n}", "game", 7)), (twin, SeededDice(f"world-b{n}", "game", 7))]


def fair_decision(bot):
    def decide(state, dice):
        side = SYSTEM.to_move(state)[0]
        return bot.choose(SYSTEM.view(state, side), SYSTEM.legal_actions(state, side))
    return decide


class PeekingDouble:
    """Unfair on purpose: handed the whole world, it picks by the die about to be rolled."""

    def __init__(self, side: str):
        self.side = side

    def decide(self, state, dice):
        legal = [a for a in SYSTEM.legal_actions(state, self.side) if not a.get("template")]
        peek = copy.deepcopy(dice).roll(6)  # the next die, seen before it is rolled
        return legal[peek % len(legal)]


def diverging(decide, states) -> list[int]:
    """Indexes of positions whose twin worlds (same views) got different decisions."""
    out = []
    for i, state in enumerate(states):
        worlds = twin_worlds(state, i)
        side = SYSTEM.to_move(state)[0]
        views = [json.dumps(SYSTEM.view(s, side), sort_keys=True) for s, _ in worlds]
        assert views[0] == views[1]  # the worlds differ only where the side cannot look
        decisions = [decide(*world) for world in worlds]
        if decisions[0] != decisions[1]:
            out.append(i)
    return out


@pytest.fixture(scope="module")
def game_positions():
    states = positions({}, "fairness", every=2)
    return [s for s in states if len(SYSTEM.legal_actions(s, s["side"])) > 2]


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_bot_decides_the_same_in_worlds_its_side_cannot_tell_apart(game_positions, level):
    for side in SIDES:
        mine = [s for s in game_positions if s["side"] == side][:6 if level > 3 else 20]
        assert mine
        assert diverging(fair_decision(make_bot(side, level, {}, "fair")), mine) == []


def test_the_fairness_check_catches_a_bot_handed_the_whole_world(game_positions):
    for side in SIDES:
        mine = [s for s in game_positions if s["side"] == side]
        assert diverging(PeekingDouble(side).decide, mine), f"the peeking {side} double went unnoticed"


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_same_seed_view_and_legal_give_the_same_command(game_positions, level):
    for state in game_positions[:8]:
        side = state["side"]
        view, legal = SYSTEM.view(state, side), SYSTEM.legal_actions(state, side)
        first = make_bot(side, level, {}, "same").choose(view, legal)
        again = make_bot(side, level, {}, "same").choose(copy.deepcopy(view), copy.deepcopy(legal))
        assert first == again


@pytest.mark.parametrize("setup", SETUPS, ids=["default", "no-bomber-shots", "hard-hits", "flythrough", "board"])
def test_the_state_rebuilt_from_a_view_shows_that_view(setup):
    for state in positions(setup, "rebuild", every=4):
        for side in SIDES:
            view = SYSTEM.view(state, side)
            rebuilt = state_from_view(view)
            assert SYSTEM.view(rebuilt, side) == view
            assert SYSTEM.legal_actions(rebuilt, state["side"]) == SYSTEM.legal_actions(state, state["side"])


# -- legal, complete games -----------------------------------------------------------------------

def checked(bot, seen: list):
    """The bot, with each of its commands checked against the legal actions it was offered."""
    class Checked:
        side, level = bot.side, bot.level

        def choose(self, view, legal):
            command = bot.choose(view, legal)
            concrete = [a for a in legal if not a.get("template")]
            templates = [a for a in legal if a.get("template")]
            assert command in concrete or any(
                {**t["example"], "order": command.get("order")} == command
                and sorted(command["order"]) == sorted(t["choices"]["order"]) for t in templates)
            seen.append(command)
            return command
    return Checked()


@pytest.mark.parametrize("setup", SETUPS, ids=["default", "no-bomber-shots", "hard-hits", "flythrough", "board"])
@pytest.mark.parametrize("level", FAST_LEVELS)
def test_each_side_plays_complete_legal_games(setup, level):
    for side in SIDES:
        seen: list = []
        other = "raf" if side == "luftwaffe" else "luftwaffe"
        bots = {side: checked(make_bot(side, level, setup, f"g{level}"), seen),
                other: make_bot(other, max(1, level - 1), setup, "o")}
        final = play_out(SYSTEM, setup, bots, f"complete-{level}-{side}")
        assert SYSTEM.outcome(final)["winner"] in SIDES and seen


@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_the_looking_ahead_levels_play_legal_commands(game_positions, level):
    """Their complete games are in the slow test below and in the ladder."""
    for state in game_positions[:10]:
        side = state["side"]
        legal = SYSTEM.legal_actions(state, side)
        command = make_bot(side, level, {}, "legal").choose(SYSTEM.view(state, side), legal)
        assert isinstance(SYSTEM.decide(state, command, side, SeededDice("x", "g", 1)), list)


@pytest.mark.slow
@pytest.mark.parametrize("level", SEARCH_LEVELS)
def test_the_looking_ahead_levels_play_complete_legal_games(level):
    for side in SIDES:
        seen: list = []
        other = "raf" if side == "luftwaffe" else "luftwaffe"
        bots = {side: checked(make_bot(side, level, {}, "slow"), seen), other: make_bot(other, 3, {}, "o")}
        assert SYSTEM.outcome(play_out(SYSTEM, {}, bots, f"slow-{level}-{side}"))["winner"] in SIDES


def test_a_command_the_engine_refuses_stops_the_game():
    class Stubborn:
        side, level = "luftwaffe", 0

        def choose(self, view, legal):
            return {"type": "move_bomber", "path": [1]}
    with pytest.raises(BotFailed):
        play_out(SYSTEM, {}, {"luftwaffe": Stubborn(), "raf": make_bot("raf", 1, {}, "s")}, "refused")


# -- strength ------------------------------------------------------------------------------------

def wins(side: str, level: int, opponent, games: int, seed: str) -> int:
    other = "raf" if side == "luftwaffe" else "luftwaffe"
    won = 0
    for game in range(games):
        bots = {side: make_bot(side, level, {}, f"{seed}{game}"), other: opponent(other, f"{seed}{game}")}
        won += SYSTEM.outcome(play_out(SYSTEM, {}, bots, f"{seed}-{game}"))["winner"] == side
    return won


@pytest.mark.parametrize("side", SIDES)
def test_the_pilot_beats_the_random_legal_player_from_either_side(side):
    assert wins(side, 3, RandomLegal, 10, "strength") >= 9


def test_the_pilot_beats_the_beginner_over_both_sides():
    beginner = lambda other, seed: make_bot(other, 1, {}, seed)  # noqa: E731
    assert wins("luftwaffe", 3, beginner, 10, "ladder") + wins("raf", 3, beginner, 10, "ladder") >= 14


@pytest.mark.slow
@pytest.mark.parametrize("side", SIDES)
def test_the_strongest_level_beats_the_random_legal_player_from_either_side(side):
    assert wins(side, max(LEVELS), RandomLegal, 20, "strongest") >= 18


# -- levels, refusals, Elo -----------------------------------------------------------------------

def test_levels_rise_from_a_beginner_with_ratings():
    assert sorted(LEVELS) == list(range(1, len(LEVELS) + 1)) and len(LEVELS) >= 4
    assert LEVELS[1]["label"] == "beginner"
    ratings = [LEVELS[level]["elo"] for level in sorted(LEVELS)]
    assert all(isinstance(r, int) for r in ratings) and ratings == sorted(ratings)
    assert all(LEVELS[level]["budget_seconds"] <= 2.0 for level in LEVELS)


@pytest.mark.parametrize("side, level, setup, code", [
    ("luftwaffe", 1, {}, None),
    ("raf", max(LEVELS), {"bomber_shots": 0, "hit_faces": [6]}, None),
    ("raf", 1, {"board": own_board()}, None),
    ("axis", 1, {}, "unknown_side"),
    ("raf", 0, {}, "unknown_level"),
    ("raf", max(LEVELS) + 1, {}, "unknown_level"),
    ("raf", 1, {"fog_of_war": True}, "invalid_setup"),
    ("luftwaffe", 2, {"bomber_shots": -1}, "invalid_setup"),
    ("luftwaffe", 2, {"board": {"hexes": []}}, "invalid_setup"),
])
def test_refusal_names_what_a_bot_cannot_play(side, level, setup, code):
    assert refusal(side, level, setup) == code
    if code:
        with pytest.raises(ValueError, match=code):
            make_bot(side, level, setup, "s")


@pytest.mark.parametrize("wins_per_step, expected", [
    ({"1 v 0": (50, 100)}, {1: 0}),
    ({"1 v 0": (75, 100)}, {1: 189}),
    ({"1 v 0": (75, 100), "2 v 1": (25, 100)}, {1: 189, 2: 0}),
    ({"1 v 0": (100, 100)}, {1: 921}),  # a clean sweep counts half a game lost
])
def test_elo_adds_up_pooled_steps_from_the_random_player(wins_per_step, expected):
    rows = []
    for pairing, (won, games) in wins_per_step.items():
        half = games // 2
        rows += [{"pairing": pairing, "side": "luftwaffe", "wins": won // 2, "games": half},
                 {"pairing": pairing, "side": "raf", "wins": won - won // 2, "games": games - half}]
    assert elo_from_ladder(rows) == expected


def test_a_ladder_row_counts_the_named_sides_wins_and_its_move_times():
    row = play_pairing("raf", 2, 1, 2, "row")
    assert set(row) == {"system", "side", "pairing", "games", "wins", "win_rate", "move_p50", "move_p95"}
    assert (row["system"], row["side"], row["pairing"], row["games"]) == ("303", "raf", "2 v 1", 2)
    assert 0 <= row["wins"] <= 2 and row["win_rate"] == row["wins"] / 2
    assert 0 < row["move_p50"] <= row["move_p95"]
    assert pairings()[0] == (1, 0) and pairings()[-1] == (max(LEVELS), 0)
