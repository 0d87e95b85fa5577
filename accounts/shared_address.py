"""An e-mail address that another account gives already is accepted, not refused: a refusal
would tell a stranger which addresses have an account here. The accounts that gave it first are
told by e-mail instead, in their own language, so a mistake or a misuse does not go unseen."""
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from .language import profile_language


def tell_owners_of(email: str, newcomer) -> int:
    """E-mail every other active account giving ``email`` that ``newcomer`` now gives it too."""
    owners = get_user_model().objects.filter(email__iexact=email, is_active=True).exclude(pk=newcomer.pk)
    site = settings.NIGHTDUEL_SITE_URL.rstrip("/")
    for owner in owners:
        with translation.override(profile_language(owner) or settings.LANGUAGE_CODE):
            send_mail(_("Nightduel: another account gives your e-mail address"),
                      _("Hello %(owner)s,\n\nthe account %(newcomer)s on Nightduel now gives your e-mail address, "
                        "which your account gives too. Your account is unchanged. If you did not do this, you "
                        "need not do anything; a password reset for this address would also send you a link for "
                        "that account.\n\nLog in: %(login)s\n")
                      % {"owner": owner.get_username(), "newcomer": newcomer.get_username(),
                         "login": site + reverse("login")},
                      settings.DEFAULT_FROM_EMAIL, [owner.email])
    return len(owners)
