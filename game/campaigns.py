"""Campaigns: a series of nights whose results carry over (docs/rules/nightfighter-solo.md §3.14).

A campaign is its own event stream, ``campaign-<id>``; each night is a child game created
through ``services.create_game``. The campaign rules themselves are the engine's pure
functions (``<engine>.campaign``); this module only records and folds them.
"""
from __future__ import annotations

import importlib

from django.db import transaction
from django.utils.translation import gettext as _

from game import services
from kernel import refusals
from .models import Campaign, Game
from systems import registry
from systems.kit.contract import RuleViolation, RuleViolationError
from kernel.refusals import CommandRejected
from kernel.store import ConcurrencyError, NewEvent, append_events, read_events

CAMPAIGN_STARTED = "CampaignStarted"
PILOTS_ASSIGNED = "PilotsAssigned"
NIGHT_STARTED = "NightStarted"
NIGHT_RECORDED = "NightRecorded"
CAMPAIGN_FINISHED = "CampaignFinished"


def with_campaigns() -> list[str]:
    """The systems whose descriptor names campaign rules."""
    return [d.name for d in registry.descriptors() if d.campaign]


def rules_for(system: str):
    found = registry.find(system)
    if found is None or not found.campaign:
        raise CommandRejected(refusals.INVALID, "no_campaigns", _("%(system)r has no campaigns") % {"system": system})
    return importlib.import_module(found.campaign)


def evolve(rules, aggregate: dict | None, event_type: str, payload: dict) -> dict:
    if event_type == CAMPAIGN_STARTED:
        return {"state": rules.campaign_initial(payload["setup"]), "nights": [], "current_game": None}
    if event_type == PILOTS_ASSIGNED:
        return {**aggregate, "state": rules.assign_pilots(aggregate["state"], payload["assignment"])}
    if event_type == NIGHT_STARTED:
        night = {"night": payload["night"], "game_id": payload["game_id"], "outcome": None}
        return {**aggregate, "nights": aggregate["nights"] + [night], "current_game": payload["game_id"]}
    if event_type == NIGHT_RECORDED:
        nights = [{**n, "outcome": payload["outcome"]} if n["game_id"] == payload["game_id"] else n
                  for n in aggregate["nights"]]
        return {**aggregate, "state": rules.record_night(aggregate["state"], payload["outcome"]),
                "nights": nights, "current_game": None}
    return aggregate


def fold_campaign(campaign: Campaign) -> dict:
    rules, aggregate = rules_for(campaign.system), None
    for row in read_events(campaign.stream):
        aggregate = evolve(rules, aggregate, row.type, row.payload)
    return aggregate


def _append(campaign: Campaign, events: list[NewEvent], actor: str, expected: int | None = None) -> dict:
    """Append to the campaign stream and refresh its read model (inside a transaction)."""
    if expected is not None and expected != campaign.version:
        raise CommandRejected(refusals.CONFLICT, "stale_version",
                              _("the campaign is at version %(version)s") % {"version": campaign.version},
                              {"version": campaign.version})
    rules = rules_for(campaign.system)
    aggregate = fold_campaign(campaign) if campaign.version else None
    try:
        for e in events:
            aggregate = evolve(rules, aggregate, e.type, e.payload)
    except RuleViolationError as exc:
        raise services.refused_by_rules(exc.violation) from None
    if rules.campaign_over(aggregate["state"]) and aggregate["current_game"] is None:
        standing = rules.campaign_standing(aggregate["state"])
        events = events + [NewEvent(CAMPAIGN_FINISHED, {"standing": standing})]
        campaign.status = Campaign.Status.FINISHED
    try:
        append_events(campaign.stream, campaign.version, events, actor=actor)
    except ConcurrencyError as exc:
        raise CommandRejected(refusals.CONFLICT, "stale_version",
                              _("stream %(stream)s is at version %(current)s, not %(expected)s")
                              % {"stream": exc.stream, "current": exc.current, "expected": exc.expected},
                              {"version": exc.current}) from None
    campaign.version += len(events)
    campaign.standing = rules.campaign_standing(aggregate["state"])
    campaign.current_game_id = aggregate["current_game"]
    campaign.save()
    return aggregate


def start_campaign(*, system: str, setup: dict, player) -> Campaign:
    rules = rules_for(system)
    try:
        rules.campaign_initial(setup)
    except (RuleViolationError, KeyError, ValueError) as exc:
        violation = getattr(exc, "violation", None) or RuleViolation("invalid_setup", str(exc))
        raise services.refused_by_rules(violation) from None
    with transaction.atomic():
        campaign = Campaign.objects.create(system=system, player=player)
        _append(campaign, [NewEvent(CAMPAIGN_STARTED, {"system": system, "setup": setup,
                                                       "player": player.get_username()})],
                player.get_username())
    return campaign


def _locked(campaign_id) -> Campaign:
    try:
        return Campaign.objects.select_for_update().get(pk=campaign_id)
    except Campaign.DoesNotExist:
        raise CommandRejected(refusals.NOT_FOUND, "campaign_not_found", _("no such campaign")) from None


def start_next_night(campaign_id, user, expected_version: int, assignment: dict | None = None) -> Game:
    """Assign pilots (optional) and open the next night as a child game."""
    with transaction.atomic():
        campaign = _locked(campaign_id)
        if campaign.player_id != user.pk:
            raise CommandRejected(refusals.FORBIDDEN, "not_your_campaign",
                                  _("only the campaign's player starts its nights"))
        if campaign.status == Campaign.Status.FINISHED:
            raise CommandRejected(refusals.UNPROCESSABLE, "campaign_over", _("the campaign is over"))
        if campaign.current_game_id:
            raise CommandRejected(refusals.CONFLICT, "night_running", _("finish the running night first"),
                                  {"game_id": str(campaign.current_game_id)})
        if expected_version != campaign.version:
            raise CommandRejected(refusals.CONFLICT, "stale_version",
                                  _("the campaign is at version %(version)s") % {"version": campaign.version},
                                  {"version": campaign.version})
        rules = rules_for(campaign.system)
        aggregate = fold_campaign(campaign)
        events = []
        if assignment:
            try:
                aggregate = evolve(rules, aggregate, PILOTS_ASSIGNED, {"assignment": assignment})
            except RuleViolationError as exc:
                raise services.refused_by_rules(exc.violation) from None
            events.append(NewEvent(PILOTS_ASSIGNED, {"assignment": assignment}))
        setup = rules.next_night_setup(aggregate["state"])
        sides = services.sides_for(services.system_or_reject(campaign.system), setup)
        game = services.create_game(system_name=campaign.system, setup=setup, players={s: user for s in sides},
                                    created_by=user, rated=False)
        events.append(NewEvent(NIGHT_STARTED, {"night": len(aggregate["nights"]) + 1, "game_id": str(game.pk),
                                               "setup": setup}))
        _append(campaign, events, user.get_username())
    return game


def record_finished_night(game_id: str) -> bool:
    """Carry a finished child game into its campaign; idempotent (a night is recorded once)."""
    with transaction.atomic():
        campaign = Campaign.objects.select_for_update().filter(current_game_id=game_id).first()
        game = Game.objects.filter(pk=game_id).first()
        if campaign is None or game is None or game.status == Game.Status.RUNNING:
            return False
        outcome = dict(game.outcome or {})
        outcome.setdefault("vp", outcome.get("score", 0))
        outcome.setdefault("kills", 0)
        outcome.setdefault("won", outcome.get("winner") is not None)
        _append(campaign, [NewEvent(NIGHT_RECORDED, {"game_id": str(game_id), "outcome": outcome})], "system")
    return True
