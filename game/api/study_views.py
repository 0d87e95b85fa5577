"""Studies through the API (issue "Replays that teach"). Thin: the rules are in ``game.studies``;
the study pages call the same functions."""
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel.api.schema import with_errors

from .. import studies
from .sandbox_views import json_object
from .serializers import (
    StudyChangeSerializer, StudyDetailSerializer, StudyOrderSerializer, StudySerializer, StudyStepNoteSerializer,
    StudyStepSerializer,
)

ERRORS = (400, 401, 404, 409, 422)


def study_body(found) -> dict:
    url = reverse("study-shared-page", args=[found.token]) if found.shared else reverse("study-page", args=[found.pk])
    return {"id": found.pk, "title": found.title, "shared": found.shared, "url": url}


def step_body(item, visible: bool = True) -> dict:
    if not visible:  # a game the reader may not see: not even which one
        return {"id": item.pk, "position": item.position, "visible": False}
    return {"id": item.pk, "game": item.game_id, "step": item.step, "note": item.note, "position": item.position,
            "visible": True}


def detail_body(viewer, found) -> dict:
    return {**study_body(found), "author": found.author.get_username(),
            "steps": [step_body(item, visible) for item, visible in studies.visible_steps(viewer, found)]}


class Studies(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=with_errors({200: StudySerializer(many=True)}, 401))
    def get(self, request):
        """Your studies, newest first."""
        return Response([study_body(s) for s in request.user.studies.all()])

    @extend_schema(request=StudySerializer, responses=with_errors({201: StudySerializer}, *ERRORS))
    def post(self, request):
        """A new study (private unless ``shared``)."""
        data = json_object(request, StudySerializer)
        return Response(study_body(studies.create(user=request.user, **data)), status=status.HTTP_201_CREATED)


class StudyDetail(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=with_errors({200: StudyDetailSerializer}, 401, 404))
    def get(self, request, study_id):
        """Your study with its steps in order."""
        return Response(detail_body(request.user, studies.readable(request.user, study_id)))

    @extend_schema(request=StudyChangeSerializer, responses=with_errors({200: StudySerializer}, *ERRORS))
    def patch(self, request, study_id):
        """Rename it, or share it by its link (or stop sharing)."""
        data = json_object(request, StudyChangeSerializer)
        return Response(study_body(studies.change(user=request.user, study_id=study_id, **data)))

    @extend_schema(responses=with_errors({204: None}, 401, 404))
    def delete(self, request, study_id):
        """Delete the study (the games stay as they are)."""
        studies.delete(user=request.user, study_id=study_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class StudySteps(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=StudyStepSerializer, responses=with_errors({201: StudyStepSerializer}, *ERRORS))
    def post(self, request, study_id):
        """Add "game X step N + note" at the end."""
        data = json_object(request, StudyStepSerializer)
        item = studies.add_step(user=request.user, study_id=study_id, game_id=data["game"], step=data["step"],
                                note=data["note"])
        return Response(step_body(item), status=status.HTTP_201_CREATED)


class StudyStepDetail(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=StudyStepNoteSerializer, responses=with_errors({200: StudyStepSerializer}, *ERRORS))
    def patch(self, request, study_id, step_id):
        """Change a step's note."""
        data = json_object(request, StudyStepNoteSerializer)
        return Response(step_body(studies.change_step(user=request.user, study_id=study_id, step_id=step_id,
                                                      note=data["note"])))

    @extend_schema(responses=with_errors({204: None}, 401, 404))
    def delete(self, request, study_id, step_id):
        """Remove a step from the study."""
        studies.remove_step(user=request.user, study_id=study_id, step_id=step_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class StudyOrder(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=StudyOrderSerializer, responses=with_errors({200: StudyStepSerializer(many=True)},
                                                                         *ERRORS))
    def put(self, request, study_id):
        """Reorder the steps: every step id once, in the new order."""
        data = json_object(request, StudyOrderSerializer)
        return Response([step_body(i) for i in studies.reorder(user=request.user, study_id=study_id,
                                                                order=data["order"])])


class SharedStudy(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=with_errors({200: StudyDetailSerializer}, 404))
    def get(self, request, token):
        """A shared study, to anyone with its link; a step of a game the reader may not see stays empty."""
        return Response(detail_body(request.user, studies.readable(request.user, token=token)))
