"""A leaner Django handler for the API's token-authenticated requests (issue 18).

A move command authenticated by ``Authorization: Token …`` has no use for sessions, CSRF,
flash messages, the profile-language lookup or static files, yet went through all of them:
a fifth of the framework's floor. :func:`wsgi_application` sends such requests (``/api/…``
with a token) to a second handler built with ``settings.API_TOKEN_MIDDLEWARE`` and every
other request to the usual one. Both share the URLs, views, error handlers and settings, so an
answer differs only by what the dropped middleware would have added (no session cookie, no
``Vary: Cookie``). DRF's token authentication decides whether a token is valid, as before.
"""
from django.conf import settings
from django.core.handlers.wsgi import WSGIHandler
from django.core.wsgi import get_wsgi_application


def is_token_api(path: str, authorization: str) -> bool:
    # DRF compares the keyword case-insensitively; "Token " with no key still goes to DRF's 401.
    return path.startswith("/api/") and authorization[:6].lower() == "token "


class TokenApiWSGIHandler(WSGIHandler):
    """Django's WSGI handler with ``API_TOKEN_MIDDLEWARE`` instead of ``MIDDLEWARE``."""

    def load_middleware(self, is_async=False):
        # Django builds the chain from settings.MIDDLEWARE only; swapped for the build, at startup.
        full = settings.MIDDLEWARE
        settings.MIDDLEWARE = settings.API_TOKEN_MIDDLEWARE
        try:
            super().load_middleware(is_async)
        finally:
            settings.MIDDLEWARE = full


def wsgi_application():
    """The WSGI application: token-authenticated API requests to the lean handler, the rest as usual."""
    full = get_wsgi_application()  # sets Django up
    lean = TokenApiWSGIHandler()

    def application(environ, start_response):
        if is_token_api(environ.get("PATH_INFO", ""), environ.get("HTTP_AUTHORIZATION", "")):
            return lean(environ, start_response)
        return full(environ, start_response)

    return application
