"""The replay's fog toggle and "where could it be" (docs/rules/service.md "Replays"; issue "Replays that teach").

A finished game's replay may be seen as each side saw it live (the engine's ``view`` for that
side, the log filtered as that side's was) or with everything. Systems whose hidden piece
can be guessed offer maps of where it could have been (its descriptor's ``replay_fog``: a pure function per
system, fed every step's state and the guessing side's view). The maps are computed once per
finished game by a Celery task (``game.tasks.compute_replay_fog``, started by the outbox's
game-finished message, or on demand when missing) and stored in :class:`ReplayFog`; a page
never computes them, it says they are being computed.
"""
from __future__ import annotations

import time

from django.core.cache import cache
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _

from systems.kit.presentation import side_name
from systems import registry
from systems.registry import get_system
from . import services
from .folding import engine_of, evolve_aggregate
from .models import Game, ReplayFog
from kernel.store import read_events
from kernel import refusals

ENQUEUED_SECONDS = 600  # an on-demand request is not repeated while one may be running


def fog_sides(game: Game) -> list[str]:
    """The ``as=`` values of a game's replay: its seats, in the engine's order."""
    return list(services.sides_for(get_system(game.system), game.setup))


def fog_of(game: Game):
    """The system's "where could it be" maps (its descriptor's ``replay_fog``), or None."""
    found = registry.find(game.system)
    return found.replay_fog if found else None


def fog_choices(game: Game) -> list[tuple[str, str]]:
    """(value, words) of the toggle: each side, then everything ("" = the referee view)."""
    choices = [(side, str(_as_words(game).get(side) or _("As the %(side)s saw it") % {"side": side_name(side)}))
               for side in fog_sides(game)]
    return choices + [("", _("Everything"))]


def checked_side(game: Game, requested: str | None) -> str | None:
    """The side an ``as=`` asks for (None: everything); 400 ``unknown_side`` for another word."""
    if not requested:
        return None
    if requested not in fog_sides(game):
        raise services.CommandRejected(refusals.INVALID, "unknown_side", _("as must be one of: %(sides)s")
                                       % {"sides": ", ".join(fog_sides(game))})
    return requested


def guessing_sides(game: Game) -> list[str]:
    """The sides whose replay shows a "where could it be" map (each German seat in Duel)."""
    fog = fog_of(game)
    if fog is None:
        return []
    return [s for s in fog_sides(game) if s.rstrip("0123456789") == fog.side]


def maps_of(game: Game) -> dict:
    """``{"status": "none" | "computing" | "ready", ...}``: the stored maps, else (once) a task
    is asked to compute them and the answer says so."""
    if fog_of(game) is None or game.status == Game.Status.RUNNING:
        return {"status": "none"}
    stored = ReplayFog.objects.filter(game=game, version=game.version).first()
    if stored is not None:
        return {"status": "ready", "sides": guessing_sides(game), "cpu_seconds": stored.cpu_seconds, **stored.maps}
    if cache.add(f"replay-fog-enqueued:{game.pk}", 1, ENQUEUED_SECONDS):
        from .tasks import compute_replay_fog  # the task module imports this one

        compute_replay_fog.delay(str(game.pk))
    return {"status": "computing"}


def compute(game_id: str) -> bool:
    """Compute and store the maps of a finished game (idempotent: False if there is nothing to
    do). Runs in a Celery task, never on a request."""
    game = Game.objects.filter(pk=game_id).exclude(status=Game.Status.RUNNING).first()
    if game is None or fog_of(game) is None:
        return False
    if ReplayFog.objects.filter(game=game, version=game.version).exists():
        return False
    started = time.process_time()
    maps = import_string(fog_of(game).maps.replace(":", "."))(_steps(game))
    ReplayFog.objects.update_or_create(game=game, defaults={
        "version": game.version, "maps": maps, "cpu_seconds": round(time.process_time() - started, 3)})
    return True


def _steps(game: Game):
    system = engine_of(game)
    aggregate = None
    for r in read_events(game.stream, until=game.version):
        aggregate = evolve_aggregate(system, aggregate, r.type, r.payload, r.dice)
        yield r.seq, r.type, r.payload, aggregate["engine"]


def _as_words(game: Game) -> dict:
    found = registry.find(game.system)
    return dict(found.replay_as_words) if found else {}
