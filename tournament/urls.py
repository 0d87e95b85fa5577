"""Tournament API, mounted under /api/ (issue 5)."""
from django.urls import path

from . import streams, views

urlpatterns = [
    path("tournaments/", views.TournamentListCreate.as_view(), name="tournament-list"),
    path("tournaments/<int:tournament_id>/", views.TournamentDetail.as_view(), name="tournament-detail"),
    path("tournaments/<int:tournament_id>/referees/", views.TournamentReferees.as_view(), name="tournament-referees"),
    path("tournaments/<int:tournament_id>/season/", views.TournamentSeason.as_view(), name="tournament-season"),
    path("tournaments/<int:tournament_id>/events/", views.TournamentEvents.as_view(), name="tournament-events"),
    path("tournaments/<int:tournament_id>/stream/", streams.TournamentStream.as_view(), name="tournament-stream"),
    path("tournaments/<int:tournament_id>/entrants/", views.Entrants.as_view(), name="tournament-entrants"),
    path("tournaments/<int:tournament_id>/entrants/<str:username>/withdraw/", views.Withdraw.as_view(),
         name="tournament-withdraw"),
    path("tournaments/<int:tournament_id>/entrants/<str:username>/check-in/", views.CheckIn.as_view(),
         name="tournament-check-in"),
    path("tournaments/<int:tournament_id>/seeding/", views.Seeding.as_view(), name="tournament-seeding"),
    path("tournaments/<int:tournament_id>/rounds/", views.Rounds.as_view(), name="tournament-rounds"),
    path("tournaments/<int:tournament_id>/bracket/", views.Bracket.as_view(), name="tournament-bracket"),
    path("tournaments/<int:tournament_id>/standings/", views.Standings.as_view(), name="tournament-standings"),
    path("tournaments/<int:tournament_id>/penalties/", views.Penalties.as_view(), name="tournament-penalties"),
    path("tournaments/<int:tournament_id>/penalties/<uuid:penalty_id>/revoke/", views.RevokePenalty.as_view(),
         name="tournament-penalty-revoke"),
    path("tournaments/<int:tournament_id>/knowledge-tests/", views.KnowledgeTests.as_view(),
         name="tournament-knowledge-tests"),
    path("tournaments/<int:tournament_id>/decisions/", views.Decisions.as_view(), name="tournament-decisions"),
    path("tournaments/<int:tournament_id>/table-reports/", views.TableReports.as_view(), name="tournament-table-reports"),
    path("pairings/<uuid:pairing_id>/", views.PairingDetail.as_view(), name="pairing-detail"),
    path("pairings/<uuid:pairing_id>/table/", views.PairingToTable.as_view(), name="pairing-to-table"),
    path("pairings/<uuid:pairing_id>/legs/<int:leg>/report/", views.LegReport.as_view(), name="pairing-leg-report"),
    path("pairings/<uuid:pairing_id>/legs/<int:leg>/confirm/", views.LegConfirm.as_view(),
         name="pairing-leg-confirm"),
    path("pairings/<uuid:pairing_id>/legs/<int:leg>/dispute/", views.LegDispute.as_view(),
         name="pairing-leg-dispute"),
    path("pairings/<uuid:pairing_id>/legs/<int:leg>/result/", views.LegEntry.as_view(), name="pairing-leg-result"),
]
