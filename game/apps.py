from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GameConfig(AppConfig):
    name = "game"
    verbose_name = _("Games and event store")

    def ready(self):
        from .api.token_cache import connect_revocation

        connect_revocation()
