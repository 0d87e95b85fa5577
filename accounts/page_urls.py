"""Account pages, mounted under /accounts/ before Django's auth views (see pages.py)."""
from django.urls import path

from . import language, pages

urlpatterns = [
    path("signup/", pages.signup, name="signup"),
    path("profile/", pages.profile, name="profile"),
    path("language/", language.set_language, name="set_language"),
]
