"""What a locked-out log-in is answered (django-axes' ``AXES_LOCKOUT_CALLABLE``): the log-in
page saying so in words, or ``{code, message}`` with 429 on the API."""
import math

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import ngettext

LOCKED_OUT = "locked_out"


def lockout_message() -> str:
    minutes = math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    return ngettext(
        "Too many wrong passwords for this account from your address: logging in is locked for %(minutes)s "
        "minute. Try again then, or reset your password.",
        "Too many wrong passwords for this account from your address: logging in is locked for %(minutes)s "
        "minutes. Try again then, or reset your password.", minutes) % {"minutes": minutes}


def locked_out(request, original_response=None, credentials=None):
    if request.path.startswith("/api/"):
        return JsonResponse({"code": LOCKED_OUT, "message": lockout_message()}, status=429)
    form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
    return render(request, "registration/login.html", {"form": form, "locked_out": lockout_message(),
                                                       "next": request.POST.get("next", "")}, status=429)
