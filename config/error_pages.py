"""The site's own 404, 403 and 500 pages (templates/404.html, 403.html, 500.html: the site's
look, a line of what to do, links on) — with DEBUG on too.

With DEBUG off Django renders those templates itself (``handler404``/``handler500`` in
config/urls.py; 403.html whatever DEBUG says). With DEBUG on, which the embedded default
(serve.sh) runs with, it would answer a mistyped address with its debug page listing every URL
pattern, and an uncaught exception with a traceback: words for a developer, not for a club
organiser. :class:`SiteErrorPagesMiddleware` renders the site's page instead on every path but
/api/, whose answers stay JSON (kernel/api/fallback_errors.py); the traceback still goes to the
console log.

Why not DEBUG off for serve.sh: DEBUG off means its own secret key and HTTPS (config/settings.py),
which a club serving from a laptop would have to set up by hand before the first page.
"""
import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import render
from django.views import defaults

from kernel.api.fallback_errors import is_api

logger = logging.getLogger("django.request")


def not_found_page(request, exception=None):
    return render(request, "404.html", status=404)


def server_error_page(request):
    """With the request (the header knows who is signed in); without it if that fails too."""
    try:
        return render(request, "500.html", status=500)
    except Exception:  # the page must answer whatever broke: the plain template, no context
        return defaults.server_error(request)


class SiteErrorPagesMiddleware:
    """With DEBUG on: an unknown address, a view's Http404 and an uncaught exception get the
    site's page instead of Django's debug page (API paths excepted)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (settings.DEBUG and response.status_code == 404 and not is_api(request)
                and getattr(request, "resolver_match", None) is None):  # no URL pattern matched
            return not_found_page(request)
        return response

    def process_exception(self, request, exception):
        if not settings.DEBUG or is_api(request) or isinstance(exception, PermissionDenied):
            return None  # 403.html is rendered by Django's own handler, DEBUG or not
        if isinstance(exception, Http404):
            return not_found_page(request, exception)
        logger.error("Internal Server Error: %s", request.path, exc_info=exception)
        return server_error_page(request)
