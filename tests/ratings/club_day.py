"""A club day on the embedded default, run in a subprocess by test_tournament_upload.py: a 303
cup of four played to its end online (game/autoplay.py), exported with ``manage.py
export_tournament``. Prints the tournament's id, standings and head hash as JSON."""
import json
import sys

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402  (after setup)
from django.core.management import call_command  # noqa: E402

from game import autoplay  # noqa: E402
from game.models import Game, GameSeat  # noqa: E402
from kernel.store import head_hash  # noqa: E402
from leagues.models import League  # noqa: E402
from tournament import services  # noqa: E402
from tournament.state import FINISHED  # noqa: E402

NAMES = ("ala", "bob", "cyd", "dan")


def play(output: str) -> dict:
    users = [get_user_model().objects.create_user(username=n, password="pw") for n in (*NAMES, "olga")]
    organiser = users[-1]
    league = League.objects.create(name="Club", slug="club")
    league.organisers.add(organiser)
    cup = services.create_tournament(league=league, name="Basement Cup", system="303",
                                     format="single-elimination", created_by=organiser)
    for number, name in enumerate(NAMES):
        services.register(cup.pk, name, "olga")
        services.record_knowledge_test(cup.pk, name, 10 - number, "olga")  # breaks a 1:1, never a tie
    services.seed(cup.pk, "olga")
    services.start_round(cup.pk, "olga")
    for number in range(12):
        running = Game.objects.filter(pairing_link__pairing__tournament=cup, status=Game.Status.RUNNING)
        for game in running:
            seats = {s.side: s.user for s in GameSeat.objects.filter(game=game).select_related("user")}
            autoplay.play(game, seats, seed=number)
        cup.refresh_from_db()
        if cup.status == FINISHED:
            break
    state = services.load_state(cup)
    call_command("export_tournament", cup.pk, output=output)
    return {"tournament_id": cup.pk, "status": state.status, "head_hash": head_hash(cup.stream),
            "standings": [[row.entrant, row.points] for row in state.standings_rows()]}


if __name__ == "__main__":
    print(json.dumps(play(sys.argv[1])))
