"""Legs played at the table are rated (issue 14; docs/rules/service.md "Ratings": one update per finished
rated game, match and rematch each count; a full recompute gives the same ratings). A referee's
correction of a rated leg re-rates it by a rebuild, so the ratings follow the corrected winner."""
import pytest

from ratings import projection
from ratings.models import PlayerRating, RatedResult
from tests.ratings.projection_snapshot import projection_snapshot
from tests.tournament.test_table_play import first_pairing, settle, state_of, table_tournament
from tournament import services, table


@pytest.fixture(autouse=True)
def table_legs_rated(settings):
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"tournament.result_settled": ["ratings.tasks.rate_settled_leg"]}


def elo(name):
    return PlayerRating.objects.get(system="303", player__username=name)


@pytest.mark.django_db
def test_each_settled_leg_is_one_rated_result_and_a_rebuild_gives_the_same(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    pairings = [p for p in state_of(t).pairings.values() if not p["bye"]]
    for p in pairings:
        settle(p, 1, p["a"])
        settle(p, 2, p["b"] if p is pairings[0] else p["a"])
    results = RatedResult.objects.filter(tournament_id=t.pk)
    assert results.count() == 4 and not results.filter(game__isnull=False).exists()
    winner = pairings[1]["a"]
    assert elo(winner).rating > 1500 and elo(winner).games == 2 and elo(winner).wins == 2
    assert elo(pairings[1]["b"]).rating < 1500
    before = projection_snapshot()
    projection.rebuild()
    assert projection_snapshot() == before


@pytest.mark.django_db
def test_a_redelivered_settlement_rates_nothing_twice(league, organiser, referee):
    from kernel import outbox
    from kernel.models import OutboxMessage
    from ratings.tasks import rate_settled_leg
    from tournament import messages

    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    settle(p, 1, p["a"])
    [message] = OutboxMessage.objects.filter(topic=messages.RESULT_SETTLED)
    assert outbox.consume(message.pk, "ratings.tasks.rate_settled_leg") is False  # its tracking record
    assert rate_settled_leg(**message.payload) == 0  # and the result itself is recorded once
    assert RatedResult.objects.filter(tournament_id=t.pk).count() == 1


@pytest.mark.django_db
def test_a_corrected_leg_is_rated_by_its_new_winner(league, organiser, referee):
    t = table_tournament(league, organiser, referee)
    p = first_pairing(t)
    settle(p, 1, p["a"])
    assert elo(p["a"]).rating > 1500
    services.enter_leg_result(t.pk, p["id"], 1, "rita", winner=p["b"],
                              ended_by=table.ending_won_by("303", p, 1, p["b"]),
                              reason="the slip named the wrong winner")
    assert elo(p["b"]).rating > 1500 and elo(p["a"]).rating < 1500
    assert elo(p["a"]).games == 1
    [result] = RatedResult.objects.filter(tournament_id=t.pk)
    assert result.leg == f"{p['id']}/1"
