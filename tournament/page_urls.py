"""Server-rendered pages of this app (see pages.py; the referee panel's actions: referee_pages.py)."""
from django.urls import path

from . import organiser_pages, pages, referee_pages, table_offline, table_pages, upload_pages

PAIRING = "tournaments/<int:tournament_id>/pairings/<uuid:pairing_id>/"

urlpatterns = [
    path("tournaments/", pages.tournament_list, name="tournament-list-page"),
    path("tournaments/<int:tournament_id>/", pages.tournament_page, name="tournament-page"),
    path("tournaments/new/", organiser_pages.new_tournament, name="tournament-new"),
    path("tournaments/<int:tournament_id>/manage/", organiser_pages.manage, name="tournament-manage"),
    path("tournaments/<int:tournament_id>/manage/settings/", organiser_pages.tournament_settings,
         name="tournament-settings"),
    path("tournaments/<int:tournament_id>/manage/export/", organiser_pages.export_file, name="tournament-export-file"),
    path("tournaments/<int:tournament_id>/claim-entrant/", upload_pages.claim_entrant,
         name="tournament-claim-entrant-page"),
    path("tournaments/<int:tournament_id>/join/<str:key>/", organiser_pages.join, name="tournament-join"),
    path("tournaments/<int:tournament_id>/embed/", pages.tournament_embed, name="tournament-embed"),
    path("tournaments/<int:tournament_id>/version/", pages.tournament_version, name="tournament-version"),
    path("tournaments/<int:tournament_id>/body/", pages.tournament_body_fragment, name="tournament-body"),
    path("tournaments/<int:tournament_id>/pairings/<str:pairing_id>/", pages.pairing_page,
         name="tournament-pairing-page"),
    path(PAIRING + "report/", table_pages.report_page, name="tournament-pairing-report"),
    path(PAIRING + "report/manifest.webmanifest", table_offline.manifest, name="tournament-pairing-report-manifest"),
    path("tournaments/table-report-sw.js", table_offline.service_worker, name="table-report-service-worker"),
    path(PAIRING + "to-table/", table_pages.move_to_table, name="tournament-pairing-to-table"),
    path("tournaments/<int:tournament_id>/table-reports/", table_pages.open_reports_page,
         name="tournament-table-reports-page"),
    path(PAIRING + "knowledge-tests/", referee_pages.record_knowledge_tests, name="referee-knowledge-tests"),
    path(PAIRING + "offences/", referee_pages.record_offence, name="referee-offence"),
    path(PAIRING + "penalties/<uuid:penalty_id>/revoke/", referee_pages.revoke_penalty, name="referee-revoke"),
    path(PAIRING + "decisions/", referee_pages.decide, name="referee-decision"),
    path("pairings/<uuid:pairing_id>/", pages.pairing_redirect, name="pairing-short"),
]
