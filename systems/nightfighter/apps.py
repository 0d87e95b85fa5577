from django.apps import AppConfig


class NightfighterConfig(AppConfig):
    """Nightfighter solo's folder as a Django app, so its templates and static files are found."""

    name = "systems.nightfighter"
    label = "system_nightfighter"
