"""Request validation for the tournament API (responses are the projections' plain dicts)."""
from rest_framework import serializers

from game.rules.registry import available_systems

from . import discipline, scoring
from .services import REFEREE_DECISION_KINDS
from .state import FORMATS
from .tiebreaks import TIE_BREAKS


class TournamentCreateSerializer(serializers.Serializer):
    league = serializers.SlugField(help_text="slug of the league")
    season = serializers.IntegerField(required=False, allow_null=True, default=None,
                                      help_text="id of a season of that league (league tables count it)")
    name = serializers.CharField(max_length=160)
    system = serializers.CharField(help_text="one of: " + ", ".join(available_systems()))
    format = serializers.ChoiceField(FORMATS)
    scoring = serializers.ChoiceField(scoring.SCHEMES, required=False, allow_null=True, default=None,
                                      help_text="default: polish for 303, vp-aggregate for Duel in the Dark")
    options = serializers.DictField(required=False, default=dict,
                                    help_text="third_place, grand_final_reset, cycles, rounds, bye_score, "
                                              "group_count, advance_per_group, requires_check_in, "
                                              "check_in_deadline, late_entry, game_setup")
    tie_breaks = serializers.ListField(child=serializers.ChoiceField(TIE_BREAKS), required=False, allow_null=True,
                                       default=None)
    penalty_scope = serializers.ChoiceField(discipline.SCOPES, required=False, default=discipline.TOURNAMENT_SCOPE)
    time_control = serializers.DictField(required=False, allow_null=True, default=None,
                                         help_text='{"kind": "per-move", "seconds": N} or '
                                                   '{"kind": "clock", "base": N, "increment": N}')
    is_public = serializers.BooleanField(required=False, default=True)


class TournamentUpdateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=160, required=False)
    scoring = serializers.ChoiceField(scoring.SCHEMES, required=False)
    options = serializers.DictField(required=False)
    tie_breaks = serializers.ListField(child=serializers.ChoiceField(TIE_BREAKS), required=False)
    penalty_scope = serializers.ChoiceField(discipline.SCOPES, required=False)
    time_control = serializers.DictField(required=False, allow_null=True)
    is_public = serializers.BooleanField(required=False)


class RefereesSerializer(serializers.Serializer):
    referees = serializers.ListField(child=serializers.CharField(), help_text="usernames")


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class RequiredReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(allow_blank=True, required=False, default="",
                                   help_text="required: rejected with reason_required when empty")


class RegisterSerializer(serializers.Serializer):
    username = serializers.CharField(required=False, help_text="default: yourself")
    rating = serializers.FloatField(required=False, allow_null=True, default=None,
                                    help_text="organisers only; default 1500")


class SeedingSerializer(serializers.Serializer):
    order = serializers.ListField(child=serializers.CharField(), required=False, allow_null=True, default=None,
                                  help_text="explicit seed order; default: by rating, ties by lot")


class KnowledgeTestSerializer(serializers.Serializer):
    entrant = serializers.CharField()
    score = serializers.FloatField(min_value=0)


class PenaltySerializer(serializers.Serializer):
    entrant = serializers.CharField()
    category = serializers.ChoiceField(discipline.OFFENCES)
    text = serializers.CharField(allow_blank=True)
    pairing_id = serializers.UUIDField(required=False, allow_null=True, default=None,
                                       help_text="default: the entrant's current pairing")


class DecisionSerializer(serializers.Serializer):
    pairing_id = serializers.UUIDField()
    kind = serializers.ChoiceField(REFEREE_DECISION_KINDS)
    reason = serializers.CharField(allow_blank=True, required=False, default="")
    winner = serializers.CharField(required=False, allow_null=True, default=None)
    score = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=2), required=False,
                                  allow_null=True, default=None, help_text="[games a, games b]")
