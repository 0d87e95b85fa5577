"""What the replay and play pages show of sandboxes (game/sandboxes.py): the "Play on from here"
form and the side a sandbox's play page opens on."""
from __future__ import annotations

from systems.kit.presentation import side_name
from systems.registry import get_system

from . import sandboxes, services
from .models import Game


def play_on_context(game: Game) -> dict:
    """The replay's "Play on from here" form (templates/game/_replay_play_on.html): the practice
    bot's seats are offered only when a bots app has bots for the system."""
    bot_sides = []
    if sandboxes.practice_bot_available(game.system):
        bot_sides = [(s, side_name(s)) for s in services.sides_for(get_system(game.system), game.setup)]
    return {"play_on": {"bot_sides": bot_sides}}


def sandbox_source(game: Game) -> dict | None:
    """The link back to the step a sandbox was forked from (its banner on the play page)."""
    if not game.sandbox or game.forked_from_id is None:
        return None
    return {"url": f"/games/{game.forked_from_id}/replay/?step={game.forked_at_step}", "step": game.forked_at_step,
            "id": str(game.forked_from_id)[:8]}


def sandbox_side(game: Game, requested: str | None) -> str | None:
    """The side a sandbox's play page shows without ``?side=``: the one to move (one player, every seat)."""
    if requested or not game.sandbox or not game.to_move:
        return requested
    return game.to_move[0]
