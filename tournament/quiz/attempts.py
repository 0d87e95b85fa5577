"""A round's quiz and each player's one timed attempt (issue 14, the knowledge test).

The organiser opens the quiz of a started round: N questions are drawn by lot from the bank
with the tournament's secret seed (``SeededDice`` on ``tournament-<id>/quiz/<round>``, so the
draw can be checked once the seed is revealed) — only among the questions no other round of the
tournament asked, since a round's questions and answers are shown once it is over. Every player
of the round gets the same questions — the two players of a 1:1 are compared on the same test —
each in his own order.
An attempt starts when the player asks for it and ends at its deadline, which the server
keeps: an answer after it is refused and not counted. Handing in, or the deadline passing,
scores the attempt and records the score as ``KnowledgeTestScoreRecorded`` (actor
``system:quiz``) through ``tournament.services.record_knowledge_test``.

Every write locks the tournament row first (as the tournament's own write path does), so the
attempt and the event it leads to are one transaction.
"""
from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from kernel import refusals
from systems.kit.dice import SeededDice
from kernel.refusals import CommandRejected
from tournament import services
from tournament import messages, services
from tournament.state import CANCELLED, FINISHED, TournamentState
from tournament.services.stream import lock

from . import bank as bank_rules
from .models import Attempt, QuestionBank, Quiz, ScoreCorrection

QUIZ_ACTOR = "system:quiz"
DEFAULT_QUESTIONS, MAX_QUESTIONS = 10, 50
DEFAULT_MINUTES, MAX_MINUTES = 5, 60


def reject(kind: str, code: str, message: str, **extra):
    raise CommandRejected(kind, code, message, extra)


# -- the bank ----------------------------------------------------------------------------
def upload_bank(tournament_id, data: bytes | str, filename: str, fmt: str | None, user) -> QuestionBank:
    """A new bank replaces the old one for quizzes opened later; every row must be right."""
    kind = bank_rules.format_of(filename or "", fmt)
    try:
        questions = bank_rules.parse(data, kind)
    except bank_rules.BankInvalid as exc:
        reject(refusals.UNPROCESSABLE, "invalid_bank",
               _("%(count)s error(s) in the question bank; nothing was stored") % {"count": len(exc.errors)},
               errors=[e.as_dict() for e in exc.errors])
    with transaction.atomic():
        tournament = lock(tournament_id)
        return QuestionBank.objects.create(tournament=tournament, source_name=(filename or "")[:200],
                                           questions=questions, uploaded_by=user)


def current_bank(tournament_id) -> QuestionBank | None:
    return QuestionBank.objects.filter(tournament_id=tournament_id).first()


def _wording(question: dict) -> str:
    return " ".join(question["question"].split()).casefold()


def still_secret(bank: QuestionBank) -> list[int]:
    """The bank's questions (indices) that no round of its tournament asked: the others' answers are
    public once their round is over, or will be — by their wording, so a new upload repeating a
    question does not bring it back."""
    asked = {_wording(q) for questions in Quiz.objects.filter(tournament_id=bank.tournament_id)
             .values_list("questions", flat=True) for q in questions}
    return [i for i, q in enumerate(bank.questions) if _wording(q) not in asked]


# -- who takes it, and when it closes ----------------------------------------------------
def players_of(state: TournamentState, number: int) -> list[str]:
    """The entrants paired in round ``number`` (a bye too: the test is also a standings
    tie-break), withdrawn ones left out."""
    names = []
    for pairing in state.pairings.values():
        if pairing["round"] == number:
            names += [n for n in (pairing["a"], pairing["b"]) if n and n not in names]
    return [n for n in names if not state.entrants.get(n, {}).get("withdrawn")]


def closed(state: TournamentState, number: int) -> bool:
    """No new attempt once every pairing of the round is decided (or the tournament is over):
    the questions and answers are about to be shown."""
    return state.status in (FINISHED, CANCELLED) or state.round_complete(number)


def revealed(quiz: Quiz, state: TournamentState) -> bool:
    """The round is over and nobody is still answering: questions, right answers and every
    player's answers may be shown to all who see the tournament."""
    return closed(state, quiz.round) and not quiz.attempts.filter(finished_at__isnull=True).exists()


def quiz_of(tournament_id, number: int) -> Quiz:
    quiz = Quiz.objects.filter(tournament_id=tournament_id, round=number).first()
    if quiz is None:
        reject(refusals.NOT_FOUND, "no_quiz", _("no knowledge test is open for round %(number)s") % {"number": number})
    return quiz


# -- opening -----------------------------------------------------------------------------
def open_quiz(tournament_id, number: int, actor: str, questions: int = DEFAULT_QUESTIONS,
              minutes: int = DEFAULT_MINUTES) -> Quiz:
    if not 1 <= questions <= MAX_QUESTIONS:
        reject(refusals.INVALID, "invalid_question_count",
               _("between 1 and %(max)s questions") % {"max": MAX_QUESTIONS})
    if not 1 <= minutes <= MAX_MINUTES:
        reject(refusals.INVALID, "invalid_time_limit", _("between 1 and %(max)s minutes") % {"max": MAX_MINUTES})
    with transaction.atomic():
        tournament = lock(tournament_id)
        state = services.load_state(tournament)
        if not 1 <= number <= len(state.rounds):
            reject(refusals.CONFLICT, "round_not_started", _("round %(number)s has not started") % {"number": number})
        if closed(state, number):
            reject(refusals.CONFLICT, "round_complete",
                   _("round %(number)s is over: its knowledge test can no longer be taken") % {"number": number})
        if Quiz.objects.filter(tournament=tournament, round=number).exists():
            reject(refusals.CONFLICT, "quiz_already_open",
                   _("the knowledge test of round %(number)s is open already") % {"number": number})
        bank = current_bank(tournament.pk)
        if bank is None:
            reject(refusals.CONFLICT, "no_bank", _("upload a question bank first"))
        secret = still_secret(bank)
        if len(secret) < questions:
            reject(refusals.CONFLICT, "bank_too_small",
                   _("the bank has %(count)s questions that no earlier round asked, fewer than %(questions)s")
                   % {"count": len(secret), "questions": questions}, available=len(secret))
        dice = SeededDice(tournament.secret.seed, f"{tournament.stream}/quiz/{number}", 0)
        drawn = dice.shuffle(secret)[:questions]
        quiz = Quiz.objects.create(tournament=tournament, round=number, bank=bank, drawn=drawn,
                                   questions=[bank.questions[i] for i in drawn], time_limit=minutes * 60,
                                   opened_by=actor)
        messages.publish([messages.quiz_opened(quiz, state)])  # its players at 1:1 are told
        return quiz


# -- attempts ----------------------------------------------------------------------------
def start_attempt(tournament_id, number: int, username: str) -> tuple[Attempt, bool]:
    """The player's attempt, started now (``True``) or already running (``False``: a reload
    on the phone resumes it, the deadline unchanged). A finished attempt is not given again."""
    close_expired(tournament_id, quiz_of(tournament_id, number))
    with transaction.atomic():
        tournament = lock(tournament_id)
        quiz = quiz_of(tournament.pk, number)
        attempt = quiz.attempts.select_for_update().filter(entrant=username).first()
        if attempt is not None:
            if attempt.finished_at is None and not _expired(attempt):
                return attempt, False
            reject(refusals.CONFLICT, "attempt_used",
                   _("you have taken this knowledge test already (one attempt per round)"))
        state = services.load_state(tournament)
        if username not in players_of(state, number):
            reject(refusals.FORBIDDEN, "not_a_player_of_round",
                   _("only the players of round %(number)s take its knowledge test") % {"number": number})
        if closed(state, number):
            reject(refusals.CONFLICT, "quiz_closed",
                   _("round %(number)s is over: its knowledge test is closed") % {"number": number})
        order = SeededDice(tournament.secret.seed, f"{tournament.stream}/quiz/{number}/{username}", 0) \
            .shuffle(range(len(quiz.questions)))
        now = timezone.now()
        attempt = Attempt.objects.create(quiz=quiz, entrant=username, order=order, started_at=now,
                                         deadline=now + timedelta(seconds=quiz.time_limit))
        transaction.on_commit(lambda: _schedule_close(attempt))
        return attempt, True


def save_answer(tournament_id, number: int, username: str, position: int, choice: int) -> Attempt:
    """Keep one answer (the latest pick for a question counts) while time is left."""
    tournament_pk, attempt = _running(tournament_id, number, username)
    with transaction.atomic():
        lock(tournament_pk)
        attempt = Attempt.objects.select_for_update().get(pk=attempt.pk)
        _check_open(attempt)
        _check_answer(attempt, position, choice)
        attempt.answers = {**attempt.answers, str(position): choice}
        attempt.save(update_fields=["answers"])
        return attempt


def submit(tournament_id, number: int, username: str, answers: dict | None = None) -> Attempt:
    """Hand in: ``answers`` ({position: choice}) are kept if time is left, then the attempt is
    scored and the score recorded. After the deadline nothing sent now counts."""
    tournament_pk, attempt = _running(tournament_id, number, username)
    with transaction.atomic():
        lock(tournament_pk)
        attempt = Attempt.objects.select_for_update().get(pk=attempt.pk)
        _check_open(attempt)
        answers = {int(k): v for k, v in (answers or {}).items()}
        for position, choice in answers.items():
            _check_answer(attempt, position, choice)
        attempt.answers = {**attempt.answers, **{str(k): v for k, v in answers.items()}}
        _finish(tournament_pk, attempt)
        return attempt


def tournaments_with_expired() -> list[int]:
    return list(Attempt.objects.filter(finished_at__isnull=True, deadline__lt=timezone.now())
                .values_list("quiz__tournament_id", flat=True).distinct())


def close_expired(tournament_id, quiz: Quiz | None = None) -> int:
    """Score every attempt whose deadline has passed (on every read of a quiz, and by the task
    scheduled at each deadline): a player who never hands in is scored on what he saved."""
    pending = Attempt.objects.filter(quiz__tournament_id=tournament_id, finished_at__isnull=True,
                                     deadline__lt=timezone.now())
    if quiz is not None:
        pending = pending.filter(quiz=quiz)
    ids = list(pending.values_list("pk", flat=True))
    for pk in ids:
        with transaction.atomic():
            lock(tournament_id)
            attempt = Attempt.objects.select_for_update().get(pk=pk)
            if attempt.finished_at is None:
                _finish(tournament_id, attempt)
    return len(ids)


def score_of(attempt: Attempt, quiz: Quiz) -> int:
    return sum(1 for pos, index in enumerate(attempt.order)
               if attempt.answers.get(str(pos)) == quiz.questions[index]["answer"])


def _running(tournament_id, number: int, username: str) -> tuple[int, Attempt]:
    """The player's attempt, still open; a late request first scores it on what was saved in
    time (its own transaction: the refusal that follows does not undo it)."""
    quiz = quiz_of(tournament_id, number)
    attempt = quiz.attempts.filter(entrant=username).first()
    if attempt is None:
        reject(refusals.NOT_FOUND, "no_attempt", _("start the knowledge test first"))
    if attempt.finished_at is None and _expired(attempt):
        close_expired(quiz.tournament_id, quiz)
        attempt.refresh_from_db()
    _check_open(attempt)
    return quiz.tournament_id, attempt


def _expired(attempt: Attempt) -> bool:
    return timezone.now() > attempt.deadline


def _check_open(attempt: Attempt) -> None:
    if _expired(attempt):
        reject(refusals.CONFLICT, "deadline_passed",
               _("the time is up: answers sent after the deadline are not counted"),
               score=attempt.score)
    if attempt.finished_at is not None:
        reject(refusals.CONFLICT, "attempt_finished",
               _("you have handed this knowledge test in already"), score=attempt.score)


def _check_answer(attempt: Attempt, position, choice) -> None:
    if not isinstance(position, int) or not 0 <= position < len(attempt.order):
        reject(refusals.INVALID, "invalid_answer",
               _("question number must be 0..%(last)s") % {"last": len(attempt.order) - 1})
    choices = attempt.quiz.questions[attempt.order[position]]["choices"]
    if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < len(choices):
        reject(refusals.INVALID, "invalid_answer", _("choice must be 0..%(last)s") % {"last": len(choices) - 1})


def _finish(tournament_id, attempt: Attempt) -> None:
    if attempt.finished_at is not None:
        return
    attempt.score = score_of(attempt, attempt.quiz)
    attempt.finished_at = min(timezone.now(), attempt.deadline)
    attempt.save(update_fields=["answers", "score", "finished_at"])
    services.record_knowledge_test(tournament_id, attempt.entrant, attempt.score, QUIZ_ACTOR,
                                   round_number=attempt.quiz.round)


def _schedule_close(attempt: Attempt) -> None:
    from .tasks import close_expired_attempts

    close_expired_attempts.apply_async((attempt.quiz.tournament_id,), countdown=attempt.quiz.time_limit + 1)


# -- the referee's correction ------------------------------------------------------------
def correct_score(tournament_id, entrant: str, score, reason: str, referee: str) -> ScoreCorrection:
    """A new ``KnowledgeTestScoreRecorded`` {entrant, score, reason} by the referee (for the whole
    tournament), also kept beside the quiz; typing a score in without a reason stays on the referee panel."""
    if not (reason or "").strip():
        reject(refusals.INVALID, "reason_required", _("a correction needs a reason"))
    with transaction.atomic():
        tournament = lock(tournament_id)
        previous = services.load_state(tournament).tests.get(entrant)
        state = services.record_knowledge_test(tournament.pk, entrant, score, referee, reason=reason.strip())
        return ScoreCorrection.objects.create(tournament=tournament, entrant=entrant, previous=previous,
                                              score=score, reason=reason.strip(), referee=referee,
                                              seq=state.version)
