"""Knowledge-test endpoints (issue 14), mounted under /api/ by config/urls.py. Thin: the
serializers validate, tournament/quiz/attempts.py writes, tournament/quiz/access.py decides what
each role sees."""
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel import refusals
from tournament.services import load_state
from tournament.permissions import authenticated, is_organiser, is_referee, require
from tournament.views import DICT, OPEN, visible

from . import access, attempts
from .models import ScoreCorrection
from .serializers import (AnswerSerializer, BankUploadSerializer, CorrectionSerializer, OpenQuizSerializer,
                          SubmitSerializer)


def valid(serializer_class, request):
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return data.validated_data


class QuestionBank(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT}, operation_id="quiz_bank_retrieve")
    def get(self, request, tournament_id):
        """The tournament's question bank with the right answers: its organisers only."""
        tournament, _state = visible(request, tournament_id)
        require(is_organiser(request.user, tournament), request.user, _("see the question bank"))
        bank = attempts.current_bank(tournament.pk)
        if bank is None:
            attempts.reject(refusals.NOT_FOUND, "no_bank", _("no question bank uploaded yet"))
        return Response(access.bank_view(bank))

    @extend_schema(request={"multipart/form-data": BankUploadSerializer, "application/json": BankUploadSerializer},
                   responses={201: DICT, 422: DICT}, operation_id="quiz_bank_upload")
    def post(self, request, tournament_id):
        """Upload a question bank (organisers): CSV ``question,choices,answer`` (choices separated by
        ``|``, the answer is the right choice's text) or JSON ``[{question, choices, answer}]``. A
        mistake anywhere is a 422 ``invalid_bank`` listing every ``{row, message}``; nothing is stored."""
        tournament, _state = visible(request, tournament_id)
        require(is_organiser(request.user, tournament), request.user, _("upload question banks"))
        v = valid(BankUploadSerializer, request)
        upload = v.get("file")
        data = upload.read() if upload else v["content"]
        bank = attempts.upload_bank(tournament.pk, data, upload.name if upload else "", v.get("format"), request.user)
        return Response(access.bank_view(bank), status=status.HTTP_201_CREATED)


class RoundQuiz(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT}, operation_id="quiz_round_retrieve")
    def get(self, request, tournament_id, round_number):
        """A round's knowledge test: status (open, closed, revealed), each player's progress and
        score; the questions with their right answers and every player's answers only once the
        round is over (its organisers see the questions from the start, not the answers)."""
        tournament, state = visible(request, tournament_id)
        quiz = attempts.quiz_of(tournament.pk, round_number)
        attempts.close_expired(tournament.pk, quiz)
        return Response(access.quiz_view(quiz, state, request.user, tournament))

    @extend_schema(request=OpenQuizSerializer, responses={201: DICT}, operation_id="quiz_round_open")
    def post(self, request, tournament_id, round_number):
        """Open the round's knowledge test (organisers): the questions are drawn by lot from the
        bank with the tournament's seed (409 ``round_not_started``, ``round_complete``,
        ``quiz_already_open``, ``no_bank``, ``bank_too_small``)."""
        tournament, _state = visible(request, tournament_id)
        require(is_organiser(request.user, tournament), request.user, _("open knowledge tests"))
        v = valid(OpenQuizSerializer, request)
        quiz = attempts.open_quiz(tournament.pk, round_number, request.user.get_username(), v["questions"],
                                  v["minutes"])
        state = load_state(tournament)
        return Response(access.quiz_view(quiz, state, request.user, tournament), status=status.HTTP_201_CREATED)


class MyAttempt(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT}, operation_id="quiz_attempt_retrieve")
    def get(self, request, tournament_id, round_number):
        """Your attempt: your questions (no right answers until the round is over), your picks,
        the deadline and the seconds left; your score once handed in."""
        tournament, _state = visible(request, tournament_id)
        require(authenticated(request.user), request.user, _("take knowledge tests"))
        quiz = attempts.quiz_of(tournament.pk, round_number)
        attempts.close_expired(tournament.pk, quiz)
        attempt = quiz.attempts.filter(entrant=request.user.get_username()).first()
        if attempt is None:
            attempts.reject(refusals.NOT_FOUND, "no_attempt", _("you have not started this knowledge test"))
        state = load_state(tournament)
        return Response(access.attempt_view(attempt, state))

    @extend_schema(request=None, responses={200: DICT, 201: DICT}, operation_id="quiz_attempt_start")
    def post(self, request, tournament_id, round_number):
        """Start your one attempt (players of the round): 201 with your questions and deadline;
        200 with the same attempt if it is running (a reload); 409 ``attempt_used`` after it."""
        tournament, _state = visible(request, tournament_id)
        require(authenticated(request.user), request.user, _("take knowledge tests"))
        attempt, new = attempts.start_attempt(tournament.pk, round_number, request.user.get_username())
        state = load_state(tournament)
        return Response(access.attempt_view(attempt, state), status=status.HTTP_201_CREATED if new else 200)


class AttemptAnswer(APIView):
    permission_classes = OPEN

    @extend_schema(request=AnswerSerializer, responses={200: DICT}, operation_id="quiz_attempt_answer")
    def put(self, request, tournament_id, round_number):
        """Keep one answer while time is left (409 ``deadline_passed``: not counted)."""
        tournament, _state = visible(request, tournament_id)
        require(authenticated(request.user), request.user, _("take knowledge tests"))
        v = valid(AnswerSerializer, request)
        attempt = attempts.save_answer(tournament.pk, round_number, request.user.get_username(), v["position"],
                                       v["choice"])
        state = load_state(tournament)
        return Response(access.attempt_view(attempt, state))


class AttemptSubmit(APIView):
    permission_classes = OPEN

    @extend_schema(request=SubmitSerializer, responses={200: DICT}, operation_id="quiz_attempt_submit")
    def post(self, request, tournament_id, round_number):
        """Hand in: scored at once and recorded as ``KnowledgeTestScoreRecorded``. After the deadline
        409 ``deadline_passed`` (with the ``score`` of the answers kept in time)."""
        tournament, _state = visible(request, tournament_id)
        require(authenticated(request.user), request.user, _("take knowledge tests"))
        v = valid(SubmitSerializer, request)
        attempt = attempts.submit(tournament.pk, round_number, request.user.get_username(), v["answers"])
        state = load_state(tournament)
        return Response(access.attempt_view(attempt, state))


class Corrections(APIView):
    permission_classes = OPEN

    @extend_schema(responses={200: DICT}, operation_id="quiz_corrections_list")
    def get(self, request, tournament_id):
        """Every referee correction of a knowledge-test score, with its reason, oldest first."""
        tournament, _state = visible(request, tournament_id)
        return Response([access.correction_view(c) for c in ScoreCorrection.objects.filter(tournament=tournament)])

    @extend_schema(request=CorrectionSerializer, responses={201: DICT}, operation_id="quiz_corrections_create")
    def post(self, request, tournament_id):
        """Correct an entrant's knowledge-test score with a reason (referees): a new
        ``KnowledgeTestScoreRecorded``; the reason is kept with the correction."""
        tournament, _state = visible(request, tournament_id)
        require(is_referee(request.user, tournament), request.user, _("correct knowledge-test scores"))
        v = valid(CorrectionSerializer, request)
        correction = attempts.correct_score(tournament.pk, v["entrant"], v["score"], v["reason"],
                                            request.user.get_username())
        return Response(access.correction_view(correction), status=status.HTTP_201_CREATED)
