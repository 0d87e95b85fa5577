"""Studies: steps of several finished games under a title, each with a note (issue "Replays
that teach"). Private to the author; ``shared`` opens it by its unguessable link, read-only.
A step of a game shows only to a reader who may see that game (game/visibility.py): a shared
study never opens a private game to anybody else."""
from __future__ import annotations

import secrets

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from kernel.refusals import CommandRejected
from kernel import refusals

from .annotations import MAX_TEXT, field_error
from .models import Game, Study, StudyStep
from .visibility import may_view_game

MAX_TITLE = 120
MAX_STEPS = 200


def _title(title) -> str:
    title = (title or "").strip() if isinstance(title, str) else ""
    if not title:
        raise field_error(refusals.UNPROCESSABLE, "empty_title", "title", _("give the study a title"))
    if len(title) > MAX_TITLE:
        raise field_error(refusals.UNPROCESSABLE, "title_too_long", "title", _("at most %(max)s characters") % {"max": MAX_TITLE})
    return title


def _note(note) -> str:
    note = (note or "").strip()
    if len(note) > MAX_TEXT:
        raise field_error(refusals.UNPROCESSABLE, "text_too_long", "note", _("at most %(max)s characters") % {"max": MAX_TEXT})
    return note


def create(*, user, title: str, shared: bool = False) -> Study:
    return Study.objects.create(author=user, title=_title(title), shared=bool(shared), token=secrets.token_urlsafe(32))


def own_study(user, study_id) -> Study:
    found = Study.objects.filter(pk=study_id, author_id=getattr(user, "pk", None)).first()
    if found is None:
        raise CommandRejected(refusals.NOT_FOUND, "study_not_found", _("no such study"))
    return found


def change(*, user, study_id, title: str | None = None, shared: bool | None = None) -> Study:
    found = own_study(user, study_id)
    if title is not None:
        found.title = _title(title)
    if shared is not None:
        found.shared = bool(shared)
    found.save(update_fields=["title", "shared"])
    return found


def delete(*, user, study_id) -> None:
    own_study(user, study_id).delete()


def add_step(*, user, study_id, game_id, step, note: str = "") -> StudyStep:
    """Add step ``step`` of a finished game the author may see, with its note, at the end."""
    found = own_study(user, study_id)
    game = Game.objects.filter(pk=game_id).prefetch_related("seats").first()
    if game is None or not may_view_game(user, game):
        raise field_error(refusals.NOT_FOUND, "game_not_found", "game", _("no such game"))
    if game.status == Game.Status.RUNNING:
        raise field_error(refusals.CONFLICT, "game_running", "game", _("a game joins a study once it has ended"))
    if isinstance(step, bool) or not isinstance(step, int) or not 1 <= step <= game.version:
        raise field_error(refusals.UNPROCESSABLE, "step_out_of_range", "step",
                          _("step must be between 1 and %(version)s") % {"version": game.version})
    note = _note(note)
    with transaction.atomic():
        Study.objects.select_for_update().filter(pk=found.pk).first()
        if found.steps.count() >= MAX_STEPS:
            raise CommandRejected(refusals.UNPROCESSABLE, "study_full", _("a study holds at most %(max)s steps") % {"max": MAX_STEPS})
        last = found.steps.aggregate(m=Max("position"))["m"]
        return StudyStep.objects.create(study=found, game=game, step=step, note=note,
                                        position=0 if last is None else last + 1)


def own_step(user, study_id, step_id) -> StudyStep:
    found = StudyStep.objects.filter(pk=step_id, study=own_study(user, study_id)).first()
    if found is None:
        raise CommandRejected(refusals.NOT_FOUND, "study_step_not_found", _("no such step in this study"))
    return found


def change_step(*, user, study_id, step_id, note: str) -> StudyStep:
    found = own_step(user, study_id, step_id)
    found.note = _note(note)
    found.save(update_fields=["note"])
    return found


def remove_step(*, user, study_id, step_id) -> None:
    own_step(user, study_id, step_id).delete()


def reorder(*, user, study_id, order: list) -> list[StudyStep]:
    """Put the study's steps in ``order`` (every one of their ids, once each)."""
    found = own_study(user, study_id)
    steps = {s.pk: s for s in found.steps.all()}
    if not isinstance(order, list) or sorted(order) != sorted(steps) or len(set(order)) != len(order):
        raise CommandRejected(refusals.UNPROCESSABLE, "bad_order", _("name every step of the study once, in the new order"))
    with transaction.atomic():
        for position, step_id in enumerate(order):
            steps[step_id].position = position
        StudyStep.objects.bulk_update(steps.values(), ["position"])
    return [steps[i] for i in order]


def move_step(*, user, study_id, step_id, by: int) -> None:
    """Move one step up (``by`` -1) or down (+1): the page's buttons."""
    ids = list(own_study(user, study_id).steps.values_list("pk", flat=True))
    if step_id not in ids:
        raise CommandRejected(refusals.NOT_FOUND, "study_step_not_found", _("no such step in this study"))
    i = ids.index(step_id)
    j = max(0, min(len(ids) - 1, i + by))
    ids[i], ids[j] = ids[j], ids[i]
    reorder(user=user, study_id=study_id, order=ids)


def readable(viewer, study_id=None, token: str | None = None) -> Study:
    """The study for ``viewer``: its author's by id, anybody's by the link of a shared one."""
    if token is not None:
        found = Study.objects.select_related("author").filter(token=token, shared=True).first()
        if found is None:
            raise CommandRejected(refusals.NOT_FOUND, "study_not_found", _("no such study"))
        return found
    return own_study(viewer, study_id)


def visible_steps(viewer, found: Study) -> list[tuple[StudyStep, bool]]:
    """Each step with whether ``viewer`` may see its game (and it has ended)."""
    steps = list(found.steps.select_related("game").prefetch_related("game__seats"))
    return [(s, s.game.status != Game.Status.RUNNING and may_view_game(viewer, s.game)) for s in steps]
