"""Variant for 3–5 players (docs/rules/duel-in-the-dark.md §9.3; [IT Esp. 3–5]).

Seats: ``british`` plus ``german1``…``germanN``.  Each German seat flies its own fighters; the
side-wide German decisions (ground units, medals) belong to the designated seat ``german1``
(A-75).  The fighter "hands" of §9.3 rotate one seat per night so that the Do 217 passes from
player to player (§1.5).  Each German seat has a personal score track (A-73: airborne fighters
only; in the 4-player game the Do 217 does not count).  Winner: the British if the main track
favours him; at 0 a draw; otherwise the German seat furthest ahead on its track (equal → shared
win, A-74).
"""
from __future__ import annotations

ME110, DO217, JU88 = "Me 110", "Do 217", "Ju 88"


def german_seats(options: dict) -> tuple[str, ...]:
    players = options["players"]
    if players == 2:
        return ("german",)
    return tuple(f"german{i}" for i in range(1, players))


def seats(options: dict) -> tuple[str, ...]:
    return ("british",) + german_seats(options)


def is_multiplayer(state: dict) -> bool:
    return state["setup"]["players"] != 2


def designated_german(options: dict) -> str:
    """A-75: the seat making the side-wide German decisions."""
    return german_seats(options)[0]


def _hands(fighters: list[dict], players: int) -> list[list[str]]:
    """§9.3 night-1 allocation of fighter ids to German seats (board order)."""
    me110 = [f["id"] for f in fighters if f["type"] != DO217]
    do217 = [f["id"] for f in fighters if f["type"] == DO217]
    if players == 3:
        return [me110[:2], me110[2:] + do217]
    if players == 4:
        return [[me110[0]] + do217, [me110[1]], [me110[2]]]
    return [[fid] for fid in me110 + do217]


def owners(fighters: list[dict], options: dict, night: int) -> dict[str, str]:
    """Fighter id → seat for ``night`` (hands rotate one seat per night, §1.5 Do 217 rotation)."""
    if options["players"] == 2:
        return {f["id"]: "german" for f in fighters}
    seat_names = german_seats(options)
    hands = _hands(fighters, options["players"])
    out = {}
    for k, hand in enumerate(hands):
        seat = seat_names[(k + night - 1) % len(seat_names)]
        for fid in hand:
            out[fid] = seat
    return out


def personal_gain(state: dict, fighters_in_hex: list[str]) -> dict[str, int]:
    """§9.3: +1 per own airborne fighter in the hex the Bomber enters (4 players: not the Do 217)."""
    gain: dict[str, int] = {}
    for fid in fighters_in_hex:
        if state["setup"]["players"] == 4 and state["fighters"][fid]["type"] == DO217:
            continue
        seat = state["owners"][fid]
        gain[seat] = gain.get(seat, 0) + 1
    return gain


def multiplayer_result(state: dict) -> dict:
    """§9.3 victory (A-74 for ties)."""
    score, track = state["score"], dict(state["personal_track"])
    base = {"score": score, "night_margins": list(state["night_margins"]), "personal_track": track}
    if score > 0:
        return dict(base, winner="british", reason="the British has more VP (§9.3)")
    if score == 0:
        return dict(base, winner=None, reason="main track at 0: draw (A-74)")
    best = max(track.values())
    leaders = sorted(seat for seat, n in track.items() if n == best)
    if len(leaders) == 1:
        return dict(base, winner=leaders[0], reason="German VP lead; furthest on the personal track (§9.3)")
    return dict(base, winner=None, shared_winners=leaders,
                reason="German VP lead; equal personal tracks: shared win (A-74)")


def placings(result: dict) -> dict[str, int] | None:
    """Finishing places of a §9.3 result, for rating (1 = first, equal places tie); None for a
    result this variant did not decide (a forfeit or timeout: the generic winner/loser reading).

    British win: the British first, the Germans lost together (shared second). Main track at 0:
    everybody shares first (A-74 draw). German win: the Germans by personal track, furthest
    first (equal tracks share a place, A-74), then the British, whose side lost the main track.
    """
    track = result.get("personal_track")
    if not track or "score" not in result:
        return None
    score = result["score"]
    if score >= 0:
        return {"british": 1, **{seat: (1 if score == 0 else 2) for seat in track}}
    levels = sorted(set(track.values()), reverse=True)
    places = {seat: levels.index(n) + 1 for seat, n in track.items()}
    return {**places, "british": len(levels) + 1}


# Folding this module's events (evolve.py joins every module's EVOLVE table)
def _german_seat_ended(s, p):
    s["german_turn"]["ended"].append(p["seat"])


def _personal_track_advanced(s, p):
    for seat, n in p["gains"].items():
        s["personal_track"][seat] += n


EVOLVE = {
    "GermanSeatEnded": _german_seat_ended,
    "PersonalTrackAdvanced": _personal_track_advanced,
}
