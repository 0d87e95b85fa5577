"""Request bodies of the knowledge-test API (documented in the OpenAPI schema)."""
from django.utils.translation import gettext as _
from rest_framework import serializers

from .attempts import DEFAULT_MINUTES, DEFAULT_QUESTIONS, MAX_MINUTES, MAX_QUESTIONS
from .bank import FORMATS


class BankUploadSerializer(serializers.Serializer):
    file = serializers.FileField(required=False, help_text="a .csv or .json file (multipart upload)")
    content = serializers.CharField(required=False, trim_whitespace=False,
                                    help_text="the bank as text, instead of a file")
    format = serializers.ChoiceField(choices=FORMATS, required=False,
                                     help_text="csv or json; by default the file's extension")

    def validate(self, attrs):
        if bool(attrs.get("file")) == bool(attrs.get("content")):
            raise serializers.ValidationError(_("send either a file or its content"))
        if attrs.get("content") and not attrs.get("format"):
            raise serializers.ValidationError(_("content needs its format (csv or json)"))
        return attrs


class OpenQuizSerializer(serializers.Serializer):
    questions = serializers.IntegerField(min_value=1, max_value=MAX_QUESTIONS, default=DEFAULT_QUESTIONS,
                                         help_text="how many questions are drawn by lot from the bank")
    minutes = serializers.IntegerField(min_value=1, max_value=MAX_MINUTES, default=DEFAULT_MINUTES,
                                       help_text="the time each player has, from his start")


class AnswerSerializer(serializers.Serializer):
    position = serializers.IntegerField(min_value=0, help_text="the question's number in your attempt, from 0")
    choice = serializers.IntegerField(min_value=0, help_text="the chosen choice's index, from 0")


class SubmitSerializer(serializers.Serializer):
    answers = serializers.DictField(child=serializers.IntegerField(min_value=0), required=False, default=dict,
                                    help_text="{position: choice} still to keep before handing in")

    def validate_answers(self, value):
        try:
            return {int(k): v for k, v in value.items()}
        except ValueError:
            raise serializers.ValidationError(_("positions are numbers")) from None


class CorrectionSerializer(serializers.Serializer):
    entrant = serializers.CharField()
    score = serializers.FloatField(min_value=0)
    reason = serializers.CharField(help_text="why the score is corrected (kept with the correction)")
