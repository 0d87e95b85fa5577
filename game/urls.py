from django.urls import path

from .api import annotation_views, campaign_views, ending_views, replay_views, sandbox_views, streams, vacation_views, views

urlpatterns = [
    path("games/", views.GameListCreate.as_view(), name="game-list"),
    path("games/import/", views.GameImport.as_view(), name="game-import"),
    path("games/<uuid:game_id>/", views.GameDetail.as_view(), name="game-detail"),
    path("games/<uuid:game_id>/commands/", views.GameCommands.as_view(), name="game-commands"),
    path("games/<uuid:game_id>/events/", views.GameEvents.as_view(), name="game-events"),
    path("games/<uuid:game_id>/stream/", streams.GameStream.as_view(), name="game-stream"),
    path("games/<uuid:game_id>/replay/", views.GameReplay.as_view(), name="game-replay"),
    path("games/<uuid:game_id>/replay/steps/", replay_views.GameReplaySteps.as_view(), name="game-replay-steps"),
    path("games/<uuid:game_id>/replay/fog/", replay_views.GameReplayFog.as_view(), name="game-replay-fog"),
    path("games/<uuid:game_id>/replay/verification/", replay_views.GameReplayVerification.as_view(),
         name="game-replay-verification"),
    path("games/<uuid:game_id>/resign/", ending_views.GameResign.as_view(), name="game-resign"),
    path("games/<uuid:game_id>/abort/", ending_views.GameAbort.as_view(), name="game-abort"),
    path("games/<uuid:game_id>/claim-timeout/", ending_views.GameClaimTimeout.as_view(), name="game-claim-timeout"),
    path("games/<uuid:game_id>/export/", views.GameExport.as_view(), name="game-export"),
    path("games/<uuid:game_id>/claim-seat/", views.GameClaimSeat.as_view(), name="game-claim-seat"),
    path("games/<uuid:game_id>/forks/", sandbox_views.GameForks.as_view(), name="game-forks"),
    path("games/<uuid:game_id>/undo/", sandbox_views.GameUndo.as_view(), name="game-undo"),
    path("games/<uuid:game_id>/annotations/", annotation_views.GameAnnotations.as_view(), name="game-annotations"),
    path("games/<uuid:game_id>/annotations/<int:annotation_id>/", annotation_views.GameAnnotation.as_view(),
         name="game-annotation"),
    path("games/<uuid:game_id>/annotations/share/", annotation_views.GameAnnotationShare.as_view(),
         name="game-annotation-share"),
    path("shared-replays/<str:token>/", annotation_views.SharedAnnotations.as_view(), name="shared-annotations"),
    path("vacation/", vacation_views.MyVacation.as_view(), name="my-vacation"),
    path("campaigns/", campaign_views.CampaignListCreate.as_view(), name="campaign-list"),
    path("campaigns/<uuid:campaign_id>/", campaign_views.CampaignDetail.as_view(), name="campaign-detail"),
    path("campaigns/<uuid:campaign_id>/nights/", campaign_views.CampaignNights.as_view(), name="campaign-nights"),
]
