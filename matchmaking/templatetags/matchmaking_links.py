"""What other apps' pages show of starting games (without those apps importing this one): the
rematch and "new game with these settings" offer on a finished game's page."""
from django import template
from django.utils import timezone

from game.models import Game

from ..models import Challenge

register = template.Library()


@register.inclusion_tag("matchmaking/_rematch.html", takes_context=True)
def game_rematch(context, game):
    """For the players of a finished game: a pending rematch offer to answer or wait for, else the buttons."""
    user = context["request"].user
    seated = user.is_authenticated and any(seat.user_id == user.pk for seat in game.seats.all())
    if game.status == Game.Status.RUNNING or not seated or len(game.seats.all()) < 2 or game.sandbox:
        return {"shown": False}
    offer = (Challenge.objects.filter(rematch_of=game, status=Challenge.Status.OPEN, expires_at__gt=timezone.now())
             .select_related("challenger").first())
    started = Challenge.objects.filter(rematch_of=game, status=Challenge.Status.STARTED).first()
    return {"shown": True, "game": game, "offer": offer, "mine": offer is not None and offer.challenger_id == user.pk,
            "started": started, "csrf_token": context.get("csrf_token")}
