"""Links to the knowledge test from the tournament's pages (one additive line in each template):
the pairing page offers its players the test of the pairing's round, the manage page the bank."""
from django import template

from .. import attempts
from ..models import Quiz

register = template.Library()


@register.inclusion_tag("quiz/_link.html", takes_context=True)
def quiz_link(context, tournament, pairing: dict):
    """The round's test, if one is open: "take it" to the pairing's players who have not, else a
    plain link to its progress and (once the round is over) its answers."""
    number = pairing.get("round")
    quiz = Quiz.objects.filter(tournament=tournament, round=number).first() if number else None
    if quiz is None:
        return {"quiz": None}
    user = context["request"].user
    me = user.get_username() if user.is_authenticated else None
    taking = me in (pairing.get("a"), pairing.get("b")) and \
        not quiz.attempts.filter(entrant=me, finished_at__isnull=False).exists()
    return {"quiz": quiz, "tournament": tournament, "taking": taking}


@register.inclusion_tag("quiz/_manage_link.html")
def quiz_manage_link(tournament):
    bank = attempts.current_bank(tournament.pk)
    return {"tournament": tournament, "count": len(bank.questions) if bank else 0}
