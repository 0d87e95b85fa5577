from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"

    def ready(self):
        from tournament import entry_ratings

        from . import elo, leaderboards

        entry_ratings.provide(entry_ratings.RatingSource(leaderboards.entry_rating, elo.PROVISIONAL_GAMES))
