"""The knowledge test's pages (issue 14): the organiser's question bank (upload with the errors
per row, the bank, opening a round's quiz) and a round's quiz page — on a phone the player
takes his attempt there; others see the progress, and everything once the round is over; the
referee corrects a score with a reason. Each form calls the same service as the API."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _, gettext_lazy, ngettext

from kernel.refusals import CommandRejected
from tournament.pages import visible_tournament
from tournament.permissions import is_organiser, is_referee, page_refusal
from tournament.models import Tournament
from tournament.services import load_state

from . import access, attempts, bank as bank_rules, sample_banks
from .forms import BankTextForm, BankUploadForm, CorrectionForm, OpenQuizForm
from .models import Quiz, ScoreCorrection

# The service's refusals in words for the pages (the API gives the code and an English message).
REFUSALS = {
    "round_not_started": gettext_lazy("That round has not started."),
    "round_complete": gettext_lazy("That round is over: its knowledge test can no longer be taken."),
    "quiz_already_open": gettext_lazy("The knowledge test of that round is open already."),
    "no_bank": gettext_lazy("Upload a question bank first."),
    "attempt_used": gettext_lazy("You have taken this knowledge test already: one attempt per round."),
    "attempt_finished": gettext_lazy("You have handed this knowledge test in already."),
    "quiz_closed": gettext_lazy("The round is over: its knowledge test is closed."),
    "not_a_player_of_round": gettext_lazy("Only the players of this round take its knowledge test."),
    "deadline_passed": gettext_lazy("The time was up: only the answers saved before the deadline are counted."),
    "not_an_entrant": gettext_lazy("That player is not an entrant."),
}


def refusal_text(exc: CommandRejected) -> str:
    return str(REFUSALS.get(exc.code, exc.message))


def _tournament_for(request, tournament_id) -> tuple[Tournament, object]:
    """The tournament if ``request.user`` may see it (entrants of a private one too, as in the API)."""
    tournament = Tournament.objects.visible_to(request.user).select_related("league").filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404("no such tournament")
    return tournament, load_state(tournament)


def bank_page(request, tournament_id):
    """The organiser's question bank: upload (every wrong row named), the bank, the rounds' quizzes."""
    tournament = visible_tournament(request, tournament_id)
    if not is_organiser(request.user, tournament):
        return page_refusal(request, _("Only the tournament's organisers manage its question bank."))
    upload_form, open_form, bank_errors, status = BankUploadForm(), OpenQuizForm(), None, 200
    text_form = None
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "upload":
            upload_form = BankUploadForm(request.POST, request.FILES)
            if upload_form.is_valid():
                f = upload_form.cleaned_data["file"]
                try:
                    bank = attempts.upload_bank(tournament.pk, f.read(), f.name, None, request.user)
                except CommandRejected as exc:
                    bank_errors, status = exc.extra.get("errors", []), exc.status
                else:
                    messages.success(request, _("%(count)d questions uploaded from %(name)s.")
                                     % {"count": len(bank.questions), "name": bank.source_name})
                    return redirect("quiz-bank-page", tournament_id=tournament.pk)
            else:
                status = 400
        elif action in ("sample", "edit"):
            text_form = BankTextForm(request.POST) if action == "edit" else None
            try:
                if action == "sample" and request.POST.get("language") in sample_banks.SAMPLES:
                    bank = sample_banks.load(tournament.pk, request.POST["language"], request.user)
                elif text_form is not None and text_form.is_valid():
                    bank = attempts.upload_bank(tournament.pk, text_form.cleaned_data["text"],
                                                _("edited in the browser"), bank_rules.CSV, request.user)
                else:
                    bank, status = None, 400
            except CommandRejected as exc:
                bank, bank_errors, status = None, exc.extra.get("errors", []), exc.status
            if bank is not None:
                messages.success(request, _("%(count)d questions saved as the bank (%(name)s).")
                                 % {"count": len(bank.questions), "name": bank.source_name})
                return redirect("quiz-bank-page", tournament_id=tournament.pk)
        elif action == "open":
            open_form = OpenQuizForm(request.POST)
            if open_form.is_valid():
                number = int(request.POST.get("round") or 0)
                try:
                    attempts.open_quiz(tournament.pk, number, request.user.get_username(),
                                       open_form.cleaned_data["questions"], open_form.cleaned_data["minutes"])
                except CommandRejected as exc:
                    if exc.code == "bank_too_small":
                        open_form.add_error("questions", unasked_text(exc.extra["available"],
                                                                      open_form.cleaned_data["questions"]))
                    else:
                        open_form.add_error(None, refusal_text(exc))
                    status = exc.status
                else:
                    messages.success(request, _("The knowledge test of round %(round)d is open.") % {"round": number})
                    return redirect("quiz-bank-page", tournament_id=tournament.pk)
            else:
                status = 400
    state = load_state(tournament)
    current = len(state.rounds)
    quizzes = {q.round: q for q in Quiz.objects.filter(tournament=tournament)}
    rounds = [{"round": n, "quiz": quizzes.get(n), "status": access.quiz_status(quizzes[n], state) if n in quizzes
               else None, "players": len(attempts.players_of(state, n)),
               "url": reverse("quiz-page", args=[tournament.pk, n])} for n in range(1, current + 1)]
    can_open = current and current not in quizzes and not attempts.closed(state, current)
    bank = attempts.current_bank(tournament.pk)
    if text_form is None:
        text_form = BankTextForm(initial={"text": bank_rules.to_csv(bank.questions) if bank else
                                          ",".join(bank_rules.COLUMNS) + "\n"})
    return render(request, "quiz/bank.html", {
        "tournament": tournament, "bank": access.bank_view(bank) if bank else None, "bank_errors": bank_errors,
        "upload_form": upload_form, "open_form": open_form, "rounds": rounds, "current_round": current,
        "can_open": can_open, "unasked": len(attempts.still_secret(bank)) if bank else 0,
        "text_form": text_form, "editing": request.POST.get("action") == "edit",
        "samples": [(code, label) for code, (_file, label) in sample_banks.SAMPLES.items()]},
        status=status)


def unasked_text(available: int, asked: int) -> str:
    """Why a test of ``asked`` questions cannot open, and how many it can have."""
    return ngettext("You asked for %(asked)d questions per player, but the bank has only %(count)d question that "
                    "no earlier round asked (the answers of the others are shown once their round is over): ask for "
                    "at most %(count)d, or upload a bank with more questions.",
                    "You asked for %(asked)d questions per player, but the bank has only %(count)d questions that "
                    "no earlier round asked (the answers of the others are shown once their round is over): ask for "
                    "at most %(count)d, or upload a bank with more questions.",
                    available) % {"count": available, "asked": asked}


def quiz_page(request, tournament_id, round_number):
    """A round's knowledge test, as the user may see it; the player's attempt on his phone."""
    tournament, state = _tournament_for(request, tournament_id)
    quiz = Quiz.objects.filter(tournament=tournament, round=round_number).first()
    if quiz is None:
        raise Http404("no knowledge test for that round")
    attempts.close_expired(tournament.pk, quiz)
    me = request.user.get_username() if request.user.is_authenticated else None
    referee = is_referee(request.user, tournament)
    correction_form, status = None, 200
    if request.method == "POST":
        if not me:
            return redirect_to_login(request.get_full_path())
        action = request.POST.get("action")
        try:
            if action == "start":
                attempts.start_attempt(tournament.pk, round_number, me)
                return redirect("quiz-page", tournament_id=tournament.pk, round_number=round_number)
            if action == "submit":
                attempt = attempts.submit(tournament.pk, round_number, me, _answers(request.POST))
                messages.success(request, _("Handed in: %(score)d of %(count)d right.")
                                 % {"score": attempt.score, "count": len(attempt.order)})
                return redirect("quiz-page", tournament_id=tournament.pk, round_number=round_number)
            if action == "correct":
                if not referee:
                    raise PermissionDenied(_("Only the tournament's referees correct scores."))
                correction_form = CorrectionForm(request.POST, entrants=attempts.players_of(state, round_number))
                if correction_form.is_valid():
                    v = correction_form.cleaned_data
                    attempts.correct_score(tournament.pk, v["entrant"], v["score"], v["reason"], me)
                    messages.success(request, _("The score of %(name)s is corrected.") % {"name": v["entrant"]})
                    return redirect("quiz-page", tournament_id=tournament.pk, round_number=round_number)
                status = 400
        except CommandRejected as exc:
            if action == "correct":
                correction_form.add_error(None, refusal_text(exc))
                status = exc.status
            else:
                messages.error(request, refusal_text(exc))
                return redirect("quiz-page", tournament_id=tournament.pk, round_number=round_number)
    state = load_state(tournament)
    view = access.quiz_view(quiz, state, request.user, tournament)
    attempt = quiz.attempts.filter(entrant=me).first() if me else None
    mine = access.attempt_view(attempt, state) if attempt else None
    if mine:
        for q in mine["questions"]:
            q["picked"] = mine["answers"].get(q["position"])
    players = attempts.players_of(state, round_number)
    if referee and correction_form is None:
        correction_form = CorrectionForm(entrants=players)
    return render(request, "quiz/take.html", {
        "tournament": tournament, "quiz": quiz, "view": view, "attempt": mine,
        "is_player": me in players, "minutes": quiz.time_limit // 60,
        "questions_shown": _questions_with_players(view),
        "correction_form": correction_form if referee else None,
        "corrections": ScoreCorrection.objects.filter(tournament=tournament, entrant__in=players),
        "api": {"answer": reverse("quiz-attempt-answer", args=[tournament.pk, round_number])},
    }, status=status)


def _answers(post) -> dict[int, int]:
    """``q<position>`` radio fields → {position: choice}; anything else is left out (the
    service checks the ranges)."""
    out = {}
    for key, value in post.items():
        if key.startswith("q") and key[1:].isdigit() and value.isdigit():
            out[int(key[1:])] = int(value)
    return out


def _questions_with_players(view: dict) -> list[dict]:
    """Once revealed: each question with every player's pick (players answered them in their own orders)."""
    if view["status"] != access.REVEALED or not view["questions"]:
        return []
    shown = [{**q, "number": i + 1, "picks": []} for i, q in enumerate(view["questions"])]
    for player in view["players"]:
        for a in player.get("answers", []):
            shown[a["question"]]["picks"].append({"entrant": player["entrant"], "choice_text": a["choice_text"],
                                                  "right": a["right"]})
    return shown
