"""Leagues and seasons: the league admin's use cases (docs/rules/service.md, "Who uses it": league admin
creates leagues and seasons and appoints organisers; "Ratings": league tables per season).

The API (ratings/views.py) and the pages (ratings/league_admin_pages.py) both call these, so a
rule holds at both doors. A league is addressed by its slug everywhere (URLs, a tournament's
``league``); its numeric id is accepted too. The slug is fixed once the league exists: the
tournament streams name their league by it.
"""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from kernel import refusals
from kernel.refusals import CommandRejected

from leagues.models import League, Season


def field_error(field: str, code: str, message: str) -> CommandRejected:
    """An invalid request naming the input at fault, shaped like a serializer's: ``errors: {field: [message]}``."""
    return CommandRejected(refusals.INVALID, code, message, field=field)


def league_at(address) -> League:
    """The league whose slug is ``address``, else whose id it is; not found otherwise."""
    address = str(address)
    league = League.objects.filter(slug=address).first()
    if league is None and address.isdigit():
        league = League.objects.filter(pk=int(address)).first()
    if league is None:
        raise CommandRejected(refusals.NOT_FOUND, "league_not_found", _("no league %(address)r") % {"address": address})
    return league


# Words the pages use after /leagues/ (e.g. /leagues/new/): no league may take them as its slug.
RESERVED_SLUGS = {"new"}


def _check_slug(slug: str) -> None:
    if slug.isdigit():
        raise field_error("slug", "slug_is_a_number", _("a slug needs a letter, so it is never mistaken for an id"))
    if slug in RESERVED_SLUGS:
        raise field_error("slug", "slug_reserved",
                          _("%(slug)r is a word of the site's addresses: choose another") % {"slug": slug})
    if League.objects.filter(slug=slug).exists():
        raise field_error("slug", "slug_taken", _("another league has this slug"))


def create_league(*, name: str, slug: str, organisers=()) -> League:
    _check_slug(slug)
    if League.objects.filter(name=name).exists():
        raise field_error("name", "name_taken", _("another league has this name"))
    with transaction.atomic():
        league = League.objects.create(name=name, slug=slug)
        league.organisers.set(organisers)
    return league


def change_league(league: League, *, name: str | None = None, slug: str | None = None, organisers=None) -> League:
    """Rename a league or appoint its organisers; its slug stays (streams refer to it)."""
    if slug is not None and slug != league.slug:
        raise field_error("slug", "slug_fixed", _("a league's slug is its address and cannot change"))
    if name is not None and League.objects.filter(name=name).exclude(pk=league.pk).exists():
        raise field_error("name", "name_taken", _("another league has this name"))
    with transaction.atomic():
        if name is not None:
            league.name = name
            league.save(update_fields=["name"])
        if organisers is not None:
            league.organisers.set(organisers)
    return league


def _check_season(league: League, name: str, starts_on, ends_on, season: Season | None = None) -> None:
    if starts_on and ends_on and ends_on < starts_on:
        raise field_error("ends_on", "season_ends_before_it_starts", _("a season cannot end before it starts"))
    same_name = Season.objects.filter(league=league, name=name)
    if season is not None:
        same_name = same_name.exclude(pk=season.pk)
    if same_name.exists():
        raise field_error("name", "season_name_taken", _("this league already has a season of that name"))


def create_season(league: League, *, name: str, starts_on=None, ends_on=None) -> Season:
    _check_season(league, name, starts_on, ends_on)
    return Season.objects.create(league=league, name=name, starts_on=starts_on, ends_on=ends_on)


def change_season(season: Season, *, name: str, starts_on=None, ends_on=None) -> Season:
    _check_season(season.league, name, starts_on, ends_on, season)
    season.name, season.starts_on, season.ends_on = name, starts_on, ends_on
    season.save(update_fields=["name", "starts_on", "ends_on"])
    return season
