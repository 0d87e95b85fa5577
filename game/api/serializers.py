"""Request validation for the game API (responses are plain dicts built by the services)."""
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from rest_framework import serializers

from systems.registry import available_systems
from game.models import Annotation


def players_by_username(value: dict) -> dict:
    """side → user for a request's side → username, refusing unknown names (game and challenge doors)."""
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=set(value.values()))}
    missing = sorted(set(value.values()) - set(users))
    if missing:
        raise serializers.ValidationError(_("unknown users: %(names)s") % {"names": ", ".join(missing)})
    return {side: users[name] for side, name in value.items()}


class CreateGameSerializer(serializers.Serializer):
    system = serializers.CharField(help_text="one of: " + ", ".join(available_systems()))
    setup = serializers.DictField(required=False, default=dict)
    players = serializers.DictField(child=serializers.CharField(), help_text="side → username")
    time_control = serializers.DictField(required=False, allow_null=True, default=None)
    rated = serializers.BooleanField(required=False, default=True)
    is_public = serializers.BooleanField(required=False, default=True)

    def validate_players(self, value):
        return players_by_username(value)


class CommandSerializer(serializers.Serializer):
    expected_version = serializers.JSONField(help_text="the last version (seq) the client saw")
    command = serializers.JSONField(help_text='{"type": ..., ...} as the game system defines')
    side = serializers.CharField(required=False, allow_null=True, default=None,
                                 help_text="only needed when you play several sides")


class GameSummarySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    system = serializers.CharField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    to_move = serializers.ListField(child=serializers.CharField())
    outcome = serializers.JSONField(allow_null=True)
    players = serializers.DictField(child=serializers.CharField())
    deadline_at = serializers.DateTimeField(allow_null=True)
    vacations = serializers.ListField(child=serializers.DictField(), help_text=(
        "correspondence games: the players on vacation or about to be, [{side, player, from, until}]; "
        "their side's clock stands still meanwhile"))
    created_at = serializers.DateTimeField()


# Response shapes, for the OpenAPI schema (the views build plain dicts of these shapes).

class CreatedGameSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    version = serializers.IntegerField()
    system = serializers.CharField()
    to_move = serializers.ListField(child=serializers.CharField())


class GameDetailSerializer(GameSummarySerializer):
    your_sides = serializers.ListField(child=serializers.CharField())
    viewing_as = serializers.CharField(allow_null=True)
    view = serializers.DictField()
    legal_actions = serializers.ListField(child=serializers.DictField())
    clock = serializers.DictField()
    time_control = serializers.DictField(allow_null=True)
    head_hash = serializers.CharField(allow_null=True, help_text="the stream's head hash; referees and "
                                      "finished games only (a hash over hidden events could be tested against guesses)")


class MarkerSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="night, round or turn")
    label = serializers.CharField()


class EventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    payload = serializers.DictField()
    visibility = serializers.CharField()
    actor = serializers.CharField(allow_blank=True)
    recorded_at = serializers.DateTimeField(allow_null=True)
    dice = serializers.JSONField(required=False, allow_null=True, help_text="referees and finished games only")
    command = serializers.JSONField(required=False, allow_null=True, help_text="referees and finished games only")
    hash = serializers.CharField(required=False, help_text="chain hash (referees and finished games only)")
    # The event's words (``events/`` and the replay steps; not the answer to a command).
    text = serializers.CharField(required=False, help_text="the event in words")
    category = serializers.CharField(required=False, help_text="its event-log filter, e.g. moves, combat, score")
    marker = MarkerSerializer(required=False, allow_null=True, help_text="a replay jump target, or null")
    hidden = serializers.BooleanField(required=False, help_text="replay seen ``as`` a side: hidden from it")


class EventsSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    events = EventSerializer(many=True)


class ReplayStepSerializer(serializers.Serializer):
    event = EventSerializer()
    state = serializers.JSONField(help_text="the view of the state after the event: the referee's, or with ``as`` "
                                            "that side's")
    outcome = serializers.JSONField(allow_null=True)
    summary = serializers.ListField(child=serializers.ListField(child=serializers.CharField()), required=False,
                                    help_text="the situation in words: [label, text] pairs (replay/steps/ only)")


class VerificationSerializer(serializers.Serializer):
    seed = serializers.CharField(allow_null=True)
    seed_commitment = serializers.CharField(allow_null=True, help_text="sha256(seed), published at creation")
    seed_verified = serializers.BooleanField()
    rolls_checked = serializers.IntegerField()
    verified = serializers.BooleanField()
    problems = serializers.ListField(child=serializers.CharField())
    head_hash = serializers.CharField(allow_null=True, help_text="null when the chain is broken")
    chain_broken_at = serializers.IntegerField(allow_null=True, help_text="the first seq not as recorded")


class ReplaySerializer(GameSummarySerializer, VerificationSerializer):
    steps = ReplayStepSerializer(many=True)


class ReplayStepsSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="the game's last event seq")
    start = serializers.IntegerField()
    steps = ReplayStepSerializer(many=True)


class FogMapSerializer(serializers.Serializer):
    now = serializers.ListField(child=serializers.IntegerField(), help_text="hexes it could be in at this step")
    moves = serializers.DictField(child=serializers.ListField(child=serializers.IntegerField()),
                                  help_text="hex → the card numbers (moves) at which it could be there, now included")
    exact = serializers.BooleanField(help_text="false: a superset (a rule the computation relaxes is in play)")


class ReplayFogSerializer(serializers.Serializer):
    status = serializers.ChoiceField(["none", "computing", "ready"])
    sides = serializers.ListField(child=serializers.CharField(), required=False,
                                  help_text="the sides whose replay view shows the maps")
    cpu_seconds = serializers.FloatField(required=False, help_text="what computing the maps cost")
    by_step = serializers.DictField(child=serializers.IntegerField(allow_null=True), required=False,
                                    help_text="event seq → index into maps (null: no map at that step)")
    maps = FogMapSerializer(many=True, required=False)


class EndingRequestSerializer(serializers.Serializer):
    side = serializers.CharField(required=False, allow_null=True, default=None,
                                 help_text="only needed when you play several sides")


class ImportedGameSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    version = serializers.IntegerField()
    outcome = serializers.JSONField(allow_null=True)


class ForkRequestSerializer(serializers.Serializer):
    step = serializers.IntegerField(min_value=1, help_text="the finished game's event seq to play on from")
    bot_side = serializers.CharField(required=False, allow_null=True, default=None,
                                     help_text="a side for a practice bot (only where a bots app is installed)")


class UndoRequestSerializer(serializers.Serializer):
    expected_version = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=0)


class SandboxSerializer(GameSummarySerializer):
    sandbox = serializers.BooleanField()
    forked_from = serializers.UUIDField(allow_null=True)
    forked_at_step = serializers.IntegerField(allow_null=True)


class AnnotationSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    step = serializers.IntegerField(help_text="the event seq it is about")
    kind = serializers.ChoiceField(choices=Annotation.Kind.choices, default=Annotation.Kind.COMMENT)
    text = serializers.CharField(allow_blank=True, default="", trim_whitespace=False,
                                 help_text="a comment's words; a bookmark's label (may be empty)")
    created_at = serializers.DateTimeField(read_only=True)


class AnnotationChangeSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Annotation.Kind.choices, required=False)
    text = serializers.CharField(allow_blank=True, required=False, trim_whitespace=False)


class AnnotationShareSerializer(serializers.Serializer):
    token = serializers.CharField()
    url = serializers.CharField(help_text="the read-only replay with these annotations")


class SharedAnnotationsSerializer(serializers.Serializer):
    game = serializers.UUIDField()
    author = serializers.CharField()
    annotations = AnnotationSerializer(many=True)


class StudySerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    title = serializers.CharField(max_length=120)
    shared = serializers.BooleanField(default=False, help_text="readable by anyone with its link")
    url = serializers.CharField(read_only=True, help_text="its page; the shared link when shared")


class StudyChangeSerializer(serializers.Serializer):
    title = serializers.CharField(max_length=120, required=False)
    shared = serializers.BooleanField(required=False)


class StudyStepSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    game = serializers.UUIDField(help_text="a finished game you may see")
    step = serializers.IntegerField(help_text="its event seq")
    note = serializers.CharField(allow_blank=True, default="", trim_whitespace=False)
    position = serializers.IntegerField(read_only=True)
    visible = serializers.BooleanField(read_only=True, help_text="false: a game the reader may not see (shown empty)")


class StudyStepNoteSerializer(serializers.Serializer):
    note = serializers.CharField(allow_blank=True, trim_whitespace=False)


class StudyOrderSerializer(serializers.Serializer):
    order = serializers.ListField(child=serializers.IntegerField(), help_text="every step id once, in the new order")


class StudyDetailSerializer(StudySerializer):
    author = serializers.CharField()
    steps = StudyStepSerializer(many=True)
