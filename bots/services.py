"""Starting a game against a practice bot; the page (matchmaking) and the API call these.

A bot game is an ordinary game (``game.services.create_game``) with the bot's account in the
other seats: casual unless the player asks for a rated one. Before anything is stored, the
system's ``refusal(side, level, setup)`` may refuse a side, level or set-up the bot does not
play (422 with the system's code).
"""
from __future__ import annotations

import random

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import Profile
from game.models import Game
from game.presentation import system_name
from game.services import check_setup, create_game, system_or_reject
from kernel.refusals import CommandRejected
from kernel import refusals

from . import lookup
from .models import BotAccount


def bot_name(system: str, level: int) -> str:
    label = lookup.levels(system).get(level, {}).get("label", "")
    return _("%(system)s bot, level %(level)s (%(label)s)") % {"system": system_name(system), "level": level,
                                                               "label": label}


def bot_user(system: str, level: int):
    """The bot's account for ``system`` at ``level``, created the first time it is needed."""
    found = BotAccount.objects.select_related("user").filter(system=system, level=level).first()
    if found:
        return found.user
    username = f"bot-{system}-{level}"
    try:
        with transaction.atomic():
            user = get_user_model().objects.create_user(username=username)  # no password: nobody signs in
            Profile.objects.create(user=user, is_bot=True, display_name=bot_name(system, level))
            BotAccount.objects.create(user=user, system=system, level=level)
    except IntegrityError:  # created meanwhile by another request
        return BotAccount.objects.select_related("user").get(system=system, level=level).user
    return user


def bot_of(user) -> BotAccount | None:
    return BotAccount.objects.filter(user_id=user.pk).first()


def refusal(system: str, side: str, level, setup: dict) -> CommandRejected | None:
    """Why the bot will not play this game (a 422 naming the field at fault), or None."""
    found = lookup.package(system)
    if level not in found.LEVELS:
        return CommandRejected(refusals.UNPROCESSABLE, "unknown_bot_level", _("Choose one of the levels %(levels)s.") % {
            "levels": ", ".join(str(n) for n in sorted(found.LEVELS))}, {"field": "level"})
    code = found.refusal(side, level, setup)
    if code:
        return CommandRejected(refusals.UNPROCESSABLE, code, _("The level %(level)s bot does not play this set-up (%(code)s).") % {
            "level": level, "code": code}, {"field": "setup"})
    return None


def start_bot_game(*, player, system: str, level: int, side: str | None, setup: dict,
                   time_control: dict | None = None, rated: bool = False) -> Game:
    """Seat ``player`` on ``side`` (drawn when None) and the level's bot on every other side."""
    engine = system_or_reject(system)
    if lookup.package(system) is None:
        raise CommandRejected(refusals.UNPROCESSABLE, "no_bots", _("There is no practice bot for %(system)s yet.") % {
            "system": system_name(system)}, {"field": "system"})
    sides = check_setup(engine, setup)
    if len(sides) < 2:
        raise CommandRejected(refusals.UNPROCESSABLE, "no_seat_for_bot", _("This game has one seat, yours: no bot plays it."),
                              {"field": "system"})
    if side is None:
        side = random.SystemRandom().choice(sides)
    if side not in sides:
        raise CommandRejected(refusals.UNPROCESSABLE, "unknown_side", _("This game has the sides %(sides)s.") % {
            "sides": ", ".join(sides)}, {"field": "side"})
    for bot_side in sides:
        if bot_side != side:
            refused = refusal(system, bot_side, level, setup)
            if refused:
                raise refused
    bot = bot_user(system, level)
    players = {s: player if s == side else bot for s in sides}
    return create_game(system_name=system, setup=setup, players=players, created_by=player,
                       time_control=time_control, rated=rated)


def rematch(game_id, player) -> Game | None:
    """The same bot game again with the sides swapped (a bot answers no challenge), when ``player``
    played a finished game against a bot; None when that game had no bot."""
    game = Game.objects.filter(pk=game_id).exclude(status=Game.Status.RUNNING).first()
    seats = list(game.seats.select_related("user")) if game else []
    bots = {b.user_id: b for b in BotAccount.objects.filter(user_id__in=[s.user_id for s in seats])}
    if not bots or player.pk not in {s.user_id for s in seats}:
        return None
    bot_side = next(s.side for s in seats if s.user_id in bots)
    level = next(iter(bots.values())).level
    return start_bot_game(player=player, system=game.system, level=level, side=bot_side, setup=game.setup,
                          time_control=game.time_control, rated=game.rated)
