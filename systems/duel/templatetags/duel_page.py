"""Template tags of the Duel in the Dark play page (issue 15)."""
from django import template
from django.utils.html import json_script

from systems.duel.words import client_catalogue

register = template.Library()


@register.simple_tag
def duel_words():
    """The Duel words for the page's scripts, as ``<script id="duel-words" type="application/json">``."""
    return json_script(client_catalogue(), "duel-words")
