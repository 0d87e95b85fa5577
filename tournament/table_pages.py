"""Table play pages (issue 14): a pairing's report page, sized for a phone, and the staff's
list of open reports.

The report page is where a result slip's QR code leads. Each leg shows its sides and where its
result stands, and offers what the viewer may do now: a player reports, the opponent confirms
or disputes, a referee or the organiser enters or corrects with a reason. Every POST calls the
service the API calls; a refusal is shown next to its field and nothing is appended.
"""
from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _, gettext_lazy
from django.views.decorators.http import require_POST

from kernel import refusals
from kernel.form_views import ServiceFormView

from . import pages, services, table, table_offline
from .permissions import is_organiser, is_referee, page_refusal
from .table_forms import LegAnswerForm, LegEntryForm, LegResultForm, ending_label

ACTIONS = ("report", "confirm", "dispute", "enter")
# A service refusal → the form field it concerns (None: the form as a whole).
REFUSAL_FIELDS = {"invalid_winner": "winner", "invalid_ending": "ended_by", "ending_contradicts_winner": "ended_by", "invalid_vp_margin": "vp_margin",
                  "reason_required": "reason"}
STATUS_WORDS = {
    table.REPORTED: gettext_lazy("reported, waiting for the opponent"),
    table.DISPUTED: gettext_lazy("disputed, waiting for a referee"),
    table.CONFIRMED: gettext_lazy("confirmed"),
    table.ENTERED: gettext_lazy("entered by the staff"),
}


def _staff(user, tournament) -> bool:
    return is_referee(user, tournament) or is_organiser(user, tournament)


def _pairing(state, pairing_id) -> dict:
    pairing = state.pairings.get(str(pairing_id))
    if pairing is None or pairing["bye"] or pairing["mode"] != table.AT_TABLE:
        raise Http404("no such pairing at the table")
    return pairing


def _describe(report: dict) -> str:
    words = {"winner": report["winner"], "how": ending_label(report["ended_by"]), "vp": report.get("vp_margin")}
    if report.get("vp_margin"):
        return _("%(winner)s won by %(vp)s VP — %(how)s") % words
    return _("%(winner)s won — %(how)s") % words


def _auto_confirm_at(state, report: dict) -> datetime | None:
    if report["status"] != table.REPORTED or not report.get("reported_at"):
        return None
    return datetime.fromisoformat(report["reported_at"]) + timedelta(minutes=state.options["auto_confirm_minutes"])


def _legs(request, tournament, state, pairing, bound: dict) -> list[dict]:
    """Each leg with its words and the forms the viewer may use on it now. The staff's entry
    form opens by itself on a disputed leg and on the leg a "Decide" link names (``?decide=``)."""
    me = request.user.get_username() if request.user.is_authenticated else None
    player = me in (pairing["a"], pairing["b"])
    staff = _staff(request.user, tournament)
    decide = request.GET.get("decide")
    closed = table.round_closed(state, pairing) or state.forfeited(pairing)
    legs = []
    for leg in (1, 2):
        report = pairing["reports"].get(leg)
        item = {"leg": leg, "title": _("Match") if leg == 1 else _("Rematch"),
                "sides": list(table.leg_sides(pairing, leg).items()), "report": report,
                "status": STATUS_WORDS.get(report["status"]) if report else _("not reported yet"),
                "summary": _describe(report) if report and report.get("winner") else "",
                "auto_confirm_at": _auto_confirm_at(state, report) if report else None,
                "resend_key": uuid.uuid4().hex}  # this form sent twice counts once
        if not closed:
            def form(kind, cls, **kw):
                return bound.get((kind, leg)) or cls(pairing=pairing, system=tournament.system,
                                                     prefix=f"leg{leg}", **kw)
            if player and report is None:
                item["report_form"] = form("report", LegResultForm)
            if player and report and report["status"] == table.REPORTED and report["reporter"] != me:
                item["answer_form"] = bound.get(("answer", leg)) or LegAnswerForm(
                    prefix=f"leg{leg}", initial={"report_id": report["report_id"]})
            if staff:
                initial = {k: report.get(k) for k in ("winner", "ended_by", "vp_margin")} if report else {}
                item["entry_form"] = form("enter", LegEntryForm, initial=initial)
                item["entry_open"] = item["entry_form"].is_bound or decide == str(leg) or \
                    bool(report and report["status"] == table.DISPUTED)
        legs.append(item)
    return legs


class ReportPage(ServiceFormView):
    """A table pairing's legs: report, confirm or dispute, or (staff) enter a result. A POST names
    its ``action`` and ``leg``; the form of that leg is the one it binds."""

    http_method_names = ["get", "head", "post"]
    refusal_fields = REFUSAL_FIELDS
    status_kinds = refusals.KINDS

    def prepare(self, request, *args, tournament_id, pairing_id, **kwargs):
        self.tournament, self.state = pages.load(request, tournament_id)
        self.pairing = _pairing(self.state, pairing_id)

    def post(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        self.action, leg = request.POST.get("action"), request.POST.get("leg", "")
        if self.action not in ACTIONS or leg not in ("1", "2"):
            raise Http404("no such action")
        self.leg = int(leg)
        if self.action == "enter" and not _staff(request.user, self.tournament):
            return _not_saved(request, self.tournament, self.pairing,
                              _("only the tournament's referees and organisers enter results"), 403)
        return super().post(request, *args, **kwargs)

    def get_form(self):
        if self.request.method != "POST":
            return None
        prefix = f"leg{self.leg}"
        if self.action in ("report", "enter"):
            form_class = LegEntryForm if self.action == "enter" else LegResultForm
            self.key = (self.action, self.leg)
            return form_class(self.request.POST, pairing=self.pairing, system=self.tournament.system, prefix=prefix)
        self.key = ("answer", self.leg)
        return LegAnswerForm(self.request.POST, prefix=prefix)

    def perform(self, form):
        t, p, leg, me, data = self.tournament.pk, self.pairing["id"], self.leg, self.request.user.get_username(), \
            form.cleaned_data
        # A resent form (a double tap, or a report the phone kept while offline) counts once.
        once = self.request.headers.get("Idempotency-Key") or self.request.POST.get("idempotency_key") or None
        if self.action == "report":
            services.report_leg(t, p, leg, me, **form.result(), idempotency_key=once)
            return _("Reported. Your opponent confirms it, or it counts by itself later.")
        if self.action == "enter":
            services.enter_leg_result(t, p, leg, me, reason=data["reason"], **form.result())
            return _("The result is entered.")
        if self.action == "confirm":
            services.confirm_leg(t, p, leg, me, str(data["report_id"]), idempotency_key=once)
            return _("Confirmed: the result counts.")
        services.dispute_leg(t, p, leg, me, data["reason"], str(data["report_id"]), idempotency_key=once)
        return _("Disputed: a referee will decide.")

    def refused(self, form, refusal):
        if refusal.kind in (refusals.FORBIDDEN, refusals.CONFLICT):  # the page was out of date: say so, show the latest
            return _not_saved(self.request, self.tournament, self.pairing, refusal.message,
                              self.refusal_status(refusal))
        return super().refused(form, refusal)

    def show_refusal(self, form, refusal):
        field = self.refusal_fields.get(refusal.code)
        form.add_error(field if field in form.fields else None, refusal.message)

    def success_message(self, form, message):
        return message

    def get_success_url(self, form, message):
        return reverse("tournament-pairing-report", kwargs={"tournament_id": self.tournament.pk,
                                                            "pairing_id": self.pairing["id"]})

    def render_page(self, form, status=200):
        return _render(self.request, self.tournament, self.state, self.pairing,
                       {self.key: form} if form is not None else None, status)


report_page = ReportPage.as_view()


def _viewer(request, tournament, pairing) -> str:
    """Whom the page speaks to: a player of the pairing, the staff, or anyone else (read only)."""
    if request.user.is_authenticated and request.user.get_username() in (pairing["a"], pairing["b"]):
        return "player"
    if _staff(request.user, tournament):
        return "staff"
    return "reader" if request.user.is_authenticated else "anonymous"


def _render(request, tournament, state, pairing, bound=None, status=200, refusal=None):
    return render(request, "tournament/table_report.html", {
        "tournament": tournament, "pairing": pairing, "round_title": _("Round %(n)s") % {"n": pairing["round"]},
        "legs": _legs(request, tournament, state, pairing, bound or {}),
        "result": state.named_result(pairing), "closed": table.round_closed(state, pairing),
        "is_player": request.user.is_authenticated and request.user.get_username() in (pairing["a"], pairing["b"]),
        "is_staff": _staff(request.user, tournament), "viewer": _viewer(request, tournament, pairing),
        "live": pages.live_context(tournament, state.version), "refusal": refusal,
        "offline_words": table_offline.offline_words(),
    }, status=status)


def _not_saved(request, tournament, pairing, why: str, status: int):
    """A refusal the form may not be there to show (the leg moved on since the page was loaded,
    or the viewer may not do it): said in words above the page as it stands now."""
    state = services.load_state(tournament)
    refusal = _("Nothing was saved: %(why)s. The page now shows where the results stand.") % {"why": why}
    return _render(request, tournament, state, _pairing(state, pairing["id"]), status=status, refusal=refusal)


@require_POST
def move_to_table(request, tournament_id, pairing_id):
    """The organiser plays an online pairing at the table instead (its running games end aborted)."""
    tournament, state = pages.load(request, tournament_id)
    if not is_organiser(request.user, tournament):
        return page_refusal(request, _("Only the tournament's organisers move a pairing to the table."))
    try:
        services.move_to_table(tournament.pk, str(pairing_id), request.user.get_username())
    except refusals.Refusal as exc:
        messages.error(request, exc.message)
        return redirect("tournament-pairing-page", tournament_id=tournament.pk, pairing_id=pairing_id)
    messages.success(request, _("The pairing is played at the table now: its players report the results here."))
    return redirect("tournament-pairing-report", tournament_id=tournament.pk, pairing_id=pairing_id)


def open_reports_page(request, tournament_id):
    """For referees and organisers: reports waiting for an answer, disputes first, then every
    table of the current round with where its legs stand."""
    tournament, state = pages.load(request, tournament_id)
    if not _staff(request.user, tournament):
        return page_refusal(request, _("Only the tournament's referees and organisers see the open reports."))
    waiting = sorted((item for item in table.open_reports(state) if table.takes_results(state, item[0])),
                     key=lambda item: (item[2]["status"] != table.DISPUTED, item[2]["seq"]))
    current = state.rounds[-1]["round"] if state.rounds else None
    tables = sorted((p for p in state.pairings.values()
                     if p["round"] == current and not p["bye"] and p["mode"] == table.AT_TABLE),
                    key=lambda p: p["table"] or 0)
    return render(request, "tournament/table_reports.html", {
        "tournament": tournament, "current_round": current, "live": pages.live_context(tournament, state.version),
        "waiting": [{"pairing": p, "leg": leg, "report": r, "summary": _describe(r),
                     "status": STATUS_WORDS[r["status"]], "auto_confirm_at": _auto_confirm_at(state, r)}
                    for p, leg, r in waiting],
        "tables": [{"pairing": p, "result": state.named_result(p),
                    "legs": [STATUS_WORDS.get((p["reports"].get(leg) or {}).get("status"), _("not reported yet"))
                             for leg in (1, 2)]} for p in tables],
    })
