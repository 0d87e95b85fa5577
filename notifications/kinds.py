"""What a user can be told about (issue 16), with the words each notification is shown in.

A kind's text is rendered when it is shown (``gettext``), from the facts stored with the
notification, so adding a language is translation only.
"""
from django.utils.translation import gettext, gettext_lazy as _

YOUR_MOVE = "your_move"
PAIRING_CREATED = "pairing_created"
RESULT_TO_CONFIRM = "result_to_confirm"
PENALTY_ISSUED = "penalty_issued"
CLOCK_LOW = "clock_low"
TOURNAMENT_FINISHED = "tournament_finished"

LABELS = {
    YOUR_MOVE: _("Your move"),
    PAIRING_CREATED: _("Round started / your next pairing"),
    RESULT_TO_CONFIRM: _("A result to confirm (table play)"),
    PENALTY_ISSUED: _("A penalty issued to you"),
    CLOCK_LOW: _("Your clock is running low"),
    TOURNAMENT_FINISHED: _("A tournament you played in has finished"),
}
KINDS = tuple(LABELS)


def text(kind: str, facts: dict) -> str:
    """The one-line text of a notification, e.g. "Your move in 303 against bob"."""
    if kind == YOUR_MOVE:
        return gettext("Your move in %(system)s against %(opponent)s") % facts
    if kind == PAIRING_CREATED:
        if facts.get("bye"):
            return gettext("%(tournament)s, round %(round)s: you have a bye") % facts
        return gettext("%(tournament)s, round %(round)s: you play %(opponent)s") % facts
    if kind == RESULT_TO_CONFIRM:
        return gettext("%(tournament)s: confirm the result reported by %(reporter)s") % facts
    if kind == PENALTY_ISSUED:
        return gettext("%(tournament)s: a penalty for %(category)s — %(text)s") % facts
    if kind == CLOCK_LOW:
        return gettext("Your clock in %(system)s against %(opponent)s runs out at %(deadline)s") % facts
    if kind == TOURNAMENT_FINISHED:
        return gettext("%(tournament)s has finished") % facts
    return str(LABELS.get(kind, kind))
