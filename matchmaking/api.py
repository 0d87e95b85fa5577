"""Challenges and open seeks as API resources: the same service functions, rules and codes as
the pages (matchmaking/pages.py). A challenge is seen by its players only; an open seek by
everyone signed in (``services.visible_challenges``)."""
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel import refusals
from game.api.serializers import players_by_username
from kernel.api.schema import with_errors
from kernel.api.throttling import WindowedScopedRateThrottle
from systems.registry import available_systems
from kernel.refusals import CommandRejected

from . import lobby, services
from .models import Challenge


class ChallengeSeatSerializer(serializers.Serializer):
    side = serializers.CharField()
    player = serializers.CharField(allow_null=True, help_text="null: an open seat of a seek")
    accepted = serializers.BooleanField()


class ChallengeSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    system = serializers.CharField()
    setup = serializers.DictField()
    time_control = serializers.DictField(allow_null=True)
    pace = serializers.CharField(help_text="the preset's key, empty for none or a custom time control")
    rated = serializers.BooleanField()
    random_sides = serializers.BooleanField()
    is_seek = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Challenge.Status.choices)
    challenger = serializers.CharField()
    challenger_rating = serializers.IntegerField(allow_null=True)
    seats = ChallengeSeatSerializer(many=True)
    rating_min = serializers.IntegerField(allow_null=True)
    rating_max = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    game = serializers.UUIDField(allow_null=True)
    game_url = serializers.CharField(allow_null=True)
    rematch_of = serializers.UUIDField(allow_null=True)


class _Proposal(serializers.Serializer):
    system = serializers.ChoiceField(choices=[])
    setup = serializers.DictField(required=False, default=dict)
    time_control = serializers.DictField(required=False, allow_null=True, default=None,
                                         help_text="as for POST /api/games/, e.g. a preset's time_control")
    rated = serializers.BooleanField(required=False, default=True)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = available_systems()


class CreateChallengeSerializer(_Proposal):
    players = serializers.DictField(child=serializers.CharField(), help_text="side → username, yours included")
    random_sides = serializers.BooleanField(required=False, default=False,
                                            help_text="draw who plays which side when the game starts")

    def validate_players(self, value):
        return players_by_username(value)


class CreateSeekSerializer(_Proposal):
    side = serializers.CharField(required=False, allow_null=True, default=None,
                                 help_text="the side you play; null: drawn when the game starts")
    # Bounded by the columns' range (PositiveIntegerField): a larger number is a 400, not a database error.
    rating_min = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=0,
                                          max_value=2**31 - 1)
    rating_max = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=0,
                                          max_value=2**31 - 1)


class JoinSerializer(serializers.Serializer):
    side = serializers.CharField(required=False, allow_null=True, default=None,
                                 help_text="the open seat you take; null: the first open one")


def challenge_body(challenge: Challenge) -> dict:
    return {
        "id": challenge.pk, "system": challenge.system, "setup": challenge.setup,
        "time_control": challenge.time_control, "pace": challenge.pace, "rated": challenge.rated,
        "random_sides": challenge.random_sides, "is_seek": challenge.is_seek, "status": challenge.status,
        "challenger": challenge.challenger.get_username(), "challenger_rating": challenge.challenger_rating,
        "seats": [{"side": s.side, "player": s.user.get_username() if s.user else None,
                   "accepted": s.accepted_at is not None} for s in challenge.seats.select_related("user")],
        "rating_min": challenge.rating_min, "rating_max": challenge.rating_max,
        "created_at": challenge.created_at, "expires_at": challenge.expires_at, "game": challenge.game_id,
        "game_url": reverse("game-play", args=[challenge.game_id]) if challenge.game_id else None,
        "rematch_of": challenge.rematch_of_id,
    }


def visible(request, challenge_id) -> Challenge:
    challenge = services.visible_challenges(request.user).select_related("challenger").filter(pk=challenge_id).first()
    if challenge is None:
        raise CommandRejected(refusals.NOT_FOUND, "challenge_not_found", _("no such challenge"))
    return challenge


class ChallengeListCreate(APIView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "commands"
    throttle_classes = [WindowedScopedRateThrottle]

    @extend_schema(responses=with_errors({200: ChallengeSerializer(many=True)}, 401),
                   parameters=[OpenApiParameter("status", str)])
    def get(self, request):
        """Challenges and seeks you made, and challenges to you, newest first; ``status`` filters
        (other players' open seeks: ``GET /api/seeks/``)."""
        mine = Challenge.objects.filter(Q(challenger=request.user) | Q(seats__user=request.user)).values("pk")
        challenges = services.visible_challenges(request.user).filter(pk__in=mine).select_related("challenger")
        if request.query_params.get("status"):
            challenges = challenges.filter(status=request.query_params["status"])
        return Response([challenge_body(c) for c in challenges[:200]])

    @extend_schema(request=CreateChallengeSerializer,
                   responses=with_errors({201: ChallengeSerializer}, 400, 401, 403, 413, 422))
    def post(self, request):
        """Challenge the players named in ``players`` (side → username, you in one seat). Refused
        (nothing stored): yourself as opponent (``challenge_yourself``), a player in two seats
        (``seat_twice``), an inactive account (``inactive_player``), a setup the engine refuses
        (its own code); ``errors`` names the input at fault."""
        data = CreateChallengeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        challenge = services.propose(challenger=request.user, system=v["system"], setup=v["setup"],
                                     seats=v["players"], time_control=v["time_control"], rated=v["rated"],
                                     random_sides=v["random_sides"])
        return Response(challenge_body(challenge), status=status.HTTP_201_CREATED)


class ChallengeDetail(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=with_errors({200: ChallengeSerializer}, 401, 404))
    def get(self, request, challenge_id):
        """One challenge (its players only) or open seek; ``game`` once it has started."""
        return Response(challenge_body(visible(request, challenge_id)))


def _answer(action, name: str, doc: str, codes=(401, 403, 404, 409, 422)):
    class Answer(APIView):
        permission_classes = [permissions.IsAuthenticated]
        throttle_scope = "commands"
        throttle_classes = [WindowedScopedRateThrottle]

        @extend_schema(request=None, responses=with_errors({200: ChallengeSerializer}, *codes),
                       operation_id=f"challenges_{name}", description=doc)
        def post(self, request, challenge_id):
            return Response(challenge_body(action(challenge_id, request.user)))

    Answer.__name__ = Answer.__qualname__ = f"Challenge{name.capitalize()}"
    return Answer


ChallengeAccept = _answer(services.accept, "accept",
                          "Accept a challenge to you; the last acceptance starts the game (``game``). 409: "
                          "``challenge_expired``, ``challenge_cancelled``, ``challenge_declined``.")
ChallengeDecline = _answer(services.decline, "decline", "Decline a challenge to you.")
ChallengeCancel = _answer(services.cancel, "cancel", "Cancel your own challenge or seek while it is open.")


class SeekListCreate(APIView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "commands"
    throttle_classes = [WindowedScopedRateThrottle]

    @extend_schema(responses=with_errors({200: ChallengeSerializer(many=True)}, 401), parameters=[
        OpenApiParameter("system", str), OpenApiParameter("pace", str, description="a preset's key"),
        OpenApiParameter("rating_min", int, description="the seeker's rating at least"),
        OpenApiParameter("rating_max", int, description="the seeker's rating at most")])
    def get(self, request):
        """The lobby: open seeks waiting for players, newest first."""
        rows = lobby.open_seeks(request.user, lobby.filters_from(request.query_params))
        return Response([challenge_body(row["challenge"]) for row in rows])

    @extend_schema(request=CreateSeekSerializer,
                   responses=with_errors({201: ChallengeSerializer}, 400, 401, 413, 422))
    def post(self, request):
        """Open a seek: you play ``side`` (or a drawn one), every other seat is open to players
        whose rating lies in ``rating_min``–``rating_max``; it expires after a day."""
        data = CreateSeekSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        seek = services.open_seek(challenger=request.user, system=v["system"], setup=v["setup"], side=v["side"],
                                  time_control=v["time_control"], rated=v["rated"], rating_min=v["rating_min"],
                                  rating_max=v["rating_max"])
        return Response(challenge_body(seek), status=status.HTTP_201_CREATED)


class SeekJoin(APIView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "commands"
    throttle_classes = [WindowedScopedRateThrottle]

    @extend_schema(request=JoinSerializer, responses=with_errors({200: ChallengeSerializer}, 401, 403, 404, 409, 422))
    def post(self, request, challenge_id):
        """Take an open seat; the last one starts the game. Refused: your own seek (``own_seek``),
        a rating outside its range (``rating_out_of_range``), an expired or cancelled seek (409)."""
        data = JoinSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(challenge_body(services.join(challenge_id, request.user, data.validated_data["side"])))


class SeekAgain(APIView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "commands"
    throttle_classes = [WindowedScopedRateThrottle]

    @extend_schema(request=None, responses=with_errors({201: ChallengeSerializer}, 401, 404, 422))
    def post(self, request, challenge_id):
        """A new seek with the settings of one of your own earlier seeks (the lobby's "Seek again")."""
        return Response(challenge_body(services.seek_again(challenge_id, request.user)), status=status.HTTP_201_CREATED)


class GameRematch(APIView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "commands"
    throttle_classes = [WindowedScopedRateThrottle]

    @extend_schema(request=None, responses=with_errors({200: ChallengeSerializer}, 401, 404, 409, 422))
    def post(self, request, game_id):
        """Offer the other players of your finished game a rematch (seats turned one place on, same
        options): the challenge, or the open offer already made. 409 ``game_running`` before its end."""
        return Response(challenge_body(services.rematch(game_id, request.user)))
