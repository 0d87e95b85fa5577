"""A person's profile beside Django's user (docs/rules/service.md, "Who uses it": everyone has an account).

The username stays the identity everywhere (entrants, seats, events); the display name is how
pages greet a person. Preferences live here too: the page language now, notification choices
when notifications arrive — each a field of :class:`Profile` and of ``accounts.forms.ProfileForm``.
"""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True,
                                related_name="profile")
    display_name = models.CharField(_("display name"), max_length=80, blank=True,
                                    help_text=_("How other people see you on the pages; your username stays your login."))
    # The choices are settings.LANGUAGES (in the form), so adding a language needs no migration.
    language = models.CharField(_("language"), max_length=10, blank=True,
                                help_text=_("The language of the pages (empty: your browser's)."))
    # A practice bot's account (bots/): it plays through the same command path as people; pages
    # mark it and say it is thinking while it is to move.
    is_bot = models.BooleanField(_("practice bot"), default=False, editable=False)

    def __str__(self) -> str:
        return self.display_name or self.user.get_username()


def profile_of(user) -> Profile:
    profile, _created = Profile.objects.get_or_create(user=user)
    return profile


def display_name_of(user) -> str:
    """The display name the person chose, or "" (no profile yet counts as none chosen)."""
    try:
        return user.profile.display_name
    except Profile.DoesNotExist:
        return ""


def bot_names(usernames) -> dict[str, str]:
    """Those of ``usernames`` that belong to practice bots, each with the bot's name for pages."""
    return {username: name or username for username, name in Profile.objects.filter(
        is_bot=True, user__username__in=[u for u in usernames if u]).values_list("user__username", "display_name")}
