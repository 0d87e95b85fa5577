"""Knowledge-test API, mounted under /api/ (issue 14)."""
from django.urls import path

from . import api

ROUND = "tournaments/<int:tournament_id>/quiz/rounds/<int:round_number>/"

urlpatterns = [
    path("tournaments/<int:tournament_id>/quiz/bank/", api.QuestionBank.as_view(), name="quiz-bank"),
    path("tournaments/<int:tournament_id>/quiz/corrections/", api.Corrections.as_view(), name="quiz-corrections"),
    path(ROUND, api.RoundQuiz.as_view(), name="quiz-round"),
    path(ROUND + "attempt/", api.MyAttempt.as_view(), name="quiz-attempt"),
    path(ROUND + "attempt/answers/", api.AttemptAnswer.as_view(), name="quiz-attempt-answer"),
    path(ROUND + "attempt/submit/", api.AttemptSubmit.as_view(), name="quiz-attempt-submit"),
]
