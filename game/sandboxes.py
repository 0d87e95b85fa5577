"""Sandboxes: "play on from here" and taking a command back (issue "Replays that teach").

A sandbox is a private, unrated game of one user forked from a step of a FINISHED game: its
stream opens with ``GameForked``, carrying the source's state after that step (the source's
events folded with their recorded dice), and then draws dice from its own fresh seed. Since the
source has ended, its ``Revealed`` event opened all of it: the fork shows nothing the source had
not shown. A running game cannot be forked (409). A sandbox never counts: no rating, no
tournament, no message to anybody (game/services.py ``_commit``), no clock, not public.

``CommandTakenBack`` undoes the last command still standing: it carries the state before it
(the fold sets it, game/folding.py); the stored events stay as they were.
"""
from __future__ import annotations

from django.apps import apps
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from kernel.refusals import CommandRejected
from kernel.store import ConcurrencyError, NewEvent, append_events, read_events
from kernel import refusals
from systems.kit.dice import new_seed, seed_commitment
from systems.kit.contract import REFEREE
from systems.kit.framework_events import COMMAND_TAKEN_BACK, FRAMEWORK_EVENTS, GAME_FORKED

from . import services
from .folding import engine_of, evolve_aggregate, load_aggregate, outcome_of, store_head
from .models import Game, GameSeat, GameSecret
from .visibility import may_view_game

# The practice bot's hooks: a ``bots`` app, once installed, says whether a system has bots and
# names the user who plays a seat (the system's strongest bot).
PRACTICE_BOT_USER = "bots.practice.practice_user"
HAS_PRACTICE_BOT = "bots.practice.has_practice_bot"


def practice_bot_available(system: str) -> bool:
    """A seat may be given to a practice bot when the ``bots`` app is installed and has one for ``system``."""
    return apps.is_installed("bots") and import_string(HAS_PRACTICE_BOT)(system)


def _source(user, game_id) -> Game:
    game = Game.objects.filter(pk=game_id).prefetch_related("seats").first()
    if game is None or not may_view_game(user, game):
        raise CommandRejected(refusals.NOT_FOUND, "game_not_found", _("no such game"))
    if game.status == Game.Status.RUNNING:
        raise CommandRejected(refusals.CONFLICT, "game_running", _("a game still being played cannot be forked; wait until it ends"))
    return game


def _players(user, source: Game, bot_side: str | None) -> dict:
    sides = services.sides_for(engine_of(source), source.setup)
    players = {side: user for side in sides}
    if bot_side is None:
        return players
    if not practice_bot_available(source.system):
        raise CommandRejected(refusals.UNPROCESSABLE, "no_practice_bot", _("no practice bot is available here"))
    if bot_side not in sides:
        raise CommandRejected(refusals.UNPROCESSABLE, "unknown_side", _("this game has no side %(side)r") % {"side": bot_side})
    players[bot_side] = import_string(PRACTICE_BOT_USER)(source.system)
    return players


def command_boundary(stream: str, step: int) -> int:
    """The last event of the command that wrote event ``step``: a command's events are written
    together (a move and the phase it opens), so a game is only ever waiting for a move after
    the last of them; forking is from there."""
    for row in read_events(stream, after=step):
        if row.command is not None or row.type in FRAMEWORK_EVENTS:
            break
        step = row.seq
    return step


def fork_game(*, user, game_id, step, bot_side: str | None = None) -> Game:
    """A new sandbox of ``user`` at the state of the finished game ``game_id`` after ``step``."""
    if isinstance(step, bool) or not isinstance(step, int):
        raise CommandRejected(refusals.INVALID, "malformed_request", _("step must be an integer"))
    source = _source(user, game_id)
    if not 1 <= step <= source.version:
        raise CommandRejected(refusals.UNPROCESSABLE, "step_out_of_range",
                              _("step must be between 1 and %(version)s") % {"version": source.version})
    system = engine_of(source)  # the source's rules fold it, and go on in the sandbox
    step = command_boundary(source.stream, step)
    aggregate = load_aggregate(source.system, source.stream, step, source.ruleset_version or None)
    if aggregate["ended"] or outcome_of(system, aggregate) is not None:
        raise CommandRejected(refusals.UNPROCESSABLE, "step_is_final", _("the game is decided at this step: pick an earlier one"))
    if not system.to_move(aggregate["engine"]):
        raise CommandRejected(refusals.UNPROCESSABLE, "nobody_to_move", _("nobody is to move at this step: pick another one"))
    players = _players(user, source, bot_side)
    seed = new_seed()
    game = Game(system=source.system, setup=source.setup, rated=False, is_public=False, created_by=user,
                sandbox=True, forked_from=source, forked_at_step=step, ruleset_version=system.ruleset_version)
    forked = NewEvent(GAME_FORKED, {
        "system": source.system, "ruleset_version": system.ruleset_version, "setup": source.setup,
        "players": {side: u.get_username() for side, u in players.items()},
        "seed_commitment": seed_commitment(seed),
        "source": {"game": str(source.pk), "step": step},
        "state": aggregate["engine"],
    })
    with transaction.atomic():
        state = evolve_aggregate(system, None, GAME_FORKED, forked.payload, None)
        game.to_move = system.to_move(state["engine"])
        game.turn_started_at = timezone.now()
        game.version = 1
        store_head(game, system, state)
        rows = append_events(game.stream, 0, [forked], actor=user.get_username())
        game.head_hash = rows[-1].hash
        game.save()
        GameSeat.objects.bulk_create(GameSeat(game=game, side=s, user=u) for s, u in players.items())
        GameSecret.objects.create(game=game, seed=seed)
    return game


def standing_commands(rows) -> list[int]:
    """The seqs of the commands not taken back, oldest first."""
    standing: list[int] = []
    for row in rows:
        if row.type == COMMAND_TAKEN_BACK:
            back_to = row.payload["back_to"]
            standing = [seq for seq in standing if seq <= back_to]
        elif row.command is not None and row.type not in FRAMEWORK_EVENTS:
            standing.append(row.seq)
    return standing


def take_back(*, user, game_id, expected_version: int | None = None) -> Game:
    """Take back the last command standing in ``user``'s sandbox: the state returns to what it was
    before it (a finished sandbox runs again); 422 when there is none left."""
    game, seats = services.game_and_seats(game_id, user)
    if not seats:
        if not may_view_game(user, game):
            raise CommandRejected(refusals.NOT_FOUND, "game_not_found", _("no such game"))
        raise CommandRejected(refusals.FORBIDDEN, "not_a_player", _("you do not play in this game"))
    if not game.sandbox:
        raise CommandRejected(refusals.CONFLICT, "not_a_sandbox", _("only a sandbox game can take a command back"))
    if expected_version is not None and expected_version != game.version:
        raise CommandRejected(refusals.CONFLICT, "stale_version", _("the game is at version %(version)s") % {"version": game.version},
                              {"version": game.version})
    standing = standing_commands(read_events(game.stream))
    if not standing:
        raise CommandRejected(refusals.UNPROCESSABLE, "nothing_to_undo", _("there is no command left to take back"))
    back_to = standing[-1] - 1
    state = load_aggregate(game.system, game.stream, back_to)["engine"]
    game.status, game.finished_at, game.outcome = Game.Status.RUNNING, None, None
    event = NewEvent(COMMAND_TAKEN_BACK, {"back_to": back_to, "seq": standing[-1], "state": state}, REFEREE)
    try:
        services.append_framework_events(game, [event], user.get_username())
    except ConcurrencyError as exc:
        raise CommandRejected(refusals.CONFLICT, "stale_version", _("the game is at version %(current)s") % {"current": exc.current},
                              {"version": exc.current}) from None
    return game
