"""What the lobby and a challenge page show: open seeks by system, pace and rating, and one
challenge with its seats, pace and setup in words."""
from __future__ import annotations

from django.utils import timezone

from game import clocks
from game.presentation import system_name
from systems.kit.presentation import side_name
from ratings.leaderboards import entry_rating

from .models import Challenge
from .setup_controls import option_label

LOBBY_LIMIT = 100
RECENT_SEEKS = 5


def filters_from(params) -> dict:
    def number(name):
        value = params.get(name, "").strip()
        return int(value) if value.isdigit() else None

    return {"system": params.get("system", ""), "pace": params.get("pace", ""),
            "rating_min": number("rating_min"), "rating_max": number("rating_max")}


def open_seeks(user, filters: dict) -> list[dict]:
    """Open seeks nobody has filled yet, newest first; each says whether ``user`` may join."""
    seeks = (Challenge.objects.filter(is_seek=True, status=Challenge.Status.OPEN, expires_at__gt=timezone.now())
             .select_related("challenger").prefetch_related("seats__user").order_by("-created_at"))
    if filters["system"]:
        seeks = seeks.filter(system=filters["system"])
    if filters["pace"]:
        seeks = seeks.filter(pace=filters["pace"])
    if filters["rating_min"] is not None:
        seeks = seeks.filter(challenger_rating__gte=filters["rating_min"])
    if filters["rating_max"] is not None:
        seeks = seeks.filter(challenger_rating__lte=filters["rating_max"])
    ratings: dict[str, int] = {}
    rows = []
    for seek in seeks[:LOBBY_LIMIT]:
        if seek.system not in ratings:
            ratings[seek.system] = round(entry_rating(seek.system, user.pk)[0])
        mine = ratings[seek.system]
        rows.append({**summary(seek), "own": seek.challenger_id == user.pk,
                     "fits": (seek.rating_min or 0) <= mine <= (seek.rating_max or 10 ** 6), "my_rating": mine})
    return rows


def my_recent_seeks(user) -> list[dict]:
    """``user``'s latest seeks that are no longer open, for "seek again"."""
    seeks = (Challenge.objects.filter(challenger=user, is_seek=True).exclude(status=Challenge.Status.OPEN)
             .order_by("-created_at")[:RECENT_SEEKS])
    return [{"challenge": seek, "system_name": system_name(seek.system), "pace": pace_words(seek)} for seek in seeks]


def pace_words(challenge: Challenge) -> str:
    preset = clocks.preset(challenge.pace) if challenge.pace else None
    text = clocks.time_control_text(challenge.time_control)
    return f"{preset['label']} ({text})" if preset else text


def setup_words(challenge: Challenge) -> list[str]:
    """Each chosen option in the new-game page's words ("Advanced rule 4: medals (§7.5)", "Nights per game: 2")."""
    out = []
    for key, value in (challenge.setup or {}).items():
        label = option_label(challenge.system, key) or key
        out.append(label if value is True else f"{label}: {value}")
    return out


def summary(challenge: Challenge) -> dict:
    seats = sorted(challenge.seats.all(), key=lambda s: s.id)
    return {"challenge": challenge, "system_name": system_name(challenge.system), "pace": pace_words(challenge),
            "options": setup_words(challenge),
            "seats": [{"side": s.side, "side_name": side_name(s.side), "user": s.user,
                       "accepted": s.accepted_at is not None} for s in seats],
            "open_seats": [s.side for s in seats if s.user_id is None]}


def challenge_context(challenge: Challenge, user) -> dict:
    """A challenge as its page shows it, with what ``user`` may do now."""
    shown = summary(challenge)
    seat = next((s for s in shown["seats"] if s["user"] and s["user"].pk == user.pk), None)
    waiting = challenge.status == Challenge.Status.OPEN and challenge.expires_at > timezone.now()
    is_challenger = challenge.challenger_id == user.pk
    return {**shown, "is_challenger": is_challenger,
            "may_answer": waiting and seat is not None and not is_challenger and not seat["accepted"],
            "may_cancel": waiting and is_challenger,
            "may_join": waiting and challenge.is_seek and seat is None,
            "may_seek_again": is_challenger and challenge.is_seek and not waiting,
            "expired": challenge.status == Challenge.Status.EXPIRED
            or (challenge.status == Challenge.Status.OPEN and not waiting)}
