"""Ratings API serializers: validation of league/season input, and response shapes for OpenAPI."""
from django.contrib.auth import get_user_model
from rest_framework import serializers

from . import elo
from leagues.models import League, Season


class LeagueSerializer(serializers.ModelSerializer):
    organisers = serializers.SlugRelatedField(
        many=True, required=False, slug_field="username", queryset=get_user_model().objects.all())

    class Meta:
        model = League
        fields = ["id", "name", "slug", "organisers", "created_at"]
        read_only_fields = ["created_at"]
        # Uniqueness and the slug's rules are the league service's (leagues/services.py).
        extra_kwargs = {"name": {"validators": []}, "slug": {"validators": []}}


class SeasonSerializer(serializers.ModelSerializer):
    # A league is addressed by its slug everywhere (URLs, a tournament's ``league``), so here too.
    league = serializers.SlugRelatedField(slug_field="slug", read_only=True, help_text="the league's slug")

    class Meta:
        model = Season
        fields = ["id", "league", "name", "starts_on", "ends_on"]
        read_only_fields = ["league"]


PROVISIONAL_HELP = f"fewer than {elo.PROVISIONAL_GAMES} rated games in this system: the rating is provisional"


class RatedPlayerSerializer(serializers.Serializer):
    """A player's rating with their game count, as every rating table shows it."""

    player_id = serializers.IntegerField()
    player = serializers.CharField()
    rating = serializers.FloatField()
    provisional = serializers.BooleanField(help_text=PROVISIONAL_HELP)
    games = serializers.IntegerField()
    wins = serializers.IntegerField()


class EloRowSerializer(RatedPlayerSerializer):
    rank = serializers.IntegerField()
    peak = serializers.FloatField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    bot = serializers.BooleanField(help_text="a practice bot's row (rated bot games put it here)")


class SoloRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    best_score = serializers.FloatField()
    average_score = serializers.FloatField()
    games = serializers.IntegerField()


class TableSeatSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    side = serializers.CharField(allow_null=True)
    placing = serializers.IntegerField(help_text="finishing place, 1 = first; equal places tie")


class RatingChangeSerializer(serializers.Serializer):
    game = serializers.UUIDField(allow_null=True, help_text="null when the game is private to you")
    finished_at = serializers.DateTimeField()
    ending = serializers.ChoiceField(choices=["rules", "timeout", "forfeit", "resigned"])
    side = serializers.CharField()
    opponent_id = serializers.IntegerField(allow_null=True, help_text="null in a game of more than two players")
    opponent = serializers.CharField(allow_null=True)
    opponents = TableSeatSerializer(many=True, help_text="everybody else at the table")
    players = serializers.IntegerField(help_text="players in the game (3–5: rated by pairwise Elo)")
    placing = serializers.IntegerField(help_text="this player's finishing place, 1 = first")
    score = serializers.FloatField(help_text="1 / ½ / 0; with more players the mean over the duels with each")
    expected = serializers.FloatField()
    k = serializers.FloatField()
    games_before = serializers.IntegerField()
    rating_before = serializers.FloatField()
    rating_after = serializers.FloatField()
    provisional = serializers.BooleanField(help_text="the rating after this game was still provisional")
    bot_game = serializers.BooleanField(help_text="a game against a practice bot (or a bot's own game)")


class PlayerSystemRatingSerializer(serializers.Serializer):
    system = serializers.CharField()
    rating = serializers.FloatField()
    provisional = serializers.BooleanField(help_text=PROVISIONAL_HELP)
    peak = serializers.FloatField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    history = RatingChangeSerializer(many=True)


class PlayerRatingsSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    ratings = PlayerSystemRatingSerializer(many=True)


class SideRecordSerializer(serializers.Serializer):
    side = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True)
    score_rate = serializers.FloatField(allow_null=True)


class SideAdjustedRowSerializer(serializers.Serializer):
    player_id = serializers.IntegerField()
    player = serializers.CharField()
    rating = serializers.FloatField(allow_null=True, help_text="plain Elo")
    side_adjusted_rating = serializers.FloatField(help_text="Elo with the fitted per-side offset")
    provisional = serializers.BooleanField(help_text=PROVISIONAL_HELP)
    games = serializers.IntegerField()


class SideAdvantageSerializer(serializers.Serializer):
    system = serializers.CharField()
    games = serializers.IntegerField()
    sides = SideRecordSerializer(many=True)
    fitted_offsets = serializers.DictField(child=serializers.FloatField(),
                                           help_text="Elo points added to each side in the expectation")
    players = SideAdjustedRowSerializer(many=True)


class LeagueTableRowSerializer(RatedPlayerSerializer):
    system = serializers.CharField()
    tournament_points = serializers.FloatField()


class LeagueTableSerializer(serializers.Serializer):
    league = serializers.CharField(help_text="the league's slug")
    season = serializers.IntegerField()
    starts_on = serializers.DateField(allow_null=True)
    ends_on = serializers.DateField(allow_null=True)
    points_source = serializers.CharField()
    rows = LeagueTableRowSerializer(many=True)


class RebuildQueuedSerializer(serializers.Serializer):
    task_id = serializers.CharField()
    counts = serializers.DictField(child=serializers.IntegerField(), allow_null=True,
                                   help_text="results per kind, when the rebuild already ran (eager mode)")
