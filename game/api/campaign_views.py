"""Campaign endpoints: start a campaign, open its next night, read its standing."""
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import campaigns
from kernel import refusals
from ..models import Campaign
from kernel.refusals import CommandRejected
from kernel.api.schema import with_errors


class StartCampaignSerializer(serializers.Serializer):
    # Default: the first system with campaigns (Nightfighter solo).
    system = serializers.CharField(default=lambda: next(iter(campaigns.with_campaigns()), ""))
    setup = serializers.DictField(required=False, default=dict)


class NextNightSerializer(serializers.Serializer):
    expected_version = serializers.IntegerField(min_value=0)
    assignment = serializers.DictField(child=serializers.CharField(), required=False, default=dict,
                                       help_text="fighter slot → pilot id; empty = best available")


class CampaignSummarySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    system = serializers.CharField()
    player = serializers.CharField()
    status = serializers.CharField()
    standing = serializers.DictField()


class CampaignSerializer(CampaignSummarySerializer):
    version = serializers.IntegerField()
    current_game = serializers.UUIDField(allow_null=True)
    nights = serializers.ListField(child=serializers.DictField())


class NightStartedSerializer(serializers.Serializer):
    game_id = serializers.UUIDField()
    campaign = CampaignSerializer()


def campaign_body(campaign: Campaign) -> dict:
    aggregate = campaigns.fold_campaign(campaign)
    return {
        "id": campaign.pk, "system": campaign.system, "player": campaign.player.get_username(),
        "status": campaign.status, "version": campaign.version, "standing": campaign.standing,
        "current_game": campaign.current_game_id, "nights": aggregate["nights"],
    }


class CampaignListCreate(APIView):
    @extend_schema(responses=with_errors({200: CampaignSummarySerializer(many=True)}, 401),
                   operation_id="campaigns_list")
    def get(self, request):
        """Solo campaigns, newest first, with their standing."""
        qs = Campaign.objects.select_related("player").order_by("-created_at")[:200]
        return Response([{"id": c.pk, "system": c.system, "player": c.player.get_username(), "status": c.status,
                          "standing": c.standing} for c in qs])

    @extend_schema(request=StartCampaignSerializer,
                   responses=with_errors({201: CampaignSerializer}, 400, 401, 403, 413, 422))
    def post(self, request):
        """Start your own solo campaign (a ladder of scenarios)."""
        data = StartCampaignSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        campaign = campaigns.start_campaign(player=request.user, **data.validated_data)
        return Response(campaign_body(campaign), status=status.HTTP_201_CREATED)


class CampaignDetail(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=with_errors({200: CampaignSerializer}, 401, 404))
    def get(self, request, campaign_id):
        """A campaign: its nights so far and its standing."""
        return Response(campaign_body(get_object_or_404(Campaign.objects.select_related("player"), pk=campaign_id)))


class CampaignNights(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=NextNightSerializer,
                   responses=with_errors({201: NightStartedSerializer}, 400, 401, 403, 404, 409, 413, 422))
    def post(self, request, campaign_id):
        """Open the campaign's next night (its player only) at ``expected_version``: a new solo game."""
        if not Campaign.objects.filter(pk=campaign_id).exists():
            raise CommandRejected(refusals.NOT_FOUND, "campaign_not_found", _("no such campaign"))
        data = NextNightSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = campaigns.start_next_night(campaign_id, request.user, data.validated_data["expected_version"],
                                          data.validated_data["assignment"] or None)
        return Response({"game_id": game.pk, "campaign": campaign_body(Campaign.objects.get(pk=campaign_id))},
                        status=status.HTTP_201_CREATED)
