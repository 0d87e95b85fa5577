"""Who may see a tournament (docs/rules/service.md, "Who uses it and what they may do"): THE rule.

A public tournament: anyone. A private one: league admins, the organisers of its league, its
referees and its entrants (whoever has registered, withdrawn or not). Holding the join link
alone shows the join page, not the tournament (tournament/organiser_pages.py ``join``).

It is one queryset filter, ``Tournament.objects.visible_to(user)``, so lists, pages, the API's
querysets, streams, printing and exports ask the same question; :func:`may_view` asks it of
one tournament. Entrants are read from the stream's ``EntrantRegistered`` events (the truth),
not from a copy.
"""
from __future__ import annotations

from django.db import models
from django.db.models import CharField, Exists, OuterRef, Q, TextField, Value
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast, Concat

from kernel.models import StoredEvent
from accounts.roles import is_league_admin

from .events import ENTRANT_REGISTERED, stream_for

STREAM_PREFIX = stream_for("")


class TournamentQuerySet(models.QuerySet):
    def visible_to(self, user) -> "TournamentQuerySet":
        if is_league_admin(user):
            return self.all()
        if not (user and user.is_authenticated):
            return self.filter(is_public=True)
        model = self.model
        # Each tournament's own stream, found by its (stream, seq) index; the entrant compared as
        # plain text: the payload column is PostgreSQL ``json``, which has no equality, and a JSON
        # key lookup would parse the username as JSON on SQLite.
        entered = (StoredEvent.objects
                   .filter(stream=Concat(Value(STREAM_PREFIX), Cast(OuterRef("pk"), CharField())),
                           type=ENTRANT_REGISTERED)
                   .annotate(entrant=Cast(KeyTextTransform("entrant", "payload"), TextField()))
                   .filter(entrant=user.get_username()))
        refereed = model.referees.through.objects.filter(user=user).values("tournament_id")
        league = model._meta.get_field("league").related_model
        organised = league.organisers.through.objects.filter(user=user).values("league_id")
        # Subqueries, not joins: a tournament is listed once whatever roles its viewer holds.
        return self.filter(Q(is_public=True) | Q(league_id__in=organised) | Q(pk__in=refereed)
                           | Exists(entered))


def may_view(user, tournament) -> bool:
    """Whether ``user`` may see ``tournament``: the same filter as every list."""
    return type(tournament).objects.visible_to(user).filter(pk=tournament.pk).exists()
