from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"

    def ready(self):
        from django.db.models.signals import m2m_changed

        from . import messages
        from .models import Tournament

        # Whichever door appointed a referee (organiser page, API, Django's admin), it is an
        # addition to this relation: each becomes a ``tournament.staff_appointed`` message.
        m2m_changed.connect(messages.referees_appointed, sender=Tournament.referees.through,
                            dispatch_uid="publish-referees-appointed")
