"""Account pages, mounted under /accounts/ before Django's auth views (see pages.py)."""
from django.contrib.auth import views as auth_views
from django.urls import path

from . import language, pages
from .limits import limit_posts

urlpatterns = [
    path("signup/", pages.signup, name="signup"),
    # Django's view, limited per address: each request may send an e-mail.
    path("password_reset/", limit_posts("password_reset")(auth_views.PasswordResetView.as_view()),
         name="password_reset"),
    path("profile/", pages.profile, name="profile"),
    path("language/", language.set_language, name="set_language"),
]
