"""Leagues and seasons (docs/rules/service.md, "Ratings"; league admins create them)."""
from django.conf import settings
from django.db import models


class League(models.Model):
    name = models.CharField(max_length=120, unique=True)
    slug = models.SlugField(unique=True)
    organisers = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="organised_leagues")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "ratings_league"  # the tables kept their names when the models moved here from ratings
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)

    class Meta:
        db_table = "ratings_season"
        ordering = ["league", "-starts_on", "name"]
        constraints = [models.UniqueConstraint(fields=["league", "name"], name="season_name_unique")]

    def __str__(self) -> str:
        return f"{self.league} — {self.name}"
