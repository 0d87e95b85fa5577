from django.apps import AppConfig


class KernelConfig(AppConfig):
    name = "kernel"
    verbose_name = "Event store and outbox"

    def ready(self):
        from kernel.api.token_cache import connect_revocation

        connect_revocation()
