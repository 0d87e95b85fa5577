"""Annotations: comments and bookmarks on the steps of a game (issue "Replays that teach").

Who annotates: a player of a finished game, and anybody on his own sandbox (game/sandboxes.py),
which he plays in every seat; his annotations are his own (nobody else edits or sees them but
through his shared link). The shared link is an unguessable address showing the replay with one
author's annotations, read-only, to anyone who may see the game — and only once it is finished,
so it tells nothing the replay would not.
"""
from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from kernel.refusals import CommandRejected
from kernel import refusals

from .models import Annotation, AnnotationShare, Game
from .visibility import may_view_game, seated_sides

MAX_TEXT = 2000


def field_error(status: int, code: str, field: str, message: str) -> CommandRejected:
    """A refusal the page shows beside ``field`` (kernel/form_errors.py)."""
    return CommandRejected(status, code, message, {"errors": {field: [message]}})


def annotatable_game(user, game_id) -> Game:
    """The game ``user`` may annotate: 404 if he may not see it, 403 if he did not play it,
    409 while it is played (a sandbox excepted: it is his alone)."""
    game = Game.objects.filter(pk=game_id).prefetch_related("seats").first()
    if game is None or not may_view_game(user, game):
        raise CommandRejected(refusals.NOT_FOUND, "game_not_found", _("no such game"))
    if not seated_sides(user, game):
        raise CommandRejected(refusals.FORBIDDEN, "not_a_player", _("only the game's players annotate it; play on from a step "
                                                     "to annotate your own sandbox"))
    if game.status == Game.Status.RUNNING and not game.sandbox:
        raise CommandRejected(refusals.CONFLICT, "game_running", _("a game is annotated once it has ended"))
    return game


def _checked(game: Game, step, kind: str, text: str) -> tuple[int, str, str]:
    if isinstance(step, bool) or not isinstance(step, int) or not 1 <= step <= game.version:
        raise field_error(refusals.UNPROCESSABLE, "step_out_of_range", "step",
                          _("step must be between 1 and %(version)s") % {"version": game.version})
    if kind not in Annotation.Kind.values:
        raise field_error(refusals.UNPROCESSABLE, "unknown_kind", "kind", _("an annotation is a comment or a bookmark"))
    text = (text or "").strip()
    if kind == Annotation.Kind.COMMENT and not text:
        raise field_error(refusals.UNPROCESSABLE, "empty_comment", "text", _("write the comment"))
    if len(text) > MAX_TEXT:
        raise field_error(refusals.UNPROCESSABLE, "text_too_long", "text",
                          _("at most %(max)s characters") % {"max": MAX_TEXT})
    return step, kind, text


def annotate(*, user, game_id, step, kind: str = Annotation.Kind.COMMENT, text: str = "") -> Annotation:
    game = annotatable_game(user, game_id)
    step, kind, text = _checked(game, step, kind, text)
    return Annotation.objects.create(game=game, author=user, step=step, kind=kind, text=text)


def own_annotation(user, game_id, annotation_id) -> Annotation:
    game = annotatable_game(user, game_id)
    found = Annotation.objects.filter(pk=annotation_id, game=game, author=user).first()
    if found is None:
        raise CommandRejected(refusals.NOT_FOUND, "annotation_not_found", _("no such annotation"))
    return found


def change(*, user, game_id, annotation_id, text: str | None = None, kind: str | None = None) -> Annotation:
    found = own_annotation(user, game_id, annotation_id)
    _step, found.kind, found.text = _checked(found.game, found.step, kind or found.kind,
                                             found.text if text is None else text)
    found.save(update_fields=["kind", "text"])
    return found


def remove(*, user, game_id, annotation_id) -> None:
    own_annotation(user, game_id, annotation_id).delete()


def annotations_of(game: Game, author) -> list[Annotation]:
    if not (author and author.is_authenticated):
        return []
    return list(Annotation.objects.filter(game=game, author=author))


def share(*, user, game_id) -> AnnotationShare:
    """The author's shared link of a finished game (the same one every time he asks)."""
    game = annotatable_game(user, game_id)
    if game.status == Game.Status.RUNNING:
        raise CommandRejected(refusals.CONFLICT, "game_running", _("annotations are shared once the game has ended"))
    with transaction.atomic():
        found, _created = AnnotationShare.objects.get_or_create(
            game=game, author=user, defaults={"token": secrets.token_urlsafe(32)})
    return found


def shared(viewer, token: str) -> AnnotationShare:
    """The share behind ``token``, for a ``viewer`` who may see its finished game; 404 otherwise
    (an unknown token and a game he may not see look the same)."""
    found = AnnotationShare.objects.select_related("game", "author").filter(token=token).first()
    if found is None or found.game.status == Game.Status.RUNNING or not may_view_game(viewer, found.game):
        raise CommandRejected(refusals.NOT_FOUND, "share_not_found", _("no such shared replay"))
    return found
