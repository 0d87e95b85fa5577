"""Who may write leagues, seasons and ratings (docs/rules/service.md, "Who uses it": league admin)."""
from rest_framework import permissions

from accounts.roles import is_league_admin


class LeagueAdminOrReadOnly(permissions.BasePermission):
    """Anyone reads; only a league admin creates or changes."""

    message = "only a league admin may do this"

    def has_permission(self, request, view):
        return request.method in permissions.SAFE_METHODS or is_league_admin(request.user)


class IsLeagueAdmin(permissions.BasePermission):
    message = "only a league admin may do this"

    def has_permission(self, request, view):
        return is_league_admin(request.user)
