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
from django.urls import reverse
from django.views.decorators.http import require_POST

from kernel import refusals
from kernel.form_views import ServiceFormView
from game.models import Game
from game.presentation import system_name
from systems.registry import available_systems
from game.services import create_game
from bots import services as bot_games
from bots.models import BotAccount
from game import campaigns, clocks
from game.visibility import may_view_game

from . import lobby, services
from .forms import SEEK, NewGameForm, bot_level_field, side_field
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
    others = [s.user for s in game.seats.all() if s.user_id != request.user.pk]
    bot = BotAccount.objects.filter(user__in=others).first()
    return {"system": game.system, "setup": game.setup, "rated": game.rated,
            "pace": services.pace_of(game.time_control), "opponent": others[0].get_username() if others else "",
            "bot_level": bot.level if bot else None}


def _start_solo(request, form: NewGameForm) -> Game:
    system = form.chosen_system
    if form.cleaned_data.get("campaign") and system in campaigns.with_campaigns():
        campaign = campaigns.start_campaign(system=system, setup={}, player=request.user)
        return campaigns.start_next_night(campaign.pk, request.user, campaign.version)
    sides = form.sides()
    return create_game(system_name=system, setup=form.setup(), players={sides[0]: request.user},
                       created_by=request.user, time_control=form.time_control(), rated=form.cleaned_data["rated"])


class NewGame(ServiceFormView):
    """The new-game form: a one-seat game starts at once, else a challenge is sent or a seek opened."""

    form_class = NewGameForm
    template_name = "matchmaking/new.html"
    status_kinds = ()  # this page answers every refusal as a mistake in its form (400)

    def get_form(self):
        current = _settings_of(self.request)
        form = NewGameForm(self.request.POST or None, me=self.request.user,
                           current=current if current and "system" in current else None)
        if current and "system" not in current:
            form.initial["opponent"] = current["opponent"]
        return form

    def form_is_valid(self, form):
        return form.is_valid() and (len(form.sides()) != 1 or form.check_no_opponent())

    def perform(self, form):
        self.seat_fields: dict[str, str] = {}
        if len(form.sides()) == 1:
            return _start_solo(self.request, form)
        if form.against_bot:
            return bot_games.start_bot_game(player=self.request.user, **form.bot_game())
        seats, random_sides, self.seat_fields = form.seats()
        return services.propose(
            challenger=self.request.user, system=form.chosen_system, setup=form.setup(), seats=seats,
            time_control=form.time_control(), rated=form.cleaned_data["rated"], random_sides=random_sides,
            seek=form.cleaned_data["how"] == SEEK, rating_min=form.cleaned_data.get("rating_min"),
            rating_max=form.cleaned_data.get("rating_max"))

    def get_refusal_fields(self, form, refusal):
        system = form.chosen_system
        if form.against_bot:  # the bot's refusal beside the level, a side or system one beside its own
            return {refusal.code: {"side": side_field(system), "system": "system"}.get(
                refusal.extra.get("field"), bot_level_field(system)), "time_control": "pace"}
        prefix = field_name(system, "")
        return {**self.seat_fields, "time_control": "pace", "players": "opponent",
                **{f"setup.{name[len(prefix):]}": name for name in form.fields if name.startswith(prefix)}}

    def success_message(self, form, started):
        if isinstance(started, Challenge) and started.is_seek:
            return _("Your seek is open: it is listed below until a player joins.")
        return None

    def get_success_url(self, form, started):
        if isinstance(started, Game):
            return reverse("game-play", args=[started.pk])
        return reverse("lobby") if started.is_seek else reverse("challenge-page", args=[started.pk])


new_game = login_required(NewGame.as_view())


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


class ChallengePage(ServiceFormView):
    """A challenge or a seek, and the buttons its viewer may press (``ACTIONS``): a button is the
    whole request, so there is no form; a refusal is said above the challenge as it stands now."""

    template_name = "matchmaking/challenge.html"
    status_kinds = refusals.KINDS

    def dispatch(self, request, *args, challenge_id, **kwargs):
        self.challenge_id = challenge_id
        if request.method == "POST" and request.POST.get("action") == "join":
            if not services.visible_challenges(request.user).filter(pk=challenge_id).exists():
                return _join_from_lobby(request, challenge_id)  # taken or closed since the lobby was read
        return super().dispatch(request, *args, challenge_id=challenge_id, **kwargs)

    def prepare(self, request, *args, **kwargs):
        self.challenge = _challenge(request, self.challenge_id)

    def post(self, request, *args, **kwargs):
        self.action = request.POST.get("action")
        if self.action not in ACTIONS:
            return self.render_page(None)
        return super().post(request, *args, **kwargs)

    def get_form(self):
        return None

    def form_is_valid(self, form):
        return True

    def perform(self, form):
        return ACTIONS[self.action](self.challenge.pk, self.request.user)

    def refused(self, form, refusal):
        self.challenge = _challenge(self.request, self.challenge_id)  # as it stands now
        return self.render_page(None, self.refusal_status(refusal), refusal.message)

    def success_message(self, form, result):
        return None if result.game_id else str(DONE[self.action])

    def get_success_url(self, form, result):
        return reverse("game-play", args=[result.game_id]) if result.game_id else \
            reverse("challenge-page", args=[result.pk])

    def render_page(self, form, status=200, refusal=None):
        return self.render_to_response({**lobby.challenge_context(self.challenge, self.request.user),
                                        "refusal": refusal}, status=status)


challenge_page = login_required(ChallengePage.as_view())


def _join_from_lobby(request, challenge_id):
    try:
        joined = services.join(challenge_id, request.user)
    except refusals.Refusal as exc:
        if exc.kind == refusals.NOT_FOUND:
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
        again = bot_games.rematch(game_id, request.user)  # a bot is not challenged: its game starts at once
        if again is not None:
            return redirect("game-play", again.pk)
        challenge = services.rematch(game_id, request.user)
    except refusals.Refusal as exc:
        if exc.kind == refusals.NOT_FOUND:
            raise Http404("no such game") from None
        messages.error(request, exc.message)
        return redirect("game-play", game_id)
    return redirect("challenge-page", challenge.pk)
