from django.apps import AppConfig


class Battle303Config(AppConfig):
    """303's folder as a Django app, so its templates and static files are found."""

    name = "systems.battle303"
    label = "system_battle303"
