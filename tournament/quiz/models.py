"""The knowledge test's tables: the question bank, a round's quiz, each player's attempt and the
referee's corrections with their reasons. The scores they lead to are tournament events
(``KnowledgeTestScoreRecorded``); these rows are what is hidden until the round ends.
"""
from django.conf import settings
from django.db import models


class QuestionBank(models.Model):
    """One upload of the organiser's questions; the newest upload is the tournament's bank.

    ``questions``: ``[{"question": str, "choices": [str, ...], "answer": index into choices}]``.
    """

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="question_banks")
    source_name = models.CharField(max_length=200, blank=True)
    questions = models.JSONField()
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    uploaded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-uploaded_at", "-pk"]


class Quiz(models.Model):
    """The knowledge test of one round: the questions drawn by lot from the bank when it opened
    (a copy, so a later upload does not change it) and the time each player has."""

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="quizzes")
    round = models.PositiveIntegerField()
    bank = models.ForeignKey(QuestionBank, on_delete=models.PROTECT, related_name="quizzes")
    drawn = models.JSONField()  # indices into the bank's questions, in the order drawn
    questions = models.JSONField()  # the drawn questions, same shape as the bank's
    time_limit = models.PositiveIntegerField()  # seconds per attempt
    opened_by = models.CharField(max_length=150)
    opened_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "round"], name="quiz_one_per_round")]


class Attempt(models.Model):
    """A player's one attempt at a round's quiz: his order of the questions, the answers he saved
    before the deadline (``{position: choice index}``), and the score once handed in or expired."""

    quiz = models.ForeignKey(Quiz, on_delete=models.CASCADE, related_name="attempts")
    entrant = models.CharField(max_length=150)
    order = models.JSONField()  # positions → indices into quiz.questions
    answers = models.JSONField(default=dict)
    started_at = models.DateTimeField()
    deadline = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    score = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["quiz", "entrant"], name="quiz_one_attempt_per_player")]


class ScoreCorrection(models.Model):
    """A referee's correction of a knowledge-test score, with the reason the event cannot carry
    (``KnowledgeTestScoreRecorded`` is {entrant, score}); ``seq`` is that event in the stream."""

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="score_corrections")
    entrant = models.CharField(max_length=150)
    previous = models.FloatField(null=True, blank=True)
    score = models.FloatField()
    reason = models.TextField()
    referee = models.CharField(max_length=150)
    seq = models.PositiveIntegerField()
    corrected_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["corrected_at", "pk"]
