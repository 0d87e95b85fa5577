"""``/api/bot-games/``: the levels on offer, and starting a game against a practice bot — the
same service (bots/services.py), rules and refusal codes as the new-game page."""
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from kernel.api.schema import with_errors
from kernel.api.throttling import WindowedScopedRateThrottle

from . import lookup, services


class LevelSerializer(serializers.Serializer):
    level = serializers.IntegerField()
    label = serializers.CharField()
    elo = serializers.IntegerField(allow_null=True, help_text="the level's calibrated rating on the system's scale")
    budget_seconds = serializers.FloatField(help_text="how long the bot thinks per move, at most")
    player = serializers.CharField(help_text="the bot's account")


class BotSystemSerializer(serializers.Serializer):
    system = serializers.CharField()
    levels = LevelSerializer(many=True)


class CreateBotGameSerializer(serializers.Serializer):
    system = serializers.CharField()
    level = serializers.IntegerField()
    side = serializers.CharField(required=False, allow_null=True, default=None,
                                 help_text="the side you play; null: drawn; the bot takes every other side")
    setup = serializers.DictField(required=False, default=dict)
    time_control = serializers.DictField(required=False, allow_null=True, default=None,
                                         help_text="as for POST /api/games/; null: no clock")
    rated = serializers.BooleanField(required=False, default=False, help_text="bot games are casual unless asked")


class BotGameSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    system = serializers.CharField()
    version = serializers.IntegerField()
    to_move = serializers.ListField(child=serializers.CharField())
    rated = serializers.BooleanField()
    players = serializers.DictField(child=serializers.CharField())
    game_url = serializers.CharField()


class BotGames(APIView):
    permission_classes = [permissions.IsAuthenticated]
    throttle_scope = "commands"
    throttle_classes = [WindowedScopedRateThrottle]

    @extend_schema(responses=with_errors({200: BotSystemSerializer(many=True)}, 401))
    def get(self, request):
        """The systems that have practice bots, each level with its label and calibrated rating."""
        return Response([{"system": system, "levels": [
            {"level": n, "label": str(level["label"]), "elo": level.get("elo"),
             "budget_seconds": level["budget_seconds"], "player": f"bot-{system}-{n}"}
            for n, level in sorted(lookup.levels(system).items())]} for system in lookup.systems_with_bots()])

    @extend_schema(request=CreateBotGameSerializer,
                   responses=with_errors({201: BotGameSerializer}, 400, 401, 413, 422))
    def post(self, request):
        """Start a game against the ``level`` bot of ``system`` at once (casual unless ``rated``).
        Refused with 422, nothing stored: no bots for the system (``no_bots``), an unknown level
        (``unknown_bot_level``), a side the set-up does not seat (``unknown_side``), a one-seat game
        (``no_seat_for_bot``), a side or set-up the bot does not play (the system's own code);
        ``field`` names the input at fault. The bot moves in a worker; follow the game's stream."""
        data = CreateBotGameSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        game = services.start_bot_game(player=request.user, system=v["system"], level=v["level"], side=v["side"],
                                       setup=v["setup"], time_control=v["time_control"], rated=v["rated"])
        return Response({"id": game.pk, "system": game.system, "version": game.version, "to_move": game.to_move,
                         "rated": game.rated, "players": {s.side: s.user.get_username() for s in
                                                          game.seats.select_related("user")},
                         "game_url": reverse("game-play", args=[game.pk])}, status=201)
