"""What pages of other apps show of a player's tournaments (without the game app importing
this one): the home page's next pairings, and a tournament game's link to its pairing."""
from django import template
from django.utils.translation import gettext_lazy as _

from game.models import StoredEvent

from .. import events as ev, scoring, services
from ..models import PairingGame, Tournament
from ..state import REGISTRATION, RUNNING

register = template.Library()

OVERVIEW_LIMIT = 20
STATUS_WORDS = {scoring.PLAYING: _("playing"), scoring.AWAITING_REFEREE: _("waiting for the referee"),
                scoring.AWAITING_KNOWLEDGE_TEST: _("waiting for knowledge-test scores")}


def next_pairings(user) -> list[dict]:
    """The player's undecided pairings of running tournaments, newest first, each with the game
    to open (the pairing's running one, if any)."""
    links = (PairingGame.objects.filter(game__seats__user=user, pairing__tournament__status=RUNNING)
             .select_related("pairing__tournament", "game").order_by("-game__created_at")[:4 * OVERVIEW_LIMIT])
    pairings: dict[str, list] = {}
    for link in links:
        pairings.setdefault(str(link.pairing_id), []).append(link)
    states: dict[int, object] = {}
    out = []
    me = user.get_username()
    for pid, of_pairing in pairings.items():
        tournament = of_pairing[0].pairing.tournament
        if tournament.pk not in states:
            states[tournament.pk] = services.load_state(tournament)
        state = states[tournament.pk]
        pairing, result = state.pairings[pid], state.result(pid)
        if result.status == scoring.DECIDED:
            continue
        out.append({"tournament": tournament, "pairing": pairing, "round": pairing["round"],
                    "opponent": pairing["b"] if pairing["a"] == me else pairing["a"],
                    "status": STATUS_WORDS.get(result.status, result.status.replace("_", " ")),
                    "game_id": next((link.game_id for link in of_pairing if link.game.status == "running"), None)})
    return out[:OVERVIEW_LIMIT]


def entered_tournaments(user) -> list[Tournament]:
    """Tournaments the player has entered (and not left) that have not started yet."""
    waiting = {t.stream: t for t in Tournament.objects.filter(status=REGISTRATION).order_by("-created_at")[:200]}
    me, entered = user.get_username(), set()
    rows = (StoredEvent.objects.filter(stream__in=list(waiting), type__in=(ev.ENTRANT_REGISTERED,
                                                                           ev.ENTRANT_WITHDRAWN))
            .order_by("stream", "seq").values_list("stream", "type", "payload"))
    for stream, kind, payload in rows:
        if payload.get("entrant") == me:
            (entered.add if kind == ev.ENTRANT_REGISTERED else entered.discard)(stream)
    return sorted((waiting[s] for s in entered), key=lambda t: t.created_at, reverse=True)


@register.inclusion_tag("tournament/_your_tournaments.html", takes_context=True)
def your_tournaments(context):
    user = context["request"].user
    if not user.is_authenticated:
        return {"pairings": [], "entered": []}
    return {"pairings": next_pairings(user), "entered": entered_tournaments(user)}


@register.inclusion_tag("tournament/_game_tournament.html")
def game_tournament(game):
    """On a game's page: the tournament and pairing it belongs to, if any."""
    link = PairingGame.objects.filter(game=game).select_related("pairing__tournament").first()
    return {"link": link}
