"""The page doors of game/sandboxes.py: "Play on from here" on a finished game's replay and
"Undo" on a sandbox's play page (the API's forks/ and undo/ call the same functions)."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kernel.refusals import CommandRejected
from . import sandboxes
from .pages import find_game


def _login_first(request, back: str):
    return redirect(f"{reverse('login')}?next={back}")


@require_POST
def fork_from_form(request, game_id):
    game = find_game(request, game_id)
    step = request.POST.get("step", "")
    back = f"{reverse('game-replay-page', args=[game.pk])}?step={step}"
    if not request.user.is_authenticated:
        return _login_first(request, back)
    try:
        sandbox = sandboxes.fork_game(user=request.user, game_id=game.pk,
                                      step=int(step) if step.isdigit() else step,
                                      bot_side=request.POST.get("bot_side") or None)
    except CommandRejected as exc:
        messages.error(request, f"{exc.message} ({exc.code}).")
        return redirect(back)
    messages.success(request, _("A sandbox of your own, from step %(step)s: play on, undo, it never counts.")
                     % {"step": sandbox.forked_at_step})
    return redirect("game-play", game_id=sandbox.pk)


@require_POST
def undo_from_form(request, game_id):
    game = find_game(request, game_id)
    if not request.user.is_authenticated:
        return _login_first(request, reverse("game-play", args=[game.pk]))
    try:
        sandboxes.take_back(user=request.user, game_id=game.pk)
    except CommandRejected as exc:
        messages.error(request, f"{exc.message} ({exc.code}).")
    else:
        messages.success(request, _("The last move is taken back."))
    return redirect("game-play", game_id=game.pk)
