"""Server-rendered pages of this app (see pages.py)."""
from django.urls import path

from . import annotation_pages, pages, sandbox_pages, study_pages, vacation_pages

urlpatterns = [
    path("", pages.home, name="home"),
    path("games/", pages.game_list, name="game-list-page"),
    path("games/<uuid:game_id>/", pages.play, name="game-play"),
    path("games/<uuid:game_id>/end/", pages.end_from_form, name="game-end"),
    path("games/<uuid:game_id>/claim-seat/", pages.claim_seat_from_form, name="game-claim-seat-page"),
    path("games/<uuid:game_id>/replay/", pages.replay_page, name="game-replay-page"),
    path("games/<uuid:game_id>/forks/", sandbox_pages.fork_from_form, name="game-fork-page"),
    path("games/<uuid:game_id>/undo/", sandbox_pages.undo_from_form, name="game-undo-page"),
    path("games/<uuid:game_id>/annotations/", annotation_pages.annotate_from_form, name="game-annotate-page"),
    path("games/<uuid:game_id>/annotations/<int:annotation_id>/remove/", annotation_pages.remove_from_form,
         name="game-annotation-remove-page"),
    path("games/<uuid:game_id>/annotations/share/", annotation_pages.share_from_form, name="game-annotation-share-page"),
    path("replays/shared/<str:token>/", annotation_pages.shared_replay_page, name="game-shared-replay-page"),
    path("studies/", study_pages.study_list, name="study-list-page"),
    path("studies/<int:study_id>/", study_pages.study_page, name="study-page"),
    path("studies/<int:study_id>/steps/<int:step_id>/", study_pages.study_step_action, name="study-step-page"),
    path("studies/<int:study_id>/share/", study_pages.study_share, name="study-share-page"),
    path("studies/shared/<str:token>/", study_pages.shared_study_page, name="study-shared-page"),
    path("vacation/", vacation_pages.vacation_page, name="vacation-page"),
]
