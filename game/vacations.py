"""Vacations: days a player takes off, during which his clock stands still in every
correspondence game he plays (docs/rules/service.md, "Clocks and timeouts").

Each player has ``NIGHTDUEL_VACATION_DAYS_PER_YEAR`` days a calendar year (UTC), counted by the
year a vacation starts in; one vacation at a time, starting now or on a later day of this year.
Ending it early gives back the whole days not begun.

Taking or ending a vacation appends ``VacationScheduled`` / ``VacationEnded`` to each of his
running correspondence games and, in the same write, stores the pause on the game row and
moves its ``deadline_at`` (game/pauses.py): the clock is part of the game's state, so its pauses
are in the stream, and a move still reads the pauses from the row it loads anyway. A
vacation costs one append per game; a move costs nothing more.
"""
from __future__ import annotations

import math
from datetime import date, datetime, time, timedelta, timezone as dt_timezone

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _, ngettext

from . import clocks, pauses
from kernel import refusals
from systems.kit.framework_events import VACATION_ENDED
from . import clocks, pauses
from .models import Game, GameSeat, Vacation
from .services import append_framework_events, lock_game
from kernel.refusals import CommandRejected
from kernel.store import NewEvent

DAY = timedelta(days=1)


def days_per_year() -> int:
    return settings.NIGHTDUEL_VACATION_DAYS_PER_YEAR


def days_of(vacation: Vacation) -> int:
    """Whole days a vacation takes from the year's allowance (a day begun counts)."""
    return math.ceil((vacation.ends_at - vacation.starts_at) / DAY)


def used_days(user, year: int) -> int:
    return sum(days_of(v) for v in Vacation.objects.filter(user=user, starts_at__year=year))


def current(user, now: datetime | None = None) -> Vacation | None:
    """The vacation the player is on or has planned (not over at ``now``)."""
    return Vacation.objects.filter(user=user, ends_at__gt=now or timezone.now()).first()


def summary(user, now: datetime | None = None) -> dict:
    now = now or timezone.now()
    used = used_days(user, now.year)
    vacation = current(user, now)
    return {
        "days_per_year": days_per_year(), "used_days": used, "days_left": max(0, days_per_year() - used),
        "vacation": vacation and {"from": vacation.starts_at, "until": vacation.ends_at,
                                  "days": days_of(vacation), "started": vacation.starts_at <= now},
    }


def _starts_at(starts_on: date | None, now: datetime) -> datetime:
    today = now.astimezone(dt_timezone.utc).date()
    if starts_on is None or starts_on == today:
        return now
    if starts_on < today:
        raise CommandRejected(refusals.UNPROCESSABLE, "vacation_in_past",
                              _("a vacation cannot start on a day that is over"))
    if starts_on.year != today.year:
        raise CommandRejected(refusals.UNPROCESSABLE, "vacation_not_this_year",
                              _("a vacation can be planned within this year; next year's days can be taken from 1 January"))
    return datetime.combine(starts_on, time.min, tzinfo=dt_timezone.utc)


def take(user, days, starts_on: date | None = None, now: datetime | None = None) -> Vacation:
    """Start a vacation of ``days`` days now or on ``starts_on`` (a later day of this year)."""
    now = now or timezone.now()
    if isinstance(days, bool) or not isinstance(days, int) or days < 1:
        raise CommandRejected(refusals.INVALID, "invalid_vacation_days",
                              _("days must be a whole number of days, at least 1"))
    starts_at = _starts_at(starts_on, now)
    with transaction.atomic():
        # One vacation at a time, and the allowance checked, with the player's row locked so two
        # requests at once cannot both pass.
        _lock_player(user)
        planned = current(user, now)
        if planned:
            raise CommandRejected(refusals.CONFLICT, "vacation_exists",
                                  _("you already have a vacation until %(until)s; end it first")
                                  % {"until": planned.ends_at.strftime("%Y-%m-%d %H:%M UTC")})
        left = days_per_year() - used_days(user, starts_at.year)
        if days > left:
            raise CommandRejected(refusals.UNPROCESSABLE, "vacation_days_used_up", ngettext(
                "you have %(left)d vacation day left this year (of %(allowance)d)",
                "you have %(left)d vacation days left this year (of %(allowance)d)", max(left, 0))
                % {"left": max(left, 0), "allowance": days_per_year()}, {"days_left": max(left, 0)})
        vacation = Vacation.objects.create(user=user, starts_at=starts_at, ends_at=starts_at + days * DAY)
        for game, sides in _correspondence_games(user):
            for side in sides:
                game.vacations = pauses.with_interval(game.vacations, side, vacation.starts_at, vacation.ends_at,
                                                      game.turn_started_at or now)
            events = [pauses.scheduled_event(side, user.get_username(), vacation.starts_at, vacation.ends_at)
                      for side in sides]
            append_framework_events(game, events, user.get_username(), fields=("vacations",))
    return vacation


def end(user, now: datetime | None = None) -> Vacation | None:
    """End the current vacation now (or cancel a planned one: then ``None``)."""
    now = now or timezone.now()
    with transaction.atomic():
        _lock_player(user)
        vacation = current(user, now)
        if vacation is None:
            raise CommandRejected(refusals.CONFLICT, "no_vacation", _("you are not on vacation and have none planned"))
        starts_at, ends_at = vacation.starts_at, vacation.ends_at
        if starts_at >= now:
            vacation.delete()
            vacation = None
        else:
            vacation.ends_at = now
            vacation.save(update_fields=["ends_at"])
        for game, sides in _correspondence_games(user):
            for side in sides:
                game.vacations = pauses.ended_at(game.vacations, side, starts_at, ends_at, now)
            events = [NewEvent(VACATION_ENDED, {"side": side, "player": user.get_username(),
                                                "from": starts_at.isoformat(), "at": max(now, starts_at).isoformat()})
                      for side in sides]
            append_framework_events(game, events, user.get_username(), fields=("vacations",))
    return vacation


def _lock_player(user) -> None:
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()


def _correspondence_games(user):
    """The player's running correspondence games, each locked, with the sides he plays in it."""
    sides_by_game: dict = {}
    for game_id, side in GameSeat.objects.filter(user=user, game__status=Game.Status.RUNNING,
                                                 game__time_control__kind=clocks.CORRESPONDENCE
                                                 ).values_list("game_id", "side"):
        sides_by_game.setdefault(game_id, []).append(side)
    for game_id in sorted(sides_by_game):
        yield lock_game(game_id), sorted(sides_by_game[game_id])
