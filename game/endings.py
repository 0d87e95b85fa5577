"""Players ending a game themselves (issue 15; docs/rules/service.md "Clocks and timeouts", "Ratings").

* **Resign**: the resigning side loses (``GameResigned``), rated as a loss.
* **Abort by agreement**, only before the second side's first move (in a solo game: before the
  first move): each player proposes (``AbortProposed``); when every seated player has, the game
  is aborted (``GameAborted``) and not rated.
* **Claim on time**: when the opponent's clock has run out, a player may ask for the timeout now
  instead of waiting for the periodic sweep. The sweep's own :func:`game.timeouts.adjudicate`
  appends the adjudication, at the version it saw: exactly once, whoever comes first.

A refusal raises :class:`CommandRejected` (a conflict when the game has moved past the point,
unprocessable when the rules never allow it) and appends nothing. Each append is made at the
version read (as a command's is): a move landing in between makes it a conflict
``stale_version``, to try again.
"""
from __future__ import annotations

from django.db import transaction
from django.db.models.fields.json import KeyTextTransform
from django.utils import timezone
from django.utils.translation import gettext as _

from . import clocks, pauses, services, timeouts
from kernel import refusals
from systems.kit.framework_events import ABORT_PROPOSED, FRAMEWORK_EVENTS, GAME_ABORTED, GAME_RESIGNED
from .models import Game
from kernel.models import StoredEvent
from systems.registry import get_system
from kernel.refusals import CommandRejected
from kernel.store import ConcurrencyError, NewEvent
from . import clocks, pauses, services, timeouts

RESIGNED = "resigned"
ABORTED_BY_AGREEMENT = "aborted_by_agreement"
# The commands recorded with a player's own ending (an import re-derives the ending from them).
RESIGN_COMMAND = "resign"
ABORT_COMMAND = "abort"


def moved_on(exc: ConcurrencyError) -> CommandRejected:
    return CommandRejected(refusals.CONFLICT, "stale_version",
                           _("the game moved on to version %(current)s; try again") % {"current": exc.current},
                           {"version": exc.current})


def resign(game_id, user, side: str | None = None) -> Game:
    game, seats = services.game_and_seats(game_id, user)
    side = services.acting_side(user, game, seats, side)
    try:
        return services.end_game(game.pk, GAME_RESIGNED, services.loss_for(game, side, RESIGNED),
                                 actor=user.get_username(), expected_version=game.version, reason=RESIGNED,
                                 command={"side": side, "type": RESIGN_COMMAND})
    except ConcurrencyError as exc:
        raise moved_on(exc) from None


def sides_that_moved(game: Game, enough: int) -> set[str]:
    """Up to ``enough`` of the sides that have had a command accepted (each command is stored
    with the first event of its batch; an abort proposal's own command is no move)."""
    # order_by(): without it the model's ordering joins the DISTINCT, and one side's first
    # commands would fill the slice.
    sides = (StoredEvent.objects.filter(stream=game.stream, command__isnull=False).exclude(type__in=FRAMEWORK_EVENTS)
             .order_by()
             .annotate(side=KeyTextTransform("side", "command")).values_list("side", flat=True).distinct())
    return set(sides[:enough])


def abort_window_open(game: Game) -> bool:
    """Before the first move of the second side; a game of one side, before its first move."""
    if game.moves_made == 0:
        return True
    needed = min(2, len(services.sides_for(get_system(game.system), game.setup)))
    return len(sides_that_moved(game, needed)) < needed


def abort_proposers(game: Game) -> set[str]:
    """Usernames that have proposed to abort ``game`` so far."""
    rows = StoredEvent.objects.filter(stream=game.stream, type=ABORT_PROPOSED).values_list("payload", flat=True)
    return {p.get("player") for p in rows}


def propose_abort(game_id, user, side: str | None = None) -> Game:
    """Record ``user``'s proposal; the proposal that completes the agreement aborts the game."""
    with transaction.atomic():
        game = services.lock_game(game_id)  # one ending at a time; moves are caught by the version
        seats = {s.side for s in game.seats.all() if s.user_id == user.pk}
        side = services.acting_side(user, game, seats, side)
        if not abort_window_open(game):
            raise CommandRejected(refusals.CONFLICT, "too_late_to_abort",
                                  _("a game can be aborted only before the second side's first move"),
                                  {"version": game.version})
        name = user.get_username()
        proposers = abort_proposers(game)
        if name in proposers:
            raise CommandRejected(refusals.CONFLICT, "abort_already_proposed",
                                  _("you have proposed to abort already; the other player must agree"),
                                  {"version": game.version})
        players = {s.user.get_username() for s in game.seats.select_related("user")}
        try:
            if players <= proposers | {name}:
                outcome = {"winner": None, "aborted": True, "reason": ABORTED_BY_AGREEMENT}
                return services.end_game(game.pk, GAME_ABORTED, outcome, actor=name, expected_version=game.version,
                                         reason=ABORTED_BY_AGREEMENT, command={"side": side, "type": ABORT_COMMAND})
            services.append_framework_events(game, [NewEvent(ABORT_PROPOSED, {"side": side, "player": name},
                                                             command={"side": side, "type": ABORT_COMMAND})], name)
        except ConcurrencyError as exc:
            raise moved_on(exc) from None
    return game


def out_of_time(game: Game) -> str | None:
    return clocks.side_out_of_time(game.time_control, game.clock, game.to_move, game.turn_started_at,
                                   pauses.pauses_of(game))


def claim_timeout(game_id, user, side: str | None = None, now=None) -> Game:
    """Have the timeout adjudicated now; the claimant must play a side that is not out of time."""
    now = now or timezone.now()
    game, seats = services.game_and_seats(game_id, user)
    side = services.acting_side(user, game, seats, side)
    if not game.time_control:
        raise CommandRejected(refusals.UNPROCESSABLE, "untimed_game",
                              _("this game has no clock, so nobody can run out of time"))
    if not timeouts.is_overdue(game, now):
        raise CommandRejected(refusals.UNPROCESSABLE, "time_left", _("the side to move still has time on its clock"),
                              {"deadline_at": game.deadline_at.isoformat() if game.deadline_at else None})
    if out_of_time(game) == side:
        raise CommandRejected(refusals.UNPROCESSABLE, "own_clock", _("it is your own clock that has run out"))
    if not timeouts.adjudicate(game.pk, now):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            raise CommandRejected(refusals.CONFLICT, "game_over",
                                  _("the game has already ended"), {"version": game.version})
        raise CommandRejected(refusals.CONFLICT, "stale_version", _("a move arrived first; the clock is running again"),
                              {"version": game.version})
    return Game.objects.get(pk=game.pk)

