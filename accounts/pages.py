"""Account pages: sign up and the profile. Log in/out and password reset are Django's auth
views with the templates in ``templates/registration/`` (the reset's request limited per address,
page_urls.py; log-in locked after wrong passwords by django-axes, lockout.py)."""
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .forms import ProfileForm, SignupForm
from .limits import limit_posts
from .models import Profile, profile_of
from .shared_address import tell_owners_of


def _next_url(request) -> str:
    """Where to go after signing up: back to the page that sent us (not another account page)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure())
    return target if safe and not target.startswith("/accounts/") else "/"


@require_http_methods(["GET", "POST"])
@limit_posts("signup")
def signup(request):
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        Profile.objects.create(user=user)
        tell_owners_of(user.email, user)
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome, %(name)s: your account is ready.") % {"name": user.get_username()})
        return redirect(_next_url(request))
    return render(request, "accounts/signup.html", {"form": form, "next": _next_url(request)},
                  status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def profile(request):
    form = ProfileForm(request.POST or None, instance=profile_of(request.user), user=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your profile is saved."))
        return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form}, status=400 if form.errors else 200)
