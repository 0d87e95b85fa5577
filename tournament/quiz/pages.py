"""The knowledge test's pages (issue 14): the organiser's question bank (upload with the errors
per row, the bank, opening a round's quiz) and a round's quiz page — on a phone the player
takes his attempt there; others see the progress, and everything once the round is over; the
referee corrects a score with a reason. Each form calls the same service as the API."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _, gettext_lazy, ngettext

from kernel import refusals
from kernel.form_views import ServiceFormView
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


def refusal_text(exc: refusals.Refusal) -> str:
    return str(REFUSALS.get(exc.code, exc.message))


def _tournament_for(request, tournament_id) -> tuple[Tournament, object]:
    """The tournament if ``request.user`` may see it (entrants of a private one too, as in the API)."""
    tournament = Tournament.objects.visible_to(request.user).select_related("league").filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404("no such tournament")
    return tournament, load_state(tournament)


class BankPage(ServiceFormView):
    """The organiser's question bank: upload (every wrong row named), the bank, the rounds'
    quizzes. A POST's ``action``: ``upload`` a file, load a ``sample``, save the bank as ``edit``-ed
    in the browser, ``open`` a round's quiz."""

    http_method_names = ["get", "head", "post"]
    template_name = "quiz/bank.html"
    status_kinds = refusals.KINDS
    ACTIONS = ("upload", "sample", "edit", "open")

    def prepare(self, request, *args, tournament_id, **kwargs):
        self.tournament = visible_tournament(request, tournament_id)
        if not is_organiser(request.user, self.tournament):
            return page_refusal(request, _("Only the tournament's organisers manage its question bank."))
        self.action = request.POST.get("action") if request.method == "POST" else None
        self.upload_form, self.open_form, self.text_form, self.bank_errors = BankUploadForm(), OpenQuizForm(), None, None

    def post(self, request, *args, **kwargs):
        if self.action not in self.ACTIONS:
            return self.render_page(None)
        return super().post(request, *args, **kwargs)

    def get_form(self):
        post = self.request.POST
        if self.action == "upload":
            self.upload_form = BankUploadForm(post, self.request.FILES)
            return self.upload_form
        if self.action == "edit":
            self.text_form = BankTextForm(post)
            return self.text_form
        if self.action == "open":
            self.open_form = OpenQuizForm(post)
            return self.open_form
        return None  # a sample bank: the language is the whole request

    def form_is_valid(self, form):
        if self.action == "sample":
            return self.request.POST.get("language") in sample_banks.SAMPLES
        return form.is_valid()

    def perform(self, form):
        t, user = self.tournament.pk, self.request.user
        if self.action == "upload":
            f = form.cleaned_data["file"]
            return attempts.upload_bank(t, f.read(), f.name, None, user)
        if self.action == "sample":
            return sample_banks.load(t, self.request.POST["language"], user)
        if self.action == "edit":
            return attempts.upload_bank(t, form.cleaned_data["text"], _("edited in the browser"), bank_rules.CSV, user)
        number = int(self.request.POST.get("round") or 0)
        attempts.open_quiz(t, number, user.get_username(), form.cleaned_data["questions"],
                           form.cleaned_data["minutes"])
        return number

    def show_refusal(self, form, refusal):
        if self.action != "open":
            self.bank_errors = refusal.extra.get("errors", [])  # every wrong row, listed above the bank
        elif refusal.code == "bank_too_small":
            form.add_error("questions", unasked_text(refusal.extra["available"], form.cleaned_data["questions"]))
        else:
            form.add_error(None, refusal_text(refusal))

    def success_message(self, form, result):
        if self.action == "open":
            return _("The knowledge test of round %(round)d is open.") % {"round": result}
        words = _("%(count)d questions uploaded from %(name)s.") if self.action == "upload" else \
            _("%(count)d questions saved as the bank (%(name)s).")
        return words % {"count": len(result.questions), "name": result.source_name}

    def get_success_url(self, form, result):
        return reverse("quiz-bank-page", kwargs={"tournament_id": self.tournament.pk})

    def get_context_data(self, form, **kwargs):
        tournament = self.tournament
        state = load_state(tournament)
        current = len(state.rounds)
        quizzes = {q.round: q for q in Quiz.objects.filter(tournament=tournament)}
        rounds = [{"round": n, "quiz": quizzes.get(n), "status": access.quiz_status(quizzes[n], state)
                   if n in quizzes else None, "players": len(attempts.players_of(state, n)),
                   "url": reverse("quiz-page", args=[tournament.pk, n])} for n in range(1, current + 1)]
        can_open = current and current not in quizzes and not attempts.closed(state, current)
        bank = attempts.current_bank(tournament.pk)
        text_form = self.text_form or BankTextForm(initial={"text": bank_rules.to_csv(bank.questions) if bank else
                                                            ",".join(bank_rules.COLUMNS) + "\n"})
        return {
            "tournament": tournament, "bank": access.bank_view(bank) if bank else None,
            "bank_errors": self.bank_errors, "upload_form": self.upload_form, "open_form": self.open_form,
            "rounds": rounds, "current_round": current, "can_open": can_open,
            "unasked": len(attempts.still_secret(bank)) if bank else 0,
            "text_form": text_form, "editing": self.action == "edit",
            "samples": [(code, label) for code, (_file, label) in sample_banks.SAMPLES.items()]}


bank_page = BankPage.as_view()


def unasked_text(available: int, asked: int) -> str:
    """Why a test of ``asked`` questions cannot open, and how many it can have."""
    return ngettext("You asked for %(asked)d questions per player, but the bank has only %(count)d question that "
                    "no earlier round asked (the answers of the others are shown once their round is over): ask for "
                    "at most %(count)d, or upload a bank with more questions.",
                    "You asked for %(asked)d questions per player, but the bank has only %(count)d questions that "
                    "no earlier round asked (the answers of the others are shown once their round is over): ask for "
                    "at most %(count)d, or upload a bank with more questions.",
                    available) % {"count": available, "asked": asked}


class QuizPage(ServiceFormView):
    """A round's knowledge test, as the user may see it; the player's attempt on his phone. A
    POST's ``action``: ``start`` the attempt, ``submit`` it, or (a referee) ``correct`` a score,
    the one action with a form."""

    http_method_names = ["get", "head", "post"]
    template_name = "quiz/take.html"
    status_kinds = refusals.KINDS

    def prepare(self, request, *args, tournament_id, round_number, **kwargs):
        self.tournament, self.state = _tournament_for(request, tournament_id)
        self.round = round_number
        self.quiz = Quiz.objects.filter(tournament=self.tournament, round=round_number).first()
        if self.quiz is None:
            raise Http404("no knowledge test for that round")
        attempts.close_expired(self.tournament.pk, self.quiz)
        self.me = request.user.get_username() if request.user.is_authenticated else None
        self.referee = is_referee(request.user, self.tournament)
        self.action = request.POST.get("action") if request.method == "POST" else None

    def post(self, request, *args, **kwargs):
        if not self.me:
            return redirect_to_login(request.get_full_path())
        if self.action == "correct" and not self.referee:
            raise PermissionDenied(_("Only the tournament's referees correct scores."))
        if self.action not in ("start", "submit", "correct"):
            return self.render_page(None)
        return super().post(request, *args, **kwargs)

    def get_form(self):
        if self.action != "correct":
            return None
        return CorrectionForm(self.request.POST, entrants=attempts.players_of(self.state, self.round))

    def form_is_valid(self, form):
        return form is None or form.is_valid()

    def perform(self, form):
        t = self.tournament.pk
        if self.action == "start":
            return attempts.start_attempt(t, self.round, self.me)
        if self.action == "submit":
            return attempts.submit(t, self.round, self.me, _answers(self.request.POST))
        v = form.cleaned_data
        return attempts.correct_score(t, v["entrant"], v["score"], v["reason"], self.me)

    def refused(self, form, refusal):
        if form is None:  # starting or handing in: said above the test as it stands now
            messages.error(self.request, refusal_text(refusal))
            return redirect(self.get_success_url(form, None))
        form.add_error(None, refusal_text(refusal))
        return self.render_page(form, self.refusal_status(refusal))

    def success_message(self, form, result):
        if self.action == "submit":
            return _("Handed in: %(score)d of %(count)d right.") % {"score": result.score, "count": len(result.order)}
        if self.action == "correct":
            return _("The score of %(name)s is corrected.") % {"name": form.cleaned_data["entrant"]}
        return None

    def get_success_url(self, form, result):
        return reverse("quiz-page", kwargs={"tournament_id": self.tournament.pk, "round_number": self.round})

    def get_context_data(self, form, **kwargs):
        tournament, quiz, me = self.tournament, self.quiz, self.me
        state = load_state(tournament)
        view = access.quiz_view(quiz, state, self.request.user, tournament)
        attempt = quiz.attempts.filter(entrant=me).first() if me else None
        mine = access.attempt_view(attempt, state) if attempt else None
        if mine:
            for q in mine["questions"]:
                q["picked"] = mine["answers"].get(q["position"])
        players = attempts.players_of(state, self.round)
        correction_form = form if form is not None else CorrectionForm(entrants=players)
        return {
            "tournament": tournament, "quiz": quiz, "view": view, "attempt": mine,
            "is_player": me in players, "minutes": quiz.time_limit // 60,
            "questions_shown": _questions_with_players(view),
            "correction_form": correction_form if self.referee else None,
            "corrections": ScoreCorrection.objects.filter(tournament=tournament, entrant__in=players),
            "api": {"answer": reverse("quiz-attempt-answer", args=[tournament.pk, self.round])},
        }


quiz_page = QuizPage.as_view()


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
