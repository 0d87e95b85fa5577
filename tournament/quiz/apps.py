from django.apps import AppConfig


class QuizConfig(AppConfig):
    name = "tournament.quiz"
    label = "quiz"
    verbose_name = "Knowledge test"
