from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notifications"
    verbose_name = _("Notifications and webhooks")

    def ready(self):
        from django.db.models.signals import m2m_changed

        from leagues.models import League

        from . import appointments

        m2m_changed.connect(appointments.organisers_appointed, sender=League.organisers.through,
                            dispatch_uid="notify-organisers-appointed")
