""""Your clock is running low" (issue 16): no event says so, so a periodic pass looks.

A running timed game whose side to move has less than ``NIGHTDUEL_CLOCK_LOW_FRACTION`` of its
time left (a per-move allowance, or a clock's base time), capped at
``NIGHTDUEL_CLOCK_LOW_MAX_SECONDS``, warns that side's player once per turn (the key is the
game's version).
"""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from game import clocks
from game.models import Game

from . import kinds
from .recording import News, opponents_of, record


def warning_lead(time_control: dict) -> timedelta:
    allowance = time_control["seconds"] if time_control["kind"] == clocks.PER_MOVE else time_control["base"]
    return timedelta(seconds=min(allowance * settings.NIGHTDUEL_CLOCK_LOW_FRACTION,
                                 settings.NIGHTDUEL_CLOCK_LOW_MAX_SECONDS))


def warn_low_clocks(now=None) -> set[int]:
    now = now or timezone.now()
    horizon = now + timedelta(seconds=settings.NIGHTDUEL_CLOCK_LOW_MAX_SECONDS)
    games = (Game.objects.filter(status=Game.Status.RUNNING, deadline_at__gt=now, deadline_at__lte=horizon)
             .prefetch_related("seats__user"))
    news = []
    for game in games:
        if game.deadline_at - now > warning_lead(game.time_control):
            continue
        players = {seat.side: seat.user for seat in game.seats.all()}
        facts = {"system": game.system, "deadline": game.deadline_at.strftime("%Y-%m-%d %H:%M UTC")}
        news += [News(players[side], kinds.CLOCK_LOW, f"{game.stream}#{game.version}:clock",
                      {**facts, "opponent": opponents_of(players[side], players)}, reverse("game-play", args=[game.pk]))
                 for side in game.to_move if side in players]
    return record(news)
