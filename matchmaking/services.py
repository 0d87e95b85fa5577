"""Starting a game: challenge named players, open a seek, answer, join, cancel, expire, rematch.

Pages and API call these same functions. A refusal is a ``CommandRejected`` whose ``errors``
name the input at fault (``players.<side>``, ``setup.<option>``, ``time_control``, …), so a
page puts the words beside its field; nothing is stored then. The game itself is created by
``game.services.create_game`` — the service behind ``POST /api/games/`` — while the challenge
row is locked, so however many answers arrive at once, one game starts.
"""
from __future__ import annotations

import random
import re
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from game import clocks
from kernel import refusals
from accounts.models import bot_names
from game import clocks
from game.models import Game
from systems.kit.presentation import side_name
from game.services import check_setup, create_game, system_or_reject
from kernel.refusals import CommandRejected
from game.visibility import may_view_game
from ratings.leaderboards import entry_rating

from . import news
from .live import announce_change
from .models import Challenge, ChallengeSeat
from .setup_controls import option_label

CHALLENGE_LIFETIME = timedelta(days=7)
SEEK_LIFETIME = timedelta(days=1)
_shuffle = random.SystemRandom().shuffle


def refused(kind: str, code: str, message: str, field: str | None = None) -> CommandRejected:
    return CommandRejected(kind, code, message, field=field)


def _setup_refusal(system, system_name: str, setup: dict, exc: CommandRejected) -> CommandRejected:
    """The engine's refusal of a setup, beside the first option its English sentence names, the
    option keys in the words of the new-game page ("medals" → "Advanced rule 4: medals (§7.5)")."""
    validate = getattr(system, "validate_setup", None)
    violation = validate(setup) if validate else None
    english = violation.message if violation is not None and violation.code == exc.code else exc.message
    keys = re.findall(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*", english)
    named = [k for k in keys if option_label(system_name, k)]
    message = exc.message
    for key in sorted(set(named), key=len, reverse=True):
        message = re.sub(rf"\b{key}\b", f"“{option_label(system_name, key)}”", message)
    field = f"setup.{named[0]}" if named else "setup"
    return CommandRejected(exc.kind, exc.code, message, field=field)


def pace_of(time_control: dict | None) -> str:
    """The preset key of a time control (the lobby filters by it), "" for none or a custom one."""
    return next((p["key"] for p in clocks.TIME_CONTROL_PRESETS if p["time_control"] == time_control), "")


def _check_players(challenger, seats: dict, sides: tuple[str, ...]) -> None:
    if set(seats) != set(sides):
        raise refused(refusals.INVALID, "players_do_not_match_sides",
                      _("players must be given for exactly the sides %(sides)s") % {"sides": ", ".join(sides)},
                      "players")
    seated: dict[int, str] = {}
    for side in sides:
        user = seats[side]
        if user is None:
            continue
        field = f"players.{side}"
        if bot_names([user.get_username()]):
            raise refused(refusals.UNPROCESSABLE, "bot_not_challengeable", _("%(name)s is a practice bot: it answers no challenge; "
                                                          "choose \"A practice bot\" to play it") % {
                "name": user.get_username()}, field)
        if not user.is_active:
            raise refused(refusals.UNPROCESSABLE, "inactive_player",
                          _("the account of %(name)s is not active: choose another player")
                          % {"name": user.get_username()}, field)
        if user.pk in seated:
            if user.pk == challenger.pk:
                raise refused(refusals.UNPROCESSABLE, "challenge_yourself",
                              _("you cannot challenge yourself: choose an opponent"), field)
            raise refused(refusals.UNPROCESSABLE, "seat_twice",
                          _("a player takes one seat: %(name)s already plays %(side)s")
                          % {"name": user.get_username(), "side": side_name(seated[user.pk])}, field)
        seated[user.pk] = side
    if challenger.pk not in seated:
        raise refused(refusals.FORBIDDEN, "not_a_player", _("you may only propose games you play in"), "players")


@transaction.atomic
def propose(*, challenger, system: str, setup: dict, seats: dict, time_control: dict | None = None,
            rated: bool = True, random_sides: bool = False, seek: bool = False,
            rating_min: int | None = None, rating_max: int | None = None, rematch_of: Game | None = None,
            now: datetime | None = None) -> Challenge:
    """A challenge to the players named in ``seats`` (side → user), or with ``seek`` an open seek
    whose empty seats (``None``) anyone in the rating range may take."""
    now = now or timezone.now()
    engine = system_or_reject(system)
    try:
        sides = check_setup(engine, setup)
    except CommandRejected as exc:
        raise _setup_refusal(engine, system, setup, exc) from None
    if len(sides) < 2:
        raise refused(refusals.UNPROCESSABLE, "solo_game",
                      _("a game of one seat needs no opponent: start it at once"), "players")
    _check_players(challenger, seats, sides)
    open_seats = [side for side in sides if seats[side] is None]
    if seek and not open_seats:
        raise refused(refusals.INVALID, "seek_without_open_seat",
                      _("an open seek leaves at least one seat open"), "players")
    if not seek and open_seats:
        raise refused(refusals.INVALID, "player_missing", _("choose a player for %(side)s") % {"side": open_seats[0]},
                      f"players.{open_seats[0]}")
    error = clocks.validate_time_control(time_control)
    if error:
        raise refused(refusals.INVALID, "invalid_time_control", error, "time_control")
    if rating_min is not None and rating_max is not None and rating_min > rating_max:
        raise refused(refusals.INVALID, "invalid_rating_range",
                      _("the lowest rating is above the highest"), "rating_min")
    challenge = Challenge.objects.create(
        challenger=challenger, system=system, setup=setup, time_control=time_control, pace=pace_of(time_control),
        rated=rated, random_sides=random_sides, is_seek=seek,
        rating_min=rating_min if seek else None, rating_max=rating_max if seek else None,
        challenger_rating=round(entry_rating(system, challenger.pk)[0]),
        created_at=now, expires_at=now + (SEEK_LIFETIME if seek else CHALLENGE_LIFETIME), rematch_of=rematch_of)
    ChallengeSeat.objects.bulk_create(
        ChallengeSeat(challenge=challenge, side=side, user=seats[side],
                      accepted_at=now if seats[side] is not None and seats[side].pk == challenger.pk else None)
        for side in sides)
    news.challenged(challenge)
    announce_change(challenge)
    return challenge


def open_seek(*, challenger, system: str, setup: dict, side: str | None = None, **options) -> Challenge:
    """A seek where ``challenger`` plays ``side`` (None: drawn at the start) and every other seat is open."""
    engine = system_or_reject(system)
    try:
        sides = check_setup(engine, setup)
    except CommandRejected as exc:
        raise _setup_refusal(engine, system, setup, exc) from None
    if side is not None and side not in sides:
        raise refused(refusals.INVALID, "unknown_side", _("%(side)s is not a seat of this game; its seats: %(sides)s")
                      % {"side": side, "sides": ", ".join(sides)}, "side")
    mine = side or sides[0]
    return propose(challenger=challenger, system=system, setup=setup, seek=True, random_sides=side is None,
                   seats={s: (challenger if s == mine else None) for s in sides}, **options)


def visible_challenges(user):
    """The one visibility rule: a challenge is seen by its players; an open seek by everyone
    signed in while it waits for players."""
    if not (user and user.is_authenticated):
        return Challenge.objects.none()
    seen = Challenge.objects.filter(
        Q(challenger=user) | Q(seats__user=user) | Q(is_seek=True, status=Challenge.Status.OPEN)).values("pk")
    return Challenge.objects.filter(pk__in=seen)  # not DISTINCT: a joined game's json columns have no "="


def _locked(challenge_id, user) -> Challenge:
    challenge = Challenge.objects.select_for_update().filter(pk=challenge_id).first()
    if challenge is None or not visible_challenges(user).filter(pk=challenge.pk).exists():
        raise CommandRejected(refusals.NOT_FOUND, "challenge_not_found", _("no such challenge"))
    return challenge


CLOSED_REFUSALS = {
    Challenge.Status.DECLINED: ("challenge_declined", lambda: _("this challenge was declined")),
    Challenge.Status.CANCELLED: ("challenge_cancelled", lambda: _("this challenge was cancelled by its challenger")),
    Challenge.Status.EXPIRED: ("challenge_expired", lambda: _("this challenge has expired")),
    Challenge.Status.STARTED: ("challenge_started", lambda: _("this game has already started")),
}


def _require_open(challenge: Challenge, now: datetime) -> None:
    status = challenge.status
    if status == Challenge.Status.OPEN and challenge.expires_at <= now:
        status = Challenge.Status.EXPIRED
    if status != Challenge.Status.OPEN:
        code, message = CLOSED_REFUSALS[status]
        raise CommandRejected(refusals.CONFLICT, code, message())


def _start_when_complete(challenge: Challenge, now: datetime) -> None:
    seats = list(challenge.seats.select_related("user"))
    if any(seat.user is None or seat.accepted_at is None for seat in seats):
        return
    users = [seat.user for seat in seats]
    if challenge.random_sides:
        _shuffle(users)
    players = dict(zip((seat.side for seat in seats), users))
    challenge.game = create_game(system_name=challenge.system, setup=challenge.setup, players=players,
                                 created_by=challenge.challenger, time_control=challenge.time_control,
                                 rated=challenge.rated)
    challenge.status, challenge.closed_at = Challenge.Status.STARTED, now
    challenge.save(update_fields=["game", "status", "closed_at"])


def accept(challenge_id, user, now: datetime | None = None) -> Challenge:
    """An invited player says yes; the last yes starts the game. Saying yes again changes nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        challenge = _locked(challenge_id, user)
        seat = challenge.seats.filter(user=user).first()
        if challenge.challenger_id == user.pk:
            raise refused(refusals.UNPROCESSABLE, "own_challenge",
                          _("this is your own challenge: wait for the answer or cancel it"))
        if seat is None:
            raise refused(refusals.FORBIDDEN, "not_invited", _("this challenge is for other players"))
        if seat.accepted_at is not None and challenge.status == Challenge.Status.STARTED:
            return challenge
        _require_open(challenge, now)
        seat.accepted_at = now
        seat.save(update_fields=["accepted_at"])
        _start_when_complete(challenge, now)
        news.answered(challenge, user, news.ACCEPTED)
        announce_change(challenge)
    return challenge


def join(challenge_id, user, side: str | None = None, now: datetime | None = None) -> Challenge:
    """Take an open seat of a seek (``side``, else the first open one); the last seat starts the game."""
    now = now or timezone.now()
    with transaction.atomic():
        # A seek was public while open: whoever comes too late learns why, not "no such seek".
        challenge = Challenge.objects.select_for_update().filter(pk=challenge_id, is_seek=True).first()
        if challenge is None:
            raise CommandRejected(refusals.NOT_FOUND, "challenge_not_found", _("no such challenge"))
        if challenge.challenger_id == user.pk:
            raise refused(refusals.UNPROCESSABLE, "own_seek",
                          _("this is your own seek: wait for a player to join, or cancel it"))
        if challenge.seats.filter(user=user).exists():
            if challenge.status == Challenge.Status.STARTED:
                return challenge
            raise refused(refusals.UNPROCESSABLE, "seat_twice", _("you already have a seat in this game"), "side")
        if challenge.status == Challenge.Status.STARTED:
            raise CommandRejected(refusals.CONFLICT, "seek_taken", _("another player joined this seek first"))
        _require_open(challenge, now)
        if not user.is_active:
            raise refused(refusals.UNPROCESSABLE, "inactive_player", _("your account is not active"))
        rating = round(entry_rating(challenge.system, user.pk)[0])
        if not (challenge.rating_min or 0) <= rating <= (challenge.rating_max or 10 ** 6):
            raise refused(refusals.FORBIDDEN, "rating_out_of_range",
                          _("this seek is for ratings %(low)s–%(high)s; yours is %(rating)s")
                          % {"low": challenge.rating_min or "…", "high": challenge.rating_max or "…",
                             "rating": rating})
        open_seats = challenge.seats.filter(user__isnull=True)
        seat = open_seats.filter(side=side).first() if side else open_seats.first()
        if seat is None:
            raise refused(refusals.CONFLICT, "seat_taken", _("that seat is taken: choose another"), "side")
        seat.user, seat.accepted_at = user, now
        seat.save(update_fields=["user", "accepted_at"])
        _start_when_complete(challenge, now)
        news.answered(challenge, user, news.JOINED)
        announce_change(challenge)
    return challenge


def decline(challenge_id, user, now: datetime | None = None) -> Challenge:
    now = now or timezone.now()
    with transaction.atomic():
        challenge = _locked(challenge_id, user)
        if challenge.challenger_id == user.pk:
            raise refused(refusals.UNPROCESSABLE, "own_challenge", _("this is your own challenge: cancel it instead"))
        if not challenge.seats.filter(user=user).exists():
            raise refused(refusals.FORBIDDEN, "not_invited", _("this challenge is for other players"))
        _require_open(challenge, now)
        challenge.status, challenge.closed_at = Challenge.Status.DECLINED, now
        challenge.save(update_fields=["status", "closed_at"])
        news.answered(challenge, user, news.DECLINED)
        announce_change(challenge)
    return challenge


def cancel(challenge_id, user, now: datetime | None = None) -> Challenge:
    now = now or timezone.now()
    with transaction.atomic():
        challenge = _locked(challenge_id, user)
        if challenge.challenger_id != user.pk:
            raise refused(refusals.FORBIDDEN, "not_challenger",
                          _("only the player who made the challenge may cancel it"))
        _require_open(challenge, now)
        challenge.status, challenge.closed_at = Challenge.Status.CANCELLED, now
        challenge.save(update_fields=["status", "closed_at"])
        announce_change(challenge)
    return challenge


def expire_due(now: datetime | None = None) -> int:
    """Mark the open challenges and seeks whose time ran out (beat, every minute). Answering one
    after its time is refused even before this runs (``_require_open``)."""
    now = now or timezone.now()
    with transaction.atomic():
        due = list(Challenge.objects.select_for_update(skip_locked=True)
                   .filter(status=Challenge.Status.OPEN, expires_at__lte=now).only("pk", "is_seek"))
        expired = Challenge.objects.filter(pk__in=[c.pk for c in due], status=Challenge.Status.OPEN).update(
            status=Challenge.Status.EXPIRED, closed_at=now)
        announce_change(*due)
    return expired


def seek_again(challenge_id, user, now: datetime | None = None) -> Challenge:
    """A new seek with the settings of one of ``user``'s own earlier seeks (one click in the lobby)."""
    old = visible_challenges(user).filter(pk=challenge_id, challenger=user, is_seek=True).first()
    if old is None:
        raise CommandRejected(refusals.NOT_FOUND, "challenge_not_found", _("no such seek"))
    mine = old.seats.filter(user=user).values_list("side", flat=True).first()
    seats = {seat.side: (user if seat.side == mine else None) for seat in old.seats.all()}
    return propose(challenger=user, system=old.system, setup=old.setup, seats=seats, time_control=old.time_control,
                   rated=old.rated, random_sides=old.random_sides, seek=True, rating_min=old.rating_min,
                   rating_max=old.rating_max, now=now)


def rematch(game_id, user, now: datetime | None = None) -> Challenge:
    """Challenge the other players of a finished game to the same game with the seats turned one
    place on (two players: sides swapped). An open rematch offer of this game is returned as it is."""
    game = Game.objects.prefetch_related("seats__user").filter(pk=game_id).first()
    seats = sorted(game.seats.all(), key=lambda s: s.id) if game else []
    if game is None or not may_view_game(user, game):
        raise CommandRejected(refusals.NOT_FOUND, "game_not_found", _("no such game"))
    if user.pk not in {s.user_id for s in seats}:
        raise refused(refusals.FORBIDDEN, "not_a_player", _("only the players of this game may offer a rematch"))
    if game.status == Game.Status.RUNNING:
        raise refused(refusals.CONFLICT, "game_running", _("a rematch can be offered once the game has ended"))
    if game.sandbox:  # one player in every seat, and it never counts: fork it again instead
        raise refused(refusals.CONFLICT, "sandbox_game", _("a sandbox has no rematch; play on from a step of it instead"))
    pending = Challenge.objects.filter(rematch_of=game, status=Challenge.Status.OPEN,
                                       expires_at__gt=now or timezone.now()).first()
    if pending is not None:
        return pending
    users = [s.user for s in seats]
    turned = dict(zip((s.side for s in seats), users[1:] + users[:1]))
    return propose(challenger=user, system=game.system, setup=game.setup, seats=turned,
                   time_control=game.time_control, rated=game.rated, rematch_of=game, now=now)
