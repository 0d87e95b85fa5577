"""Request validation for the tournament API (responses are the projections' plain dicts)."""
from rest_framework import serializers

from systems.registry import available_systems

from . import discipline, scoring
from .services import REFEREE_DECISION_KINDS, SEEDING_METHODS
from .formats import NAMES as FORMATS
from .tiebreaks import TIE_BREAKS


class TournamentCreateSerializer(serializers.Serializer):
    league = serializers.CharField(help_text="the league's slug (or its numeric id)")
    season = serializers.IntegerField(required=False, allow_null=True, default=None,
                                      help_text="id of a season of that league (league tables count it)")
    name = serializers.CharField(max_length=160)
    system = serializers.CharField(help_text="one of: " + ", ".join(available_systems()))
    format = serializers.ChoiceField(FORMATS)
    scoring = serializers.ChoiceField(scoring.SCHEMES, required=False, allow_null=True, default=None,
                                      help_text="default: the game system's usual scoring (its descriptor's "
                                                "default_scoring: polish for 303, vp-aggregate for Duel in the Dark)")
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
                                    help_text="organisers only, from 0 to 4000 (else 400 invalid_rating); default: "
                                              "the player's current Elo in the tournament's system, or 1500 marked "
                                              "provisional while unrated")
    join_key = serializers.CharField(required=False, allow_blank=True, default="",
                                     help_text="the key of the tournament's join link: lets you register yourself "
                                               "in a private tournament")


class SeedingSerializer(serializers.Serializer):
    method = serializers.ChoiceField(SEEDING_METHODS, required=False, allow_null=True, default=None,
                                     help_text="rating (ties by lot), lot, or manual (with order); "
                                               "default: manual when an order is given, else rating")
    order = serializers.ListField(child=serializers.CharField(), required=False, allow_null=True, default=None,
                                  help_text="explicit seed order (manual)")


class StartRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1,
                                     help_text="the round you mean to start: refused (409) if it has started")


class SeasonChoiceSerializer(serializers.Serializer):
    season = serializers.IntegerField(allow_null=True, help_text="id of a season of the tournament's league; "
                                                                 "null detaches")


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
    kind = serializers.ChoiceField(REFEREE_DECISION_KINDS, help_text=(
        "tie: names the winner of a 1:1 that waits for the referee (equal knowledge tests); "
        "dispute: a ruling on a pairing with a recorded game, setting the score only while it is undecided; "
        "overrule: the only change of a decided pairing, naming what it replaces"))
    reason = serializers.CharField(allow_blank=True, required=False, default="",
                                   help_text="required: rejected with reason_required when empty")
    winner = serializers.CharField(required=False, allow_null=True, default=None)
    score = serializers.ListField(child=serializers.IntegerField(min_value=0, max_value=2), required=False,
                                  allow_null=True, default=None, help_text="[games a, games b]: 2:0, 1:1 or 0:2")
    replaces = serializers.UUIDField(required=False, allow_null=True, default=None,
                                     help_text="overrule: decision_id of the decision in force on the pairing")
    replaces_score = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=2), required=False, allow_null=True, default=None,
        help_text="overrule of a result no decision made: that result's score [a, b]")
    void_pairings = serializers.ListField(
        child=serializers.UUIDField(), required=False, default=list,
        help_text="overrule in a bracket: later pairings already started that the referee voids with it, so "
                  "they are played again with the new entrant (refused with next_pairing_started otherwise)")
    void_reason = serializers.CharField(allow_blank=True, required=False, default="",
                                        help_text="required with void_pairings")


class LegResultSerializer(serializers.Serializer):
    winner = serializers.CharField(help_text="username of the leg's winner (one of the pairing's two players)")
    ended_by = serializers.CharField(help_text="how the game ended — 303: reached_london, shot_down, "
                                               "rounds_ran_out; Duel in the Dark: victory_points")
    vp_margin = serializers.IntegerField(required=False, allow_null=True, default=None,
                                         help_text="Duel in the Dark: the winner's VP margin in that night (1 or more)")


class LegEntrySerializer(LegResultSerializer):
    reason = serializers.CharField(allow_blank=True, required=False, default="",
                                   help_text="required: rejected with reason_required when empty")


class LegAnswerSerializer(serializers.Serializer):
    report_id = serializers.UUIDField(required=False, allow_null=True, default=None,
                                      help_text="the report you answer (refused with report_outdated if it changed)")
    reason = serializers.CharField(allow_blank=True, required=False, default="",
                                   help_text="dispute: what is wrong (required)")
