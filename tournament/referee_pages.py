"""The referee panel's actions on the pairing page (issue 13 "Referee panel").

Each POST checks on the server that the user referees the tournament (league admins too, as
the API allows), validates its form, calls the same service function as the API and goes back
to the pairing page. A refusal re-renders the page with the error next to the field, in words,
and nothing is appended. An offence is recorded in two steps: the page first says which card it
will be (the ladder is automatic), and records it only when the referee confirms.
"""
from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from kernel.refusals import CommandRejected

from . import pages, presentation, referee_panel, services
from .permissions import is_referee, page_refusal
from .referee_forms import KnowledgeTestForm, OffenceForm, ResultForm, RevokeForm, TieForm

OFFENCE_STEPS = ("review", "confirm", "edit")


class Refused(Exception):
    """A form or a service said no: the page is shown again with the bound forms."""

    def __init__(self, bound: dict, status: int):
        self.bound, self.status = bound, status


def referee_action(action):
    """Wrap a panel action: POST only, the tournament's referee only, the pairing must exist;
    ``action(request, tournament, state, pairing)`` returns the success message (or a response)
    or raises :class:`Refused`."""
    @require_POST
    def view(request, tournament_id, pairing_id, **kwargs):
        tournament = pages.visible_tournament(request, tournament_id)
        if not is_referee(request.user, tournament):
            return page_refusal(request, _("Only the tournament's referees use the referee panel."))
        state = services.load_state(tournament)
        pairing = state.pairings.get(str(pairing_id))
        if pairing is None or pairing["bye"]:
            raise Http404("no such pairing")
        try:
            message = action(request, tournament, state, pairing, **kwargs)
        except Refused as refused:
            return pages.pairing_page(request, tournament.pk, pairing["id"], panel_forms=refused.bound,
                                      status=refused.status)
        if isinstance(message, HttpResponse):
            return message
        messages.success(request, message)
        return redirect("tournament-pairing-page", tournament_id=tournament.pk, pairing_id=pairing["id"])
    view.__name__ = action.__name__
    view.__doc__ = action.__doc__
    return view


def _entrants(pairing: dict) -> list[str]:
    return [pairing["a"], pairing["b"]]


def _service(form, name: str, call):
    """Run a service call; a refusal goes next to the field it concerns."""
    try:
        return call()
    except CommandRejected as exc:
        referee_panel.add_refusal(form, exc)
        raise Refused({name: form}, exc.status) from None


@referee_action
def record_knowledge_tests(request, tournament, state, pairing):
    """Both entrants' knowledge-test scores (blank: unchanged), all or nothing."""
    form = KnowledgeTestForm(request.POST, entrants=_entrants(pairing), current=state.tests)
    if not form.is_valid():
        raise Refused({"tests": form}, 400)

    def record():
        with transaction.atomic():
            for name, score in form.scores():
                services.record_knowledge_test(tournament.pk, name, score, request.user.get_username())
    _service(form, "tests", record)
    return _("Knowledge-test scores recorded.")


@referee_action
def record_offence(request, tournament, state, pairing):
    """Review (which card it will be), then confirm; ``edit`` goes back to the filled form."""
    step = request.POST.get("step")
    if step not in OFFENCE_STEPS:
        return HttpResponseBadRequest()
    form = OffenceForm(request.POST, entrants=_entrants(pairing))
    if not form.is_valid():
        raise Refused({"offence": form}, 400)
    if step == "edit":
        raise Refused({"offence": form}, 200)
    v = form.cleaned_data
    seen = referee_panel.consequence(state, pairing, v["entrant"])
    if step == "confirm" and v["offence_number"] == seen["number"]:
        penalty = _service(form, "offence", lambda: services.issue_penalty(
            tournament.pk, v["entrant"], v["category"], v["text"], request.user.get_username(),
            pairing_id=pairing["id"]))[1]
        return _("%(level)s for %(name)s (%(nth)s offence) recorded.") % {
            "level": presentation.label(presentation.LEVELS, penalty["level"]), "name": v["entrant"],
            "nth": presentation.ordinal(penalty["offence_number"])}
    review = {**v, "offence_number": seen["number"], "consequence": seen, "moved": step == "confirm",
              "category_label": presentation.label(presentation.OFFENCES, v["category"])}
    raise Refused({"offence": form, "review": review}, 200)


@referee_action
def revoke_penalty(request, tournament, state, pairing, penalty_id):
    penalty_id = str(penalty_id)
    if not any(p["id"] == penalty_id and p["pairing"] == pairing["id"] for p in state.penalties):
        raise Http404("no such penalty")
    form = RevokeForm(request.POST, prefix=referee_panel.revoke_prefix(penalty_id))
    if not form.is_valid():
        raise Refused({"revoke": (penalty_id, form)}, 400)
    try:
        services.revoke_penalty(tournament.pk, penalty_id, form.cleaned_data["reason"], request.user.get_username())
    except CommandRejected as exc:
        referee_panel.add_refusal(form, exc)
        raise Refused({"revoke": (penalty_id, form)}, exc.status) from None
    return _("Penalty revoked; the later offences are counted again.")


@referee_action
def decide(request, tournament, state, pairing):
    """A tie, dispute or overrule with its reason (tournament/decisions.py says when)."""
    kind = request.POST.get("kind")
    entrants = _entrants(pairing)
    if kind == "tie":
        form = TieForm(request.POST, entrants=entrants)
    elif kind in ("dispute", "overrule"):
        keep = _("Leave the result as it is") if kind == "dispute" else None
        form = ResultForm(request.POST, entrants=entrants, kind=kind, keep=keep,
                          voidable=referee_panel.voidable(state, pairing, {}))
    else:
        return HttpResponseBadRequest()
    if not form.is_valid():
        raise Refused({kind: form}, 400)
    v = form.cleaned_data
    result = form.score() if kind != "tie" else None
    new = _service(form, kind, lambda: services.referee_decision(
        tournament.pk, pairing["id"], kind, v["reason"], request.user.get_username(), winner=v.get("winner") or None,
        score=result, replaces=v.get("replaces") or None,
        replaces_score=form.replaced_score() if kind == "overrule" else None,
        void=v.get("void") or (), void_reason=v.get("void_reason") or ""))
    decided = new.named_result(new.pairings[pairing["id"]])
    decision_id = new.decisions[pairing["id"]][-1]["decision_id"]
    voided = sum(1 for p in new.voided.values() if p["void"]["decision_id"] == decision_id)
    words = {"tie": _("Tie decided."), "dispute": _("Ruling recorded."), "overrule": _("Result overruled.")}[kind]
    if decided["winner"]:
        words += " " + _("%(name)s wins the pairing.") % {"name": decided["winner"]}
    if voided:
        words += " " + _("Later pairings voided and created again with the new entrant: %(n)s.") % {"n": voided}
    return words
