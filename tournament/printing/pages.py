"""The print pages of a tournament (issue 14, "Printing"): an index of the rounds' sheets, each
sheet as print-ready HTML (static/css/print.css: A4, a page per sheet or slip, no site chrome
on paper) and as a PDF download. Thin: ``sheets`` assembles, ``pdf`` lays out.

Who: the tournament's organisers, referees and league admins; a public tournament's standings
sheet also to whoever may see the tournament.
"""
from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from kernel.site_address import phone_root
from kernel.store import head_hash
from systems import registry

from .. import projections
from ..models import Tournament
from ..permissions import is_organiser, is_referee
from ..visibility import may_view
from . import pdf, qr, sheets

PAIRINGS, SLIPS, STANDINGS, CARDS = "pairings", "slips", "standings", "game-cards"
KINDS = (PAIRINGS, SLIPS, STANDINGS, CARDS)


def is_staff(user, tournament: Tournament) -> bool:
    """Organisers, referees and league admins print every sheet."""
    return is_organiser(user, tournament) or is_referee(user, tournament)


def may_print(user, tournament: Tournament, kind: str | None) -> bool:
    return is_staff(user, tournament) or (kind == STANDINGS and tournament.is_public)


def _refusal(request, tournament: Tournament, kind: str | None):
    """None if the user may print ``kind`` of the tournament; else the login page for a visitor,
    403 for a signed-in player; 404 to whoever may not even see the tournament."""
    if may_print(request.user, tournament, kind):
        return None
    if not may_view(request.user, tournament):
        raise Http404("no such tournament")
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise PermissionDenied(_("Only the tournament's organisers and referees print its sheets."))


def _report_url(request, tournament_id: int):
    """Absolute addresses of the pairings' report pages, for the QR codes, at the address the
    players' phones open (kernel/site_address.py: SITE_URL, else the host this page was opened on)."""
    root = phone_root(request)

    def url(pairing_id: str) -> str:
        return root + reverse("tournament-pairing-report", kwargs={"tournament_id": tournament_id,
                                                                   "pairing_id": pairing_id})
    return url


def sheet_data(request, tournament: Tournament, state, kind: str, number: int) -> dict:
    if kind == PAIRINGS:
        return sheets.pairing_sheet(state, number)
    if kind == SLIPS:
        return sheets.result_slips(state, number, _report_url(request, tournament.pk))
    if kind == STANDINGS:
        data = sheets.standings_sheet(state, number)
        if data["final"]:  # the fingerprint a printed final sheet is later compared with
            data["head_hash"] = head_hash(tournament.stream)
            data["hash_note"] = _("History fingerprint (SHA-256) when printed: %(hash)s. If the tournament page or "
                                  "manage.py verify_history shows the same, nothing recorded has changed since.") % {
                "hash": data["head_hash"]}
        return data
    if not sheets.has_game_cards(tournament.system):
        raise Http404(_("Game cards are printed for 303 tournaments only."))
    return sheets.game_cards(state, number)


def _kinds(tournament: Tournament) -> list[dict]:
    cards = sheets.has_game_cards(tournament.system)
    names = {PAIRINGS: _("Pairing sheet"), SLIPS: _("Result slips"), STANDINGS: _("Standings"),
             CARDS: registry.descriptor(tournament.system).printing.game_cards_title if cards else ""}
    return [{"kind": k, "label": names[k]} for k in KINDS if k != CARDS or cards]


@require_GET
def print_index(request, tournament_id):
    """Every round's sheets, each as a page to print and as a PDF."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    refusal = _refusal(request, tournament, None)
    if refusal:
        return refusal
    state = projections.state_for(tournament)
    kinds = _kinds(tournament)
    rounds = [{"round": n, "sheets": [{**k, "url": reverse("print-sheet", args=[tournament.pk, n, k["kind"]]),
                                       "pdf": reverse("print-sheet-pdf", args=[tournament.pk, n, k["kind"]])}
                                      for k in kinds]}
              for n in reversed(sheets.round_numbers(state))]
    return render(request, "tournament/print/index.html", {
        "tournament": tournament, "rounds": rounds, "organises": is_organiser(request.user, tournament)})


def _sheet(request, tournament_id, number, kind):
    """The tournament and the sheet's data, or the refusal to answer instead."""
    if kind not in KINDS:
        raise Http404("no such sheet")
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    refusal = _refusal(request, tournament, kind)
    if refusal:
        return tournament, None, refusal
    state = projections.state_for(tournament)
    if number not in sheets.round_numbers(state):
        raise Http404(_("Round %(n)s has no pairings.") % {"n": number})
    return tournament, sheet_data(request, tournament, state, kind, number), None


@require_GET
def print_sheet(request, tournament_id, number, kind):
    tournament, data, refusal = _sheet(request, tournament_id, number, kind)
    if refusal:
        return refusal
    if kind == SLIPS:
        for slip in data["slips"]:
            slip["qr"] = qr.svg(slip["report_url"])
    return render(request, f"tournament/print/{kind.replace('-', '_')}.html", {
        "tournament": tournament, "sheet": data, "kind": kind, "number": number,
        "staff": is_staff(request.user, tournament),
        "pdf_url": reverse("print-sheet-pdf", args=[tournament.pk, number, kind])})


@require_GET
def print_sheet_pdf(request, tournament_id, number, kind):
    tournament, data, refusal = _sheet(request, tournament_id, number, kind)
    if refusal:
        return refusal
    render_pdf = {PAIRINGS: pdf.pairing_sheet, SLIPS: pdf.result_slips, STANDINGS: pdf.standings_sheet,
                  CARDS: pdf.game_cards}[kind]
    response = HttpResponse(render_pdf(data), content_type="application/pdf")
    name = f"{slugify(tournament.name) or 'tournament'}-round-{number}-{kind}.pdf"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
