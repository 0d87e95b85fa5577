"""The link to a tournament's print sheets, for the pages of those who may print them
(tournament/printing/pages.py: organisers, referees, league admins), and the warning those pages
show when the slips would carry a loopback address (kernel/site_address.py)."""
from django import template

from kernel.site_address import is_loopback, phone_root

from ..models import Tournament
from ..printing.pages import is_staff
from ..printing.sheets import has_game_cards

register = template.Library()


@register.inclusion_tag("tournament/print/_link.html", takes_context=True)
def print_link(context, tournament: Tournament):
    request = context["request"]
    return {"tournament": tournament, "show": is_staff(request.user, tournament), "request": request,
            "game_cards": has_game_cards(tournament.system)}


@register.inclusion_tag("tournament/print/_address_warning.html", takes_context=True)
def slip_address_warning(context):
    """A warning in words when the slips' QR codes would carry an address no phone opens."""
    root = phone_root(context["request"])
    return {"address": root, "loopback": is_loopback(root)}
