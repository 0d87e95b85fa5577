"""What pages of other apps show of a user's tournaments (without the game app importing this
one): the home page's next pairings and what waits for the staff (tournament/waiting.py), and
a tournament game's link to its pairing."""
from django import template
from django.utils.translation import gettext_lazy as _

from kernel.models import StoredEvent

from .. import events as ev, scoring, waiting
from ..models import PairingGame, Tournament
from ..state import REGISTRATION

register = template.Library()

STATUS_WORDS = {scoring.PLAYING: _("playing"), scoring.AWAITING_REFEREE: _("waiting for the referee"),
                scoring.AWAITING_KNOWLEDGE_TEST: _("waiting for knowledge-test scores")}


def next_pairings(user) -> list[dict]:
    """The player's undecided pairings of running tournaments, each with its next step in words."""
    return [{"item": item, "status": STATUS_WORDS.get(item.status, item.status.replace("_", " "))}
            for item in waiting.player_pairings(user)]


def entered_tournaments(user) -> list[Tournament]:
    """Tournaments the player has entered (and not left) that have not started yet."""
    registering = {t.stream: t for t in Tournament.objects.filter(status=REGISTRATION).order_by("-created_at")[:200]}
    me, entered = user.get_username(), set()
    rows = (StoredEvent.objects.filter(stream__in=list(registering), type__in=(ev.ENTRANT_REGISTERED,
                                                                           ev.ENTRANT_WITHDRAWN))
            .order_by("stream", "seq").values_list("stream", "type", "payload"))
    for stream, kind, payload in rows:
        if payload.get("entrant") == me:
            (entered.add if kind == ev.ENTRANT_REGISTERED else entered.discard)(stream)
    return sorted((registering[s] for s in entered), key=lambda t: t.created_at, reverse=True)


@register.inclusion_tag("tournament/_your_tournaments.html", takes_context=True)
def your_tournaments(context):
    user = context["request"].user
    if not user.is_authenticated:
        return {"pairings": [], "entered": [], "staffed": []}
    return {"pairings": next_pairings(user), "entered": entered_tournaments(user),
            "staffed": waiting.staff_overview(user)}


@register.inclusion_tag("tournament/_game_tournament.html")
def game_tournament(game):
    """On a game's page: the tournament and pairing it belongs to, if any."""
    link = PairingGame.objects.filter(game=game).select_related("pairing__tournament").first()
    return {"link": link}
