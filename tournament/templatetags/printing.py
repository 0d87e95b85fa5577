"""The link to a tournament's print sheets, for the pages of those who may print them
(tournament/printing/pages.py: organisers, referees, league admins)."""
from django import template

from ..models import Tournament
from ..printing.pages import is_staff

register = template.Library()


@register.inclusion_tag("tournament/print/_link.html", takes_context=True)
def print_link(context, tournament: Tournament):
    return {"tournament": tournament, "show": is_staff(context["request"].user, tournament)}
