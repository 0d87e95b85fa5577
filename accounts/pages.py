"""Account pages: sign up and the profile. Log in/out and password reset are Django's auth
views with the templates in ``templates/registration/`` (the reset's request limited per address,
page_urls.py; log-in locked after wrong passwords by django-axes, lockout.py)."""
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from kernel.form_views import ServiceFormView

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


class Signup(ServiceFormView):
    form_class = SignupForm
    template_name = "accounts/signup.html"

    def perform(self, form):
        user = form.save()
        Profile.objects.create(user=user)
        tell_owners_of(user.email, user)
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        return user

    def success_message(self, form, result):
        return _("Welcome, %(name)s: your account is ready.") % {"name": result.get_username()}

    def get_success_url(self, form, result):
        return _next_url(self.request)

    def get_context_data(self, **kwargs):
        return super().get_context_data(next=_next_url(self.request), **kwargs)


signup = limit_posts("signup")(Signup.as_view())


class ProfilePage(ServiceFormView):
    form_class = ProfileForm
    template_name = "accounts/profile.html"

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "instance": profile_of(self.request.user), "user": self.request.user}

    def perform(self, form):
        form.save()

    def success_message(self, form, result):
        return _("Your profile is saved.")

    def get_success_url(self, form, result):
        return reverse("profile")


profile = login_required(ProfilePage.as_view())
