"""The framework floor (issue 9 "bench/load"): the least a write endpoint on this stack can do.

``POST /api/bench/floor/`` goes through the same gunicorn workers, middleware, DRF token
authentication, command throttle and request parsing as a move command, then commits one
single-row INSERT into a table shaped like ``events`` (autocommit: one round trip) and answers 201. No game is read, no rule
is run. What this endpoint serves per second bounds what any Django/DRF command endpoint can
serve on the same machine, so the load run prints it beside the service and the raw ceiling.
"""
import uuid

from django.db import connection
from django.urls import path
from rest_framework import permissions
from rest_framework.response import Response
from rest_framework.views import APIView

from config.urls import urlpatterns as service_urlpatterns
from kernel.api.throttling import WindowedScopedRateThrottle
from raw_ceiling import HASH, PAYLOAD, TABLE


class FloorWrite(APIView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "commands"
    throttle_classes = [WindowedScopedRateThrottle]

    def post(self, request):
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {TABLE} (stream, seq, type, payload, actor, visibility, recorded_at, hash)"
                " VALUES (%s, %s, 'FighterMoved', %s, %s, 'public', now(), %s)",
                # A stream of its own per request: players share accounts from game to game.
                (f"floor-{uuid.uuid4().hex}", request.data["expected_version"], PAYLOAD, request.user.username, HASH),
            )
        return Response({"version": request.data["expected_version"]}, status=201)


urlpatterns = [path("api/bench/floor/", FloorWrite.as_view()), *service_urlpatterns]
