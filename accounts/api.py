"""Finding a player by the start of a username or display name: the organiser's entrant field
and the league admin's organiser field look names up here as one types."""
from django.contrib.auth import get_user_model
from django.db.models import Q
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel.api.schema import with_errors

from .models import display_name_of

LOOKUP_LIMIT = 10


class PlayerMatchSerializer(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()


class PlayerLookup(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(parameters=[OpenApiParameter("q", str, description="the start of a username or display name")],
                   responses=with_errors({200: PlayerMatchSerializer(many=True)}, 401))
    def get(self, request):
        """Up to ten active players whose username or display name starts with ``q`` (signed-in users)."""
        start = request.query_params.get("q", "").strip()
        if not start:
            return Response([])
        users = (get_user_model().objects.filter(is_active=True)
                 .filter(Q(username__istartswith=start) | Q(profile__display_name__istartswith=start))
                 .select_related("profile").order_by("username")[:LOOKUP_LIMIT])
        return Response([{"username": u.get_username(), "display_name": display_name_of(u)} for u in users])
