"""The status codes that list pages show (games, tournaments) in the reader's language.

The English words are the codes themselves ("running", "finished"), as the lists have always
shown them; other languages translate them. A code without a word is shown as it is.
"""
from django import template
from django.utils.translation import pgettext_lazy

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
