"""The status codes and outcomes that list pages show (games, tournaments) in the reader's language.

The English words are the codes themselves ("running", "finished"), as the lists have always
shown them; other languages translate them. A code without a word is shown as it is.
"""
from django import template
from django.utils.translation import pgettext_lazy

from game.presentation import presentation_for
from systems.kit.presentation import side_name

register = template.Library()

STATUS_WORDS = {
    "running": pgettext_lazy("status of a game or tournament", "running"),
    "finished": pgettext_lazy("status of a game or tournament", "finished"),
    "aborted": pgettext_lazy("status of a game", "aborted"),
    "registration": pgettext_lazy("status of a tournament", "registration"),
    "cancelled": pgettext_lazy("status of a tournament", "cancelled"),
}


@register.filter
def status_word(code) -> str:
    return str(STATUS_WORDS.get(code, code))


@register.filter
def outcome_words(game) -> str:
    """A finished game's outcome as its system words it ("RAF won: the bomber was shot down.")."""
    return presentation_for(game.system).outcome_text(game.outcome)


@register.filter
def side_word(code) -> str:
    """A side's name as people say it ("luftwaffe" → "Luftwaffe", "german2" → "German 2")."""
    return side_name(code)


@register.filter
def side_words(codes) -> str:
    """Several sides in words, "Luftwaffe, RAF"."""
    return ", ".join(side_name(code) for code in codes or ())
