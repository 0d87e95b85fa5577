"""Pages for starting a game: the new-game form, a challenge (accept, decline, cancel, join),
the lobby of open seeks, and the rematch button of a finished game.

Thin like the API views beside them (matchmaking/api.py): a form, the same service function,
a redirect; a refusal re-renders the form with the service's words beside the field at fault.
"""
from __future__ import annotations

import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from game import campaigns, clocks
from game.form_errors import show_rejection
from game.models import Game
from game.presentation import system_name
from systems.registry import available_systems
from game.services import CommandRejected, create_game
from game.visibility import may_view_game

from . import lobby, services
from .forms import SEEK, NewGameForm
from .models import Challenge
from .setup_controls import field_name


def _settings_of(request) -> dict | None:
    """A game's settings when the page was opened from it ("new game with these settings")."""
    try:
        game_id = uuid.UUID(request.GET.get("from", ""))
    except ValueError:
        game_id = None
    game = Game.objects.prefetch_related("seats__user").filter(pk=game_id).first() if game_id else None
    if game is None or not may_view_game(request.user, game):
        return {"opponent": request.GET["opponent"]} if request.GET.get("opponent") else None
    others = [s.user.get_username() for s in game.seats.all() if s.user_id != request.user.pk]
    return {"system": game.system, "setup": game.setup, "rated": game.rated,
            "pace": services.pace_of(game.time_control), "opponent": others[0] if others else ""}


def _start_solo(request, form: NewGameForm) -> Game:
    system = form.chosen_system
    if form.cleaned_data.get("campaign") and system in campaigns.with_campaigns():
        campaign = campaigns.start_campaign(system=system, setup={}, player=request.user)
        return campaigns.start_next_night(campaign.pk, request.user, campaign.version)
    sides = form.sides()
    return create_game(system_name=system, setup=form.setup(), players={sides[0]: request.user},
                       created_by=request.user, time_control=form.time_control(), rated=form.cleaned_data["rated"])


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request):
    current = _settings_of(request)
    form = NewGameForm(request.POST or None, me=request.user,
                       current=current if current and "system" in current else None)
    if current and "system" not in current:
        form.initial["opponent"] = current["opponent"]
    if request.method == "POST" and form.is_valid():
        started = _start_from(request, form)
        if started is not None:
            return started
    return render(request, "matchmaking/new.html", {"form": form}, status=400 if form.errors else 200)


def _start_from(request, form: NewGameForm):
    """The form's game started (one seat), its challenge sent or its seek opened: where to go
    next; ``None`` when refused (the words are on the form then, beside their field)."""
    system = form.chosen_system
    seat_fields: dict[str, str] = {}
    try:
        if len(form.sides()) == 1:
            if not form.check_no_opponent():
                return None
            return redirect("game-play", _start_solo(request, form).pk)
        seats, random_sides, seat_fields = form.seats()
        challenge = services.propose(
            challenger=request.user, system=system, setup=form.setup(), seats=seats,
            time_control=form.time_control(), rated=form.cleaned_data["rated"], random_sides=random_sides,
            seek=form.cleaned_data["how"] == SEEK, rating_min=form.cleaned_data.get("rating_min"),
            rating_max=form.cleaned_data.get("rating_max"))
    except CommandRejected as exc:
        prefix = field_name(system, "")
        show_rejection(form, exc, {**seat_fields, "time_control": "pace", "players": "opponent",
                                   **{f"setup.{name[len(prefix):]}": name for name in form.fields
                                      if name.startswith(prefix)}})
        return None
    if challenge.is_seek:
        messages.success(request, _("Your seek is open: it is listed below until a player joins."))
        return redirect("lobby")
    return redirect("challenge-page", challenge.pk)


def _challenge(request, challenge_id) -> Challenge:
    challenge = (services.visible_challenges(request.user).select_related("challenger", "game")
                 .filter(pk=challenge_id).first())
    if challenge is None:
        raise Http404("no such challenge")
    return challenge


ACTIONS = {"accept": services.accept, "decline": services.decline, "cancel": services.cancel,
           "join": services.join, "seek-again": services.seek_again}
DONE = {"accept": _("You accepted."), "decline": _("You declined the challenge."),
        "cancel": _("The challenge is cancelled."), "join": _("You joined."), "seek-again": _("Your new seek is open.")}


@login_required
@require_http_methods(["GET", "POST"])
def challenge_page(request, challenge_id):
    if request.method == "POST" and request.POST.get("action") == "join":
        if not services.visible_challenges(request.user).filter(pk=challenge_id).exists():
            return _join_from_lobby(request, challenge_id)  # taken or closed since the lobby was read
    challenge = _challenge(request, challenge_id)
    refusal, status = None, 200
    if request.method == "POST" and request.POST.get("action") in ACTIONS:
        action = request.POST["action"]
        try:
            result = ACTIONS[action](challenge.pk, request.user)
        except CommandRejected as exc:
            refusal, status = exc.message, exc.status
        else:
            if result.game_id:
                return redirect("game-play", result.game_id)
            messages.success(request, str(DONE[action]))
            return redirect("challenge-page", result.pk)
        challenge = _challenge(request, challenge_id)
    return render(request, "matchmaking/challenge.html", {
        **lobby.challenge_context(challenge, request.user), "refusal": refusal}, status=status)


def _join_from_lobby(request, challenge_id):
    try:
        joined = services.join(challenge_id, request.user)
    except CommandRejected as exc:
        if exc.status == 404:
            raise Http404("no such seek") from None
        messages.error(request, exc.message[:1].upper() + exc.message[1:])
        return redirect("lobby")
    return redirect("game-play", joined.game_id) if joined.game_id else redirect("challenge-page", joined.pk)


@login_required
def lobby_page(request):
    """Open seeks, filtered by system, pace and the seeker's rating; ``?partial=1``: the list only
    (the page's script re-reads it, static/js/lobby.js)."""
    filters = lobby.filters_from(request.GET)
    context = {"seeks": lobby.open_seeks(request.user, filters), "filters": filters,
               "systems": [(s, system_name(s)) for s in available_systems()],
               "paces": [(p["key"], p["label"]) for p in clocks.TIME_CONTROL_PRESETS],
               "mine": lobby.my_recent_seeks(request.user)}
    template = "matchmaking/_seek_rows.html" if request.GET.get("partial") else "matchmaking/lobby.html"
    return render(request, template, context)


@login_required
@require_POST
def rematch(request, game_id):
    try:
        challenge = services.rematch(game_id, request.user)
    except CommandRejected as exc:
        if exc.status == 404:
            raise Http404("no such game") from None
        messages.error(request, exc.message)
        return redirect("game-play", game_id)
    return redirect("challenge-page", challenge.pk)
