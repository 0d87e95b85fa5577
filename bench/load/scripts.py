"""Scripted 303 games for the load run (docs/rules/303.md; issue 9 "bench/load").

Each game is created with a known dice seed, so the whole game can be decided ahead of time
with the engine and the deterministic policies of tests/rules/battle303/policies.py: the
clients then only post commands and check that every 201 lands at the version foreseen.
Dice for the command appended at ``seq`` are ``SeededDice(seed, stream, seq)``, as the
service draws them (game/services.py ``submit_command``).
"""
from __future__ import annotations

from systems.battle303.rules import SYSTEM
from systems.kit.contract import RuleViolation
from systems.kit.dice import SeededDice
from tests.rules.battle303.policies import aggressive_raf_policy, bomber_rush_policy, pass_policy

POLICIES = (pass_policy, bomber_rush_policy, aggressive_raf_policy)
# The service closes a finished game with ResultRecorded + Revealed.
CLOSING_EVENTS = 2


def script_game(stream: str, seed: str, policy) -> list[dict]:
    """The commands of one whole game: ``[{"side", "expected_version", "command", "version"}]``."""
    state = SYSTEM.initial_state({}, SeededDice(seed, stream, 1))
    version, steps = 1, []
    while SYSTEM.outcome(state) is None:
        side = SYSTEM.to_move(state)[0]
        command = policy(SYSTEM.view(state, side), SYSTEM.legal_actions(state, side), side)
        events = SYSTEM.decide(state, command, side, SeededDice(seed, stream, version + 1))
        if isinstance(events, RuleViolation):
            raise AssertionError(f"policy {policy.__name__} chose a rejected command: {events}")
        for event in events:
            state = SYSTEM.evolve(state, event)
        after = version + len(events) + (CLOSING_EVENTS if SYSTEM.outcome(state) is not None else 0)
        steps.append({"side": side, "expected_version": version, "command": command, "version": after})
        version = after
    return steps


def create_scripted_games(count: int, players: int | None = None) -> list[dict]:
    """``count`` games, each with its players' tokens and its whole script, among ``players``
    users (default: two fresh ones per game). A player keeps his token from game to game, as on
    the service: only his first command finds the token cache cold (kernel/api/token_cache.py)."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from game import services

    players = max(2, min(players or 2 * count, 2 * count))
    User = get_user_model()
    users = User.objects.bulk_create(User(username=f"load-{i}") for i in range(players))
    tokens = Token.objects.bulk_create(Token(user=u, key=Token.generate_key()) for u in users)
    games = []
    for i in range(count):
        # Pairs rotate through the players, so the same two seldom meet again.
        first, second = (2 * i) % players, (2 * i + 1 + 2 * (i // (players // 2 or 1))) % players
        if second == first:
            second = (first + 1) % players
        seed = f"load-seed-{i}"
        game = services.create_game(system_name="303", setup={}, players={"luftwaffe": users[first], "raf": users[second]},
                                    seed=seed)
        games.append({
            "id": str(game.pk),
            "tokens": {"luftwaffe": tokens[first].key, "raf": tokens[second].key},
            "steps": script_game(game.stream, seed, POLICIES[i % len(POLICIES)]),
        })
    return games
