"""Who sees what of a knowledge test (issue 14: hidden from everyone else until the round ends).

- the organiser: the bank he uploaded, and the questions of each quiz with their right answers;
  not the players' answers before the round ends;
- a player taking it: his own questions in his order, without the right answers, and his own
  picks; after handing in, his score;
- everyone else (opponent, spectator, referee): who has started or finished, and the scores
  (public anyway: each is a ``KnowledgeTestScoreRecorded`` event);
- once the round is over and nobody is still answering (:func:`attempts.revealed`): everyone
  who sees the tournament sees the questions, the right answers and every player's answers.
"""
from __future__ import annotations

from django.utils import timezone

from tournament.permissions import is_organiser

from . import attempts
from .models import Attempt, Quiz

OPEN, CLOSED, REVEALED = "open", "closed", "revealed"
NOT_STARTED, RUNNING, FINISHED = "not_started", "running", "finished"


def attempt_status(attempt: Attempt | None) -> str:
    if attempt is None:
        return NOT_STARTED
    return FINISHED if attempt.finished_at else RUNNING


def quiz_status(quiz: Quiz, state) -> str:
    if attempts.revealed(quiz, state):
        return REVEALED
    return CLOSED if attempts.closed(state, quiz.round) else OPEN


def question_with_answer(q: dict) -> dict:
    return {"question": q["question"], "choices": q["choices"], "answer": q["answer"],
            "answer_text": q["choices"][q["answer"]]}


def quiz_view(quiz: Quiz, state, user, tournament) -> dict:
    """The round's quiz as ``user`` may see it now."""
    status = quiz_status(quiz, state)
    by_name = {a.entrant: a for a in quiz.attempts.all()}
    players = []
    for name in attempts.players_of(state, quiz.round):
        attempt = by_name.get(name)
        row = {"entrant": name, "status": attempt_status(attempt),
               "score": attempt.score if attempt and attempt.finished_at else None,
               "finished_at": attempt.finished_at if attempt else None}
        if status == REVEALED and attempt:
            row["answers"] = answers_of(attempt, quiz)
        players.append(row)
    view = {"round": quiz.round, "status": status, "question_count": len(quiz.questions),
            "time_limit_seconds": quiz.time_limit, "opened_by": quiz.opened_by, "opened_at": quiz.opened_at,
            "players": players, "questions": None}
    if status == REVEALED or is_organiser(user, tournament):
        view["questions"] = [question_with_answer(q) for q in quiz.questions]
        view["draw"] = quiz.drawn
    return view


def answers_of(attempt: Attempt, quiz: Quiz) -> list[dict]:
    """Each question of the attempt (in the player's order) with his pick and whether it was right."""
    out = []
    for pos, index in enumerate(attempt.order):
        q = quiz.questions[index]
        pick = attempt.answers.get(str(pos))
        out.append({"position": pos, "question": index, "choice": pick,
                    "choice_text": q["choices"][pick] if pick is not None else None,
                    "right": pick == q["answer"]})
    return out


def attempt_view(attempt: Attempt, state) -> dict:
    """The player's own attempt: his questions without their right answers until revealed."""
    quiz = attempt.quiz
    shown = attempts.revealed(quiz, state)
    questions = []
    for pos, index in enumerate(attempt.order):
        q = quiz.questions[index]
        item = {"position": pos, "question": q["question"], "choices": q["choices"]}
        if shown:
            item["answer"] = q["answer"]
        questions.append(item)
    left = max(0, int((attempt.deadline - timezone.now()).total_seconds())) if not attempt.finished_at else 0
    return {"round": quiz.round, "entrant": attempt.entrant, "status": attempt_status(attempt),
            "started_at": attempt.started_at, "deadline": attempt.deadline, "seconds_left": left,
            "finished_at": attempt.finished_at, "score": attempt.score, "question_count": len(attempt.order),
            "questions": questions, "answers": {int(k): v for k, v in attempt.answers.items()},
            "revealed": shown}


def bank_view(bank) -> dict:
    return {"id": bank.pk, "source_name": bank.source_name, "uploaded_at": bank.uploaded_at,
            "uploaded_by": bank.uploaded_by.get_username() if bank.uploaded_by else None,
            "count": len(bank.questions), "questions": [question_with_answer(q) for q in bank.questions]}


def correction_view(c) -> dict:
    return {"entrant": c.entrant, "previous": c.previous, "score": c.score, "reason": c.reason,
            "referee": c.referee, "seq": c.seq, "corrected_at": c.corrected_at}
