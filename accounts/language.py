"""The language of the pages (issue 17): the person's profile, else the browser's.

Django's ``LocaleMiddleware`` picks the language from the switcher's cookie or the browser's
Accept-Language; :class:`ProfileLanguageMiddleware` runs after authentication and puts a
signed-in person's profile language first. The switcher (every page's footer) posts to
:func:`set_language`: Django's view sets the cookie, and a signed-in person's profile keeps the
choice too, so it follows him to every browser. URLs stay the same in every language. A request
authenticated by an API token gets its user's profile language from the token authentication
(kernel/api/token_cache.py), which knows the user only inside the view.
"""
from django.conf import settings
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from .models import Profile

LANGUAGE_CODES = {code for code, _name in settings.LANGUAGES}


def profile_language(user) -> str:
    if not user.is_authenticated:
        return ""
    try:
        return user.profile.language
    except Profile.DoesNotExist:
        return ""


def activate_language(language: str) -> None:
    """Put a person's chosen language in force for the rest of the request (none chosen: as is)."""
    if language in LANGUAGE_CODES:
        translation.activate(language)


class ProfileLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = profile_language(request.user)
        if language in LANGUAGE_CODES:
            activate_language(language)
            request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)


@require_POST
def set_language(request):
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in LANGUAGE_CODES:
        Profile.objects.update_or_create(user=request.user, defaults={"language": language})
    return response
