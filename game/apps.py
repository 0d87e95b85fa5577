from django.apps import AppConfig


class GameConfig(AppConfig):
    name = "game"
    verbose_name = "Games and event store"

    def ready(self):
        from .api.token_cache import connect_revocation

        connect_revocation()
