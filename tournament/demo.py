"""Demo tournament for the embedded default: a 303 league cup, round one played out."""
from game import autoplay
from game.models import Game, GameSeat
from ratings.models import League, Season

from . import services


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
