"""Timeout adjudication (docs/rules/service.md, "Clocks and timeouts").

The side out of time loses; a game nobody has moved in yet is aborted (and unrated).
A correspondence game's deadline already lies after the vacations of the side to move (they
push it when they are taken, game/vacations.py); the sweep still re-reckons it from the row's
pauses before adjudicating, so a player on vacation is never timed out.
The ending event is appended at the version the sweep saw, so a move that lands first, or a
second worker adjudicating the same game, makes the append fail: exactly once.
"""
from __future__ import annotations

from django.utils import timezone

from . import clocks, pauses
from systems.kit.framework_events import GAME_ABORTED, TIMEOUT_ADJUDICATED
from .models import Game
from .services import end_game, loss_for
from kernel.refusals import CommandRejected
from kernel.store import ConcurrencyError


def overdue_game_ids(now=None, limit: int = 1000) -> list:
    now = now or timezone.now()
    return list(
        Game.objects.filter(status=Game.Status.RUNNING, deadline_at__lt=now)
        .order_by("deadline_at")
        .values_list("pk", flat=True)[:limit]
    )


def timeout_outcome(game: Game) -> tuple[str, dict]:
    if game.moves_made == 0:
        return GAME_ABORTED, {"winner": None, "aborted": True, "reason": "timeout_before_start"}
    loser = clocks.side_out_of_time(game.time_control, game.clock, game.to_move, game.turn_started_at,
                                    pauses.pauses_of(game))
    return TIMEOUT_ADJUDICATED, loss_for(game, loser, "timeout", forfeit=True)


def is_overdue(game: Game, now) -> bool:
    if game.status != Game.Status.RUNNING or game.deadline_at is None or game.deadline_at >= now:
        return False
    if pauses.is_correspondence(game):
        reckoned = clocks.deadline(game.time_control, game.clock, game.to_move, game.turn_started_at,
                                   pauses.pauses_of(game))
        return reckoned is not None and reckoned < now
    return True


def adjudicate(game_id, now=None) -> bool:
    """Adjudicate one overdue game; ``False`` if it was not overdue or somebody beat us to it."""
    now = now or timezone.now()
    game = Game.objects.filter(pk=game_id).first()
    if not game or not is_overdue(game, now):
        return False
    event_type, outcome = timeout_outcome(game)
    try:
        end_game(game.pk, event_type, outcome, actor="system:timeouts", expected_version=game.version,
                 reason=outcome["reason"])
    except (ConcurrencyError, CommandRejected):
        return False
    return True
