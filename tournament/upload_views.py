"""API of a club day's upload to the league (issue 30): export a finished tournament, import it on
the league's server, match its entrants to accounts (tournament/exports.py, tournament/uploads.py)."""
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel import refusals
from kernel.refusals import CommandRejected
from game.visibility import is_league_admin
from leagues.services import league_at
from accounts.roles import is_league_admin

from . import exports, uploads
from .permissions import is_organiser, require
from .views import DICT, get_tournament, visible


def export_response(tournament) -> JsonResponse:
    response = JsonResponse(exports.export_tournament(tournament))
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.pk}-export.json"'
    return response


def upload_summary(upload, created: bool) -> dict:
    return {"tournament_id": upload.tournament_id, "head_hash": upload.head_hash,
            "source_stream": upload.source_stream, "created": created,
            "entrants": {e.name: e.user.get_username() for e in upload.entrants.select_related("user")}}


class TournamentExport(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: DICT})
    def get(self, request, tournament_id):
        """A finished tournament as one file (its stream and its games', chains and head hashes), for
        the league's server (organisers)."""
        tournament, _state = visible(request, tournament_id)
        require(is_organiser(request.user, tournament), request.user, _("export this tournament"))
        return export_response(tournament)


class TournamentImport(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(request={"application/json": OpenApiTypes.OBJECT}, responses={200: DICT, 201: DICT})
    def post(self, request, league):
        """Import a tournament export into this league (league admins): 201 when stored, 200 when the
        same file was imported before (nothing changes); 422 naming the stream and seq refused."""
        require(is_league_admin(request.user), request.user, _("import a tournament"))
        target = league_at(league)
        try:
            body = request.body
        except RequestDataTooBig:
            raise CommandRejected(refusals.TOO_LARGE, "payload_too_large", _("request body over %(limit)s bytes") % {
                "limit": settings.DATA_UPLOAD_MAX_MEMORY_SIZE}) from None
        upload, created = uploads.import_tournament(body, target, request.user)
        return Response(upload_summary(upload, created), status=201 if created else 200)


class AccountSerializer(serializers.Serializer):
    account = serializers.CharField(max_length=150)


class EntrantMapping(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(request=AccountSerializer, responses={200: DICT})
    def post(self, request, tournament_id, name):
        """Map an imported tournament's recorded entrant to an account here (league admins)."""
        require(is_league_admin(request.user), request.user, _("map an imported tournament's entrants"))
        data = AccountSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entrant = uploads.map_entrant(tournament_id, name, data.validated_data["account"], request.user)
        return Response(upload_summary(entrant.upload, False))


class EntrantClaim(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: DICT})
    def post(self, request, tournament_id):
        """Claim the entrant an imported tournament records under your user name: his results are
        rated for you once his opponents are matched too."""
        get_tournament(tournament_id)
        entrant = uploads.claim_entrant(tournament_id, request.user)
        return Response(upload_summary(entrant.upload, False))
