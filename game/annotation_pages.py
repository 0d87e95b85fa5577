"""The page doors of game/annotations.py: the replay's annotation form (its refusal beside its
field), removing a note, the shared link and the read-only replay behind it."""
from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from kernel.refusals import CommandRejected
from kernel.replica import reads_may_lag

from . import annotations
from .annotation_context import AnnotationForm
from kernel.form_errors import sentence, show_rejection
from .pages import find_game, render_replay


def _replay_at(game, step) -> str:
    return f"{reverse('game-replay-page', args=[game.pk])}?step={step}"


@require_POST
def annotate_from_form(request, game_id):
    game = find_game(request, game_id)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('login')}?next={_replay_at(game, request.POST.get('step', 1))}")
    form = AnnotationForm(request.POST)
    if form.is_valid():
        try:
            annotations.annotate(user=request.user, game_id=game.pk, **form.cleaned_data)
        except CommandRejected as exc:
            show_rejection(form, exc)
        else:
            messages.success(request, _("Your note is saved at step %(step)s.") % {"step": form.cleaned_data["step"]})
            return redirect(_replay_at(game, form.cleaned_data["step"]))
    return render_replay(request, game, form=form)


@require_POST
def remove_from_form(request, game_id, annotation_id):
    game = find_game(request, game_id)
    try:
        found = annotations.own_annotation(request.user, game.pk, annotation_id)
        annotations.remove(user=request.user, game_id=game.pk, annotation_id=annotation_id)
    except CommandRejected as exc:
        messages.error(request, sentence(exc.message))
        return redirect(_replay_at(game, 1))
    messages.success(request, _("The note is removed."))
    return redirect(_replay_at(game, found.step))


@require_POST
def share_from_form(request, game_id):
    game = find_game(request, game_id)
    try:
        annotations.share(user=request.user, game_id=game.pk)
    except CommandRejected as exc:
        messages.error(request, sentence(exc.message))
    else:
        messages.success(request, _("Your shared link is below your notes: whoever may see the game may open it."))
    return redirect(_replay_at(game, request.POST.get("step", 1)))


@require_GET
@reads_may_lag
def shared_replay_page(request, token):
    """The replay with one author's annotations, read-only, to anyone who may see the game."""
    try:
        found = annotations.shared(request.user, token)
    except CommandRejected:
        raise Http404("no such shared replay") from None
    return render_replay(request, found.game, author=found.author, shared=True)
