"""What a user can be told about (issue 16), with the words each notification is shown in.

A kind's text is rendered when it is shown (``gettext``), from the facts stored with the
notification, so adding a language is translation only.
"""
from django.utils.translation import gettext, gettext_lazy as _

from game.presentation import system_name
from tournament import presentation

YOUR_MOVE = "your_move"
PAIRING_CREATED = "pairing_created"
RESULT_TO_CONFIRM = "result_to_confirm"
PENALTY_ISSUED = "penalty_issued"
CLOCK_LOW = "clock_low"
TOURNAMENT_FINISHED = "tournament_finished"
DISPUTE_TO_DECIDE = "dispute_to_decide"
TIE_TO_DECIDE = "tie_to_decide"
KNOWLEDGE_TEST_OPEN = "knowledge_test_open"
CHALLENGE_RECEIVED = "challenge_received"
CHALLENGE_ANSWERED = "challenge_answered"
ORGANISER_REQUESTED = "organiser_requested"
ORGANISER_APPOINTED = "organiser_appointed"
REFEREE_APPOINTED = "referee_appointed"

LABELS = {
    YOUR_MOVE: _("Your move"),
    PAIRING_CREATED: _("Round started / your next pairing"),
    RESULT_TO_CONFIRM: _("A result to confirm (table play)"),
    PENALTY_ISSUED: _("A penalty issued to you"),
    CLOCK_LOW: _("Your clock is running low"),
    TOURNAMENT_FINISHED: _("A tournament you played in has finished"),
    DISPUTE_TO_DECIDE: _("A disputed result for you to decide (referees)"),
    TIE_TO_DECIDE: _("A pairing waiting for your decision (referees)"),
    KNOWLEDGE_TEST_OPEN: _("Your pairing stands 1:1: the knowledge test decides it"),
    CHALLENGE_RECEIVED: _("A player challenges you to a game"),
    CHALLENGE_ANSWERED: _("An answer to your challenge or open seek"),
    ORGANISER_REQUESTED: _("Someone asks to organise in a league (league admins)"),
    ORGANISER_APPOINTED: _("You were made an organiser of a league"),
    REFEREE_APPOINTED: _("You were made a referee of a tournament"),
}
KINDS = tuple(LABELS)


def text(kind: str, facts: dict) -> str:
    """The one-line text of a notification, e.g. "Your move in 303 against bob"."""
    if kind == YOUR_MOVE:
        return gettext("Your move in %(system)s against %(opponent)s") % {
            **facts, "system": system_name(facts["system"])}
    if kind == PAIRING_CREATED:
        if facts.get("bye"):
            return gettext("%(tournament)s, round %(round)s: you have a bye") % facts
        if facts.get("table"):
            return gettext("%(tournament)s, round %(round)s: you play %(opponent)s at table %(table)s") % facts
        return gettext("%(tournament)s, round %(round)s: you play %(opponent)s") % facts
    if kind == RESULT_TO_CONFIRM:
        return gettext("%(tournament)s: confirm the result reported by %(reporter)s") % facts
    if kind == PENALTY_ISSUED:
        return penalty_text(facts)
    if kind == CLOCK_LOW:
        return gettext("Your clock in %(system)s against %(opponent)s runs out at %(deadline)s") % {
            **facts, "system": system_name(facts["system"])}
    if kind == TOURNAMENT_FINISHED:
        return gettext("%(tournament)s has finished") % facts
    if kind == DISPUTE_TO_DECIDE:
        return gettext("%(tournament)s, table %(table)s: %(by)s disputes a result — decide it") % facts
    if kind == TIE_TO_DECIDE:
        return gettext("%(tournament)s: %(a)s v %(b)s waits for your decision") % facts
    if kind == KNOWLEDGE_TEST_OPEN:
        if facts.get("quiz"):
            return gettext("%(tournament)s: you and %(opponent)s stand 1:1 — your knowledge test is open") % facts
        return gettext("%(tournament)s: you and %(opponent)s stand 1:1 — the knowledge test decides it") % facts
    if kind in (CHALLENGE_RECEIVED, CHALLENGE_ANSWERED):
        return challenge_text(kind, facts)
    if kind in (ORGANISER_REQUESTED, ORGANISER_APPOINTED, REFEREE_APPOINTED):
        return appointment_text(kind, facts)
    return str(LABELS.get(kind, kind))


def appointment_text(kind: str, facts: dict) -> str:
    if kind == ORGANISER_REQUESTED:
        if facts.get("message"):
            return gettext("%(username)s asks to organise tournaments in %(league)s: “%(message)s”") % facts
        return gettext("%(username)s asks to organise tournaments in %(league)s") % facts
    if kind == ORGANISER_APPOINTED:
        return gettext("You organise %(league)s now: create its tournaments") % facts
    return gettext("You referee %(tournament)s now") % facts


def challenge_text(kind: str, facts: dict) -> str:
    words = {**facts, "system": system_name(facts.get("system", ""))}
    if kind == CHALLENGE_RECEIVED:
        return gettext("%(challenger)s challenges you to %(system)s: accept or decline") % words
    if facts.get("answer") == "declined":
        return gettext("%(player)s declined your challenge to %(system)s") % words
    if facts.get("answer") == "joined":
        if facts.get("started"):
            return gettext("%(player)s joined your open %(system)s seek: the game has started") % words
        return gettext("%(player)s joined your open %(system)s seek") % words
    if facts.get("started"):
        return gettext("%(player)s accepted: your %(system)s game has started") % words
    return gettext("%(player)s accepted your challenge to %(system)s") % words


def penalty_text(facts: dict) -> str:
    """The card and the offence in words ("Red card for foul language"); older notifications
    stored no card, only the offence."""
    words = {**facts, "offence": presentation.label(presentation.OFFENCES, facts.get("category")).lower()}
    if facts.get("level"):
        words["card"] = presentation.label(presentation.LEVELS, facts["level"])
        return gettext("%(tournament)s: %(card)s for %(offence)s — %(text)s") % words
    return gettext("%(tournament)s: a penalty for %(offence)s — %(text)s") % words
