"""Play a game through the services by picking among the engine's legal actions.

Used by the demo data and by load tests: a seeded ``random.Random`` picks each command, so
a demo is the same every time. ``prefer`` lets a caller weight command types (e.g. to make
the 303 bomber press on towards London).
"""
from __future__ import annotations

import random

from .folding import engine_of, game_aggregate
from .models import Game
from .services import submit_command


def play(game: Game, users_by_side: dict, seed: int = 0, max_commands: int = 5000,
         until_version: int | None = None, prefer=None) -> Game:
    chooser = random.Random(seed)
    system = engine_of(game)
    for _ in range(max_commands):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING or not game.to_move:
            break
        if until_version is not None and game.version >= until_version:
            break
        side = game.to_move[0]
        state = game_aggregate(game)["engine"]
        # Entries marked "template" need the client to fill in a choice; autoplay sends only complete ones.
        legal = [a for a in system.legal_actions(state, side) if not a.get("template")]
        if not legal:
            break
        command = prefer(legal, side, chooser) if prefer else chooser.choice(legal)
        submit_command(game_id=game.pk, user=users_by_side[side], command=command,
                       expected_version=game.version, side=side)
    game.refresh_from_db()
    return game
