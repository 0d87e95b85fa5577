"""``{% provisional_legend %}``: what the ``?`` after a rating means, wherever ratings are shown."""
from django import template

from ratings.elo import PROVISIONAL_GAMES

register = template.Library()


@register.inclusion_tag("ratings/_provisional_legend.html")
def provisional_legend():
    return {"provisional_games": PROVISIONAL_GAMES}
