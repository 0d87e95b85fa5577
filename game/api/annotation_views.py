"""Annotations of a game's steps and their shared link (issue "Replays that teach").
Thin: the rules are in ``game.annotations``; the replay page calls the same functions."""
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel.api.schema import with_errors
from kernel.replica import reads_may_lag

from .. import annotations
from .sandbox_views import json_object
from .serializers import (
    AnnotationChangeSerializer, AnnotationSerializer, AnnotationShareSerializer, SharedAnnotationsSerializer,
)

ERRORS = (400, 401, 403, 404, 409, 422)


def annotation_body(found) -> dict:
    return {"id": found.pk, "step": found.step, "kind": found.kind, "text": found.text,
            "created_at": found.created_at}


def share_url(found) -> str:
    return reverse("game-shared-replay-page", args=[found.token])


class GameAnnotations(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=with_errors({200: AnnotationSerializer(many=True)}, 401, 403, 404, 409))
    def get(self, request, game_id):
        """Your annotations of this game (a player's of a finished game, or of your sandbox), by step."""
        game = annotations.annotatable_game(request.user, game_id)
        return Response([annotation_body(a) for a in annotations.annotations_of(game, request.user)])

    @extend_schema(request=AnnotationSerializer, responses=with_errors({201: AnnotationSerializer}, *ERRORS))
    def post(self, request, game_id):
        """Add a comment (``text`` required) or a bookmark to step ``step``."""
        data = json_object(request, AnnotationSerializer)
        found = annotations.annotate(user=request.user, game_id=game_id, step=data["step"], kind=data["kind"],
                                     text=data["text"])
        return Response(annotation_body(found), status=status.HTTP_201_CREATED)


class GameAnnotation(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=with_errors({200: AnnotationSerializer}, 401, 403, 404, 409))
    def get(self, request, game_id, annotation_id):
        """One of your annotations of this game."""
        return Response(annotation_body(annotations.own_annotation(request.user, game_id, annotation_id)))

    @extend_schema(request=AnnotationChangeSerializer, responses=with_errors({200: AnnotationSerializer}, *ERRORS))
    def patch(self, request, game_id, annotation_id):
        """Change your annotation's words or kind (its step stays)."""
        data = json_object(request, AnnotationChangeSerializer)
        found = annotations.change(user=request.user, game_id=game_id, annotation_id=annotation_id,
                                   text=data.get("text"), kind=data.get("kind"))
        return Response(annotation_body(found))

    @extend_schema(responses=with_errors({204: None}, 401, 403, 404, 409))
    def delete(self, request, game_id, annotation_id):
        """Remove your annotation."""
        annotations.remove(user=request.user, game_id=game_id, annotation_id=annotation_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class GameAnnotationShare(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses=with_errors({201: AnnotationShareSerializer}, 401, 403, 404, 409))
    def post(self, request, game_id):
        """The unguessable read-only link to the replay with your annotations (the same one each time)."""
        found = annotations.share(user=request.user, game_id=game_id)
        return Response({"token": found.token, "url": share_url(found)}, status=status.HTTP_201_CREATED)


@reads_may_lag
class SharedAnnotations(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=with_errors({200: SharedAnnotationsSerializer}, 404))
    def get(self, request, token):
        """The annotations behind a shared link, to anyone who may see the finished game."""
        found = annotations.shared(request.user, token)
        return Response({"game": found.game_id, "author": found.author.get_username(),
                         "annotations": [annotation_body(a) for a in annotations.annotations_of(found.game, found.author)]})
