from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GameConfig(AppConfig):
    name = "game"
    verbose_name = _("Games")

    def ready(self):
        from django.conf import settings
        from django.core.signals import setting_changed

        from systems import registry

        registry.configure(settings.NIGHTDUEL_SYSTEMS)

        def systems_changed(setting, value, **kwargs):
            if setting == "NIGHTDUEL_SYSTEMS":  # e.g. a test adding a system through settings alone
                registry.configure(value if value is not None else settings.NIGHTDUEL_SYSTEMS)

        setting_changed.connect(systems_changed, weak=False, dispatch_uid="nightduel-systems")
