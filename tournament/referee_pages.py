"""The referee panel's actions on the pairing page (issue 13 "Referee panel").

Each POST checks on the server that the user referees the tournament (league admins too, as
the API allows), validates its form, calls the same service function as the API and goes back
to the pairing page. A refusal re-renders the page with the error next to the field, in words,
and nothing is appended. An offence is recorded in two steps: the page first says which card it
will be (the ladder is automatic), and records it only when the referee confirms.
"""
from __future__ import annotations

from django.http import Http404, HttpResponseBadRequest
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext as _

from kernel import refusals
from kernel.form_views import ServiceFormView

from . import pages, presentation, referee_panel, services
from .permissions import is_referee, page_refusal
from .referee_forms import KnowledgeTestForm, OffenceForm, ResultForm, RevokeForm, TieForm

OFFENCE_STEPS = ("review", "confirm", "edit")


class RefereeAction(ServiceFormView):
    """One action of the panel: POST only, the tournament's referee only, the pairing must exist.
    The panel's forms are the pairing page's; a refused or unfinished action shows that page again
    with the bound form (under ``key`` in the panel), and a done one goes back to it."""

    http_method_names = ["post"]
    status_kinds = refusals.KINDS
    key = ""

    def prepare(self, request, *args, tournament_id, pairing_id, **kwargs):
        self.tournament = pages.visible_tournament(request, tournament_id)
        if not is_referee(request.user, self.tournament):
            return page_refusal(request, _("Only the tournament's referees use the referee panel."))
        self.state = services.load_state(self.tournament)
        self.pairing = self.state.pairings.get(str(pairing_id))
        if self.pairing is None or self.pairing["bye"]:
            raise Http404("no such pairing")

    def entrants(self) -> list[str]:
        return [self.pairing["a"], self.pairing["b"]]

    def show_refusal(self, form, refusal):
        referee_panel.add_refusal(form, refusal)

    def success_message(self, form, message):
        return message

    def get_success_url(self, form, message):
        return reverse("tournament-pairing-page", kwargs={"tournament_id": self.tournament.pk,
                                                          "pairing_id": self.pairing["id"]})

    def bound(self, form) -> dict:
        """The panel's forms as this request left them."""
        return {self.key: form}

    def render_page(self, form, status=200):
        return pages.pairing_page(self.request, self.tournament.pk, self.pairing["id"], panel_forms=self.bound(form),
                                  status=status)


class RecordKnowledgeTests(RefereeAction):
    """Both entrants' knowledge-test scores (blank: unchanged), all or nothing."""

    key = "tests"
    one_transaction = True

    def get_form(self):
        return KnowledgeTestForm(self.request.POST, entrants=self.entrants(), current=self.state.tests)

    def perform(self, form):
        for name, score in form.scores():
            services.record_knowledge_test(self.tournament.pk, name, score, self.request.user.get_username())
        return _("Knowledge-test scores recorded.")


class RecordOffence(RefereeAction):
    """Review (which card it will be), then confirm; ``edit`` goes back to the filled form."""

    key = "offence"

    def post(self, request, *args, **kwargs):
        self.step = request.POST.get("step")
        if self.step not in OFFENCE_STEPS:
            return HttpResponseBadRequest()
        form = self.form
        if not form.is_valid():
            return self.render_page(form, self.invalid_status)
        if self.step == "edit":
            return self.render_page(form)
        v = form.cleaned_data
        seen = referee_panel.consequence(self.state, self.pairing, v["entrant"])
        if self.step == "confirm" and v["offence_number"] == seen["number"]:
            return super().post(request, *args, **kwargs)
        review = {**v, "offence_number": seen["number"], "consequence": seen, "moved": self.step == "confirm",
                  "category_label": presentation.label(presentation.OFFENCES, v["category"])}
        return pages.pairing_page(request, self.tournament.pk, self.pairing["id"],
                                  panel_forms={"offence": form, "review": review}, status=200)

    @cached_property
    def form(self):  # read by the step check first, then by the confirmed post
        return OffenceForm(self.request.POST, entrants=self.entrants())

    def get_form(self):
        return self.form

    def perform(self, form):
        v = form.cleaned_data
        penalty = services.issue_penalty(self.tournament.pk, v["entrant"], v["category"], v["text"],
                                         self.request.user.get_username(), pairing_id=self.pairing["id"])[1]
        return _("%(level)s for %(name)s (%(nth)s offence) recorded.") % {
            "level": presentation.label(presentation.LEVELS, penalty["level"]), "name": v["entrant"],
            "nth": presentation.ordinal(penalty["offence_number"])}


class RevokePenalty(RefereeAction):
    def prepare(self, request, *args, penalty_id, **kwargs):
        refused = super().prepare(request, *args, **kwargs)
        if refused:
            return refused
        self.penalty_id = str(penalty_id)
        if not any(p["id"] == self.penalty_id and p["pairing"] == self.pairing["id"] for p in self.state.penalties):
            raise Http404("no such penalty")

    def get_form(self):
        return RevokeForm(self.request.POST, prefix=referee_panel.revoke_prefix(self.penalty_id))

    def perform(self, form):
        services.revoke_penalty(self.tournament.pk, self.penalty_id, form.cleaned_data["reason"],
                                self.request.user.get_username())
        return _("Penalty revoked; the later offences are counted again.")

    def bound(self, form):
        return {"revoke": (self.penalty_id, form)}


class Decide(RefereeAction):
    """A tie, dispute or overrule with its reason (tournament/decisions.py says when)."""

    def post(self, request, *args, **kwargs):
        self.key = request.POST.get("kind")
        if self.key not in ("tie", "dispute", "overrule"):
            return HttpResponseBadRequest()
        return super().post(request, *args, **kwargs)

    def get_form(self):
        if self.key == "tie":
            return TieForm(self.request.POST, entrants=self.entrants())
        keep = _("Leave the result as it is") if self.key == "dispute" else None
        return ResultForm(self.request.POST, entrants=self.entrants(), kind=self.key, keep=keep,
                          voidable=referee_panel.voidable(self.state, self.pairing, {}))

    def perform(self, form):
        kind, v, pairing = self.key, form.cleaned_data, self.pairing
        new = services.referee_decision(
            self.tournament.pk, pairing["id"], kind, v["reason"], self.request.user.get_username(),
            winner=v.get("winner") or None, score=form.score() if kind != "tie" else None,
            replaces=v.get("replaces") or None, replaces_score=form.replaced_score() if kind == "overrule" else None,
            void=v.get("void") or (), void_reason=v.get("void_reason") or "")
        decided = new.named_result(new.pairings[pairing["id"]])
        decision_id = new.decisions[pairing["id"]][-1]["decision_id"]
        voided = sum(1 for p in new.voided.values() if p["void"]["decision_id"] == decision_id)
        words = {"tie": _("Tie decided."), "dispute": _("Ruling recorded."), "overrule": _("Result overruled.")}[kind]
        if decided["winner"]:
            words += " " + _("%(name)s wins the pairing.") % {"name": decided["winner"]}
        if voided:
            words += " " + _("Later pairings voided and created again with the new entrant: %(n)s.") % {"n": voided}
        return words


record_knowledge_tests = RecordKnowledgeTests.as_view()
record_offence = RecordOffence.as_view()
revoke_penalty = RevokePenalty.as_view()
decide = Decide.as_view()
