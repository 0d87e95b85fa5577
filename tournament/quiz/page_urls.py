"""The knowledge test's pages (issue 14)."""
from django.urls import path

from . import pages

urlpatterns = [
    path("tournaments/<int:tournament_id>/manage/quiz/", pages.bank_page, name="quiz-bank-page"),
    path("tournaments/<int:tournament_id>/quiz/<int:round_number>/", pages.quiz_page, name="quiz-page"),
]
