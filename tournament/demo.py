"""Demo tournaments for the embedded default: a 303 league cup, round one played out online, and
a Swiss played at the table, its first round partly reported."""
from game import autoplay
from game.models import Game, GameSeat
from leagues.models import League, Season

from . import services, table


def load(users: dict, organiser, referee) -> None:
    league = League.objects.create(name="Demo League", slug="demo")
    league.organisers.add(organiser)
    season = Season.objects.create(league=league, name="Winter 1943")
    cup = services.create_tournament(league=league, name="Northolt Cup", system="303",
                                     format="single-elimination", created_by=organiser, referees=[referee],
                                     season=season)
    actor = organiser.get_username()
    for user in users.values():
        services.register(cup.pk, user.get_username(), actor)
    services.seed(cup.pk, actor)
    services.start_round(cup.pk, actor)
    for _ in range(4):  # each pairing's match, then the rematch it opens
        running = Game.objects.filter(pairing_link__pairing__tournament=cup, status=Game.Status.RUNNING)
        for number, game in enumerate(running):
            seats = {s.side: s.user for s in GameSeat.objects.filter(game=game).select_related("user")}
            autoplay.play(game, seats, seed=number)
    services.issue_penalty(cup.pk, next(iter(users.values())).get_username(), "stalling",
                           "took too long over the firing order", referee.get_username())


def load_table_swiss(users: dict, organiser, referee) -> None:
    """Kraków Table Swiss: table 1 reported and confirmed for the match, the rematch reported and
    waiting for the opponent; table 2 not reported yet."""
    league = League.objects.get(slug="demo")
    swiss = services.create_tournament(league=league, name="Kraków Table Swiss", system="303", format="swiss",
                                       created_by=organiser, referees=[referee], options={"play_mode": "at_table"})
    actor = organiser.get_username()
    for user in users.values():
        services.register(swiss.pk, user.get_username(), actor)
    services.seed(swiss.pk, actor)
    services.start_round(swiss.pk, actor)
    first = next(p for p in services.load_state(swiss).pairings.values() if p["table"] == 1)
    services.report_leg(swiss.pk, first["id"], 1, first["a"], winner=first["a"],
                        ended_by=table.ending_won_by("303", first, 1, first["a"]))
    services.confirm_leg(swiss.pk, first["id"], 1, first["b"])
    services.report_leg(swiss.pk, first["id"], 2, first["b"], winner=first["b"],
                        ended_by=table.ending_won_by("303", first, 2, first["b"]))
