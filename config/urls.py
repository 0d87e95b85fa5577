from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from accounts.token_api import ThrottledObtainAuthToken

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path("api/auth/token/", ThrottledObtainAuthToken.as_view(), name="api-token"),
    path("api/", include("game.urls")),
    path("api/", include("tournament.urls")),
    path("api/", include("tournament.quiz.urls")),
    path("api/", include("ratings.urls")),
    path("api/", include("accounts.urls")),
    path("api/", include("notifications.urls")),
    path("api/", include("matchmaking.urls")),
    path("api/", include("bots.urls")),
    path("accounts/", include("accounts.page_urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"), permanent=True)),
    path("", include("game.page_urls")),
    path("", include("tournament.page_urls")),
    path("", include("tournament.quiz.page_urls")),
    path("", include("tournament.print_urls")),
    path("", include("ratings.page_urls")),
    path("", include("notifications.page_urls")),
    path("", include("matchmaking.page_urls")),
]

handler404 = "kernel.api.fallback_errors.not_found"
handler500 = "kernel.api.fallback_errors.server_error"
