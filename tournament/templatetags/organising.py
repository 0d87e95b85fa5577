"""Template tags of the organiser's pages: names of settings in words, and the links that put
"manage", "register" and "new tournament" on pages other apps render."""
from django import template

from .. import presentation, services, waiting
from ..models import Tournament
from ..organiser_pages import registration_open
from ..permissions import is_entrant, is_organiser, is_referee, join_key

register = template.Library()


@register.filter
def system_name(value) -> str:
    return presentation.system_label(value)


@register.filter
def format_name(value) -> str:
    return presentation.label(presentation.FORMATS, value)


@register.filter
def scheme_name(value) -> str:
    return presentation.label(presentation.SCHEMES, value)


@register.filter
def time_control_text(time_control) -> str:
    return presentation.time_control_text(time_control)


@register.inclusion_tag("tournament/_organiser_links.html", takes_context=True)
def organiser_links(context, tournament: Tournament):
    """On a tournament's page: "Manage" for its organisers; "Register" while registration is open
    for a signed-in player who has not entered (through the tournament's join link)."""
    user = context["request"].user
    links = {"tournament": tournament, "manage": False, "join": None}
    if not user.is_authenticated:
        return links
    links["manage"] = is_organiser(user, tournament)
    state = services.load_state(tournament)
    if registration_open(state) and not is_entrant(user, state):
        links["join"] = join_key(tournament)
    return links


@register.inclusion_tag("tournament/_staff_waiting_box.html", takes_context=True)
def staff_waiting(context, tournament: Tournament):
    """On a tournament's page, for its referees and organisers: what waits for them in it."""
    user = context["request"].user
    organiser = is_organiser(user, tournament)
    if not (organiser or is_referee(user, tournament)):
        return {"w": None}
    return {"w": waiting.staff_waiting(tournament, services.load_state(tournament), organiser)}
