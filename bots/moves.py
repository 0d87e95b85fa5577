"""A practice bot's move, made by an outbox consumer (a Celery worker; without a broker the
serving process's background thread, kernel/background.py) — never by a web request.

A command that leaves a bot seat to move writes, in its own transaction, the message that asks
for the bot's move: the game's ``turn_passed`` (the turn passed to the bot) or, after the bot's
own move when it is still to move, ``bot_to_move``. The consumer's ``prepare`` reads the bot
side's view and legal actions exactly as the API gives them to that side (``game_detail``) —
never the state — and lets the bot think, outside any transaction; the consumer then sends the
command through ``game.services.submit_command`` at the version it read. The outbox's tracking
record makes a redelivered message a no-op, so one message makes at most one move.

A bot that raises, or answers with a command the rules refuse, resigns its seat with the reason
``bot_failed`` (logged), so the game is never stuck waiting for it.
"""
from __future__ import annotations

import logging

from kernel import outbox
from game.api.views import game_detail
from game.models import Game, GameSeat
from game.services import end_game, loss_for, submit_command
from kernel.refusals import CommandRejected
from kernel.store import ConcurrencyError
from systems.kit.framework_events import GAME_RESIGNED

from . import lookup
from .models import BotAccount

log = logging.getLogger(__name__)

BOT_TO_MOVE = "bot_to_move"   # {game_id, version}: a bot seat is still to move after the bot's own move
BOT_FAILED = "bot_failed"


def _bot_seat(game: Game):
    """The first side to move that a bot holds, with its bot account; None when no bot is to move."""
    seats = {s.side: s for s in GameSeat.objects.filter(game=game, side__in=game.to_move).select_related("user")}
    bots = {b.user_id: b for b in BotAccount.objects.filter(user_id__in=[s.user_id for s in seats.values()])}
    for side in game.to_move:
        if side in seats and seats[side].user_id in bots:
            return side, seats[side].user, bots[seats[side].user_id]
    return None


def think(game_id: str, **_payload) -> dict | None:
    """What the bot to move in ``game_id`` plays now: ``{version, side, command}``, or
    ``{version, side, failed}`` when the bot gave no command; None when no bot is to move."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.RUNNING:
        return None
    found = _bot_seat(game)
    if found is None:
        return None
    side, user, account = found
    detail = game_detail(game, user, side)
    chosen = {"version": game.version, "side": side}
    try:
        bot = lookup.package(game.system).make_bot(side, account.level, game.setup,
                                                   f"{game.pk}:{side}:{game.version}")
        command = bot.choose(detail["view"], detail["legal_actions"])
    except Exception as exc:  # any failure of the bot's own code ends its game, not the worker
        log.warning("bot %s failed in game %s", user.get_username(), game.pk, exc_info=True)
        return {**chosen, "failed": f"{type(exc).__name__}: {exc}"[:500]}
    return {**chosen, "command": command}


def move(game_id: str, prepared: dict | None) -> None:
    """Send the bot's prepared command (or resign its seat); if the game moved on meanwhile,
    ask again at the new version."""
    if prepared is None:
        return
    user = GameSeat.objects.select_related("user").get(game_id=game_id, side=prepared["side"]).user
    if "failed" not in prepared:
        try:
            submit_command(game_id=game_id, user=user, command=prepared["command"],
                           expected_version=prepared["version"], side=prepared["side"])
        except CommandRejected as exc:
            if exc.code == "stale_version":
                _ask_again(game_id)
                return
            if exc.code in ("game_over", "not_your_side"):
                return
            log.warning("bot %s sent a refused command %r in game %s: %s", user.get_username(), prepared["command"],
                        game_id, exc.code)
            prepared = {**prepared, "failed": f"refused command: {exc.code}"}
        else:
            game = Game.objects.get(pk=game_id)
            if game.status == Game.Status.RUNNING and _bot_seat(game) is not None:
                _ask_again(game_id)
            return
    _resign(game_id, user, prepared)


def _ask_again(game_id: str) -> None:
    game = Game.objects.get(pk=game_id)
    outbox.enqueue(BOT_TO_MOVE, {"game_id": str(game_id), "version": game.version})


def _resign(game_id: str, user, prepared: dict) -> None:
    game = Game.objects.get(pk=game_id)
    try:
        end_game(game_id, GAME_RESIGNED, loss_for(game, prepared["side"], BOT_FAILED), actor=user.get_username(),
                 expected_version=prepared["version"], reason=BOT_FAILED)
    except ConcurrencyError:
        _ask_again(game_id)
        return
    except CommandRejected as exc:
        if exc.code == "game_over":
            return
        raise
    log.warning("bot %s resigned game %s: %s", user.get_username(), game_id, prepared["failed"])


def play_turn(game_id: str, version: int, sides: list, actor: str, prepared: dict | None = None) -> None:
    """Consumer of ``turn_passed``: the turn passed to some sides; if a bot holds one, it moves."""
    move(game_id, prepared)


play_turn.prepare = think


def bot_among(game_id: str, sides: list, **_payload) -> bool:
    """Whether a bot holds one of ``sides`` in ``game_id`` (only then is there a move to make)."""
    return BotAccount.objects.filter(user__seats__game_id=game_id, user__seats__side__in=sides).exists()


play_turn.has_work = bot_among


def play_on(game_id: str, version: int, prepared: dict | None = None) -> None:
    """Consumer of ``bot_to_move``."""
    move(game_id, prepared)


play_on.prepare = think
