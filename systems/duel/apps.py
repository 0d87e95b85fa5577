from django.apps import AppConfig


class DuelConfig(AppConfig):
    """Duel in the Dark's folder as a Django app, so its templates and static files are found."""

    name = "systems.duel"
    label = "system_duel"
