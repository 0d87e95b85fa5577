"""Site-wide roles of an account: league admins are the site's staff (issue 26).

They appoint every league's organisers, so a would-be organiser is sent to them; every app
asks here rather than reading ``is_staff`` itself.
"""
from django.contrib.auth import get_user_model
from django.db.models import Q


def is_league_admin(user) -> bool:
    return bool(user and user.is_authenticated and (user.is_superuser or user.is_staff))


def league_admins() -> list:
    """The active league admins, by name: who grants the right to organise."""
    return list(get_user_model().objects.filter(Q(is_staff=True) | Q(is_superuser=True), is_active=True)
                .order_by("username"))
