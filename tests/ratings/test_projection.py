"""The ratings projection fed by game results (docs/rules/service.md, "Ratings (Celery)"; issue 6).

Games are finished through the real game services; in-process the outbox runs
``ratings.tasks.rate_finished_game`` inline (eager Celery).
"""
import io
import random

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from systems.kit.framework_events import GAME_ENDED
from kernel.models import StoredEvent
from ratings.models import PlayerRating, RatedResult, RatingChange
from ratings.results import elo_score
from ratings.tasks import rate_finished_game
from tests.conftest import make_user
from tests.doubles import RACE
from tests.services import missing_service
from tests.ratings.games import SOLO, abort, forfeit, play, play_solo, start, time_out, win
from tests.ratings.projection_snapshot import projection_snapshot

pytestmark = pytest.mark.django_db


def rating(user, system=RACE) -> float:
    return PlayerRating.objects.get(system=system, player=user).rating


def rebuilt_equals_incremental():
    before = projection_snapshot()
    call_command("rebuild_ratings", stdout=io.StringIO(), stderr=io.StringIO())
    return projection_snapshot() == before


@pytest.fixture
def no_rating_consumer(settings):
    """Finish games without the task running, to deliver it by hand (late, twice, out of order)."""
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"game_finished": []}


def test_a_finished_game_is_rated_by_the_task(users):
    alice, bob = users["alice"], users["bob"]
    play(alice, bob, winner="a")
    assert (rating(alice), rating(bob)) == (1520.0, 1480.0)
    change = RatingChange.objects.get(player=alice)
    assert (change.k, change.expected, change.games_before, change.side) == (40.0, 0.5, 0, "a")


def test_redelivering_the_task_changes_nothing(users):
    alice, bob = users["alice"], users["bob"]
    game = play(alice, bob, winner="b")
    before = projection_snapshot()
    ended_seq = StoredEvent.objects.get(stream=game.stream, type=GAME_ENDED).seq
    assert rate_finished_game(str(game.pk), game.version) is False  # the outbox's seq (Revealed)
    assert rate_finished_game(str(game.pk), ended_seq) is False  # the same result by its GameEnded seq
    assert projection_snapshot() == before
    assert RatedResult.objects.count() == 1 and RatingChange.objects.count() == 2


def test_a_task_for_a_seq_before_the_result_does_nothing(users):
    game = play(users["alice"], users["bob"])
    assert rate_finished_game(str(game.pk), 1) is False


@pytest.mark.parametrize("end", [forfeit, time_out], ids=["red-card forfeit", "timeout"])
def test_forfeits_are_rated_as_losses(users, end):
    """docs/rules/service.md: forfeits by red card or timeout are rated as losses."""
    alice, bob = users["alice"], users["bob"]
    end(start(alice, bob), loser="a")
    assert (rating(alice), rating(bob)) == (1480.0, 1520.0)
    assert RatedResult.objects.get().ending in {"forfeit", "timeout"}


def test_aborted_games_are_not_rated(users):
    alice, bob = users["alice"], users["bob"]
    abort(start(alice, bob))
    assert not PlayerRating.objects.exists() and not RatingChange.objects.exists()
    assert RatedResult.objects.get().kind == RatedResult.Kind.NOT_RATED


def test_games_created_unrated_are_not_rated(users):
    play(users["alice"], users["bob"], rated=False)
    assert not PlayerRating.objects.exists()
    assert RatedResult.objects.get().note == "game created unrated"


def test_solo_games_feed_the_solo_leaderboard_not_elo(users):
    play_solo(users["carol"], 42)
    result = RatedResult.objects.get()
    assert (result.kind, result.system, result.score) == (RatedResult.Kind.SOLO, SOLO, 42.0)
    assert not PlayerRating.objects.exists()


def test_match_and_rematch_each_count(users):
    """One update per finished rated game: a pairing's two games are two updates."""
    alice, bob = users["alice"], users["bob"]
    play(alice, bob, winner="a")
    play(bob, alice, winner="a")  # rematch, sides swapped: bob (side a) wins
    assert PlayerRating.objects.get(player=alice).games == 2
    assert rating(alice) == pytest.approx(1497.7075346495083, abs=1e-9)
    assert rating(bob) == pytest.approx(1502.2924653504917, abs=1e-9)


def test_results_delivered_out_of_order_give_the_canonical_ratings(users, no_rating_consumer):
    """Tasks arriving late re-fold the tail: the ratings equal rating in result-event order."""
    alice, bob, carol = users["alice"], users["bob"], users["carol"]
    games = [play(alice, bob, "a"), play(bob, carol, "a"), play(carol, alice, "b"), play(alice, carol, "b")]
    for game in [games[3], games[1], games[0], games[2], games[1]]:
        rate_finished_game(str(game.pk), game.version)
    assert RatedResult.objects.count() == 4
    assert rebuilt_equals_incremental()
    changes = list(RatingChange.objects.filter(player=alice).order_by("event_id"))
    assert [c.games_before for c in changes] == [0, 1, 2]


def test_rebuild_equals_incremental_with_forfeits_timeouts_aborts_and_solo(users):
    alice, bob, carol = users["alice"], users["bob"], users["carol"]
    play(alice, bob, "a")
    forfeit(start(bob, carol), loser="b")
    abort(start(carol, alice))
    time_out(start(carol, alice), loser="a")
    play(alice, carol, "b", rated=False)
    play_solo(bob, 7)
    win(start(carol, bob), "b")
    assert RatedResult.objects.filter(kind=RatedResult.Kind.ELO).count() == 4
    assert rebuilt_equals_incremental()


def test_rebuild_command_restores_a_dropped_projection(users):
    play(users["alice"], users["bob"], "b")
    before = projection_snapshot()
    PlayerRating.objects.all().delete()
    err = io.StringIO()
    call_command("rebuild_ratings", stdout=io.StringIO(), stderr=err)
    assert projection_snapshot() == before
    assert "rebuilding ratings" in err.getvalue()  # the tqdm progress bar


ENDINGS = ["a", "b", "forfeit-a", "timeout-b", "abort", "unrated"]


def finish(game, ending):
    if ending in {"a", "b"}:
        return win(game, ending)
    if ending == "abort":
        return abort(game)
    kind, loser = ending.split("-")
    return (forfeit if kind == "forfeit" else time_out)(game, loser)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(results=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.sampled_from(ENDINGS)),
                        min_size=1, max_size=8),
       rng=st.randoms(use_true_random=False), duplicates=st.integers(0, 3))
def test_rebuild_equals_incremental_for_any_delivery_order(players, no_rating_consumer, results,
                                                           rng: random.Random, duplicates):
    """Property: whatever order (and how often) the tasks arrive, the projection equals a rebuild."""
    games = []
    for a, b, ending in results:
        if a == b:
            continue
        game = start(players[a], players[b], rated=ending != "unrated")
        games.append(finish(game, "a" if ending == "unrated" else ending))
    deliveries = games + [rng.choice(games) for _ in range(duplicates)] if games else []
    rng.shuffle(deliveries)
    for game in deliveries:
        rate_finished_game(str(game.pk), game.version)
    assert rebuilt_equals_incremental()


@pytest.fixture
def players(db):
    return [make_user(f"player{i}") for i in range(4)]


@pytest.mark.parametrize("outcome, score", [
    ({"winner": "a"}, 1.0),
    ({"winner": "b", "reason": "target_reached"}, 0.0),
    ({"winner": "b", "loser": "a", "forfeit": True}, 0.0),   # red card to a
    ({"winner": None, "loser": "b", "forfeit": True}, 1.0),  # loser named only
    ({"winner": None}, 0.5),                                 # a drawn game
    ({"winner": None, "forfeit": True}, None),               # both forfeited: not rated
    ({"winner": "referee"}, None),                           # names no side of the game
])
def test_elo_score_of_an_outcome(outcome, score):
    assert elo_score(outcome, "a", "b") == score


def owner_keys_need_postgresql() -> None:
    from django.db import connection

    if connection.vendor != "postgresql":
        missing_service("keys are dropped during the rebuild on PostgreSQL only, an outside service (set DATABASE_URL)")


def test_a_batch_s_ids_are_one_block_of_the_sequence_and_the_next_id_follows_it():
    """The rebuild reserves each batch's result ids as one block, of which only the ends come back."""
    from django.db import connection

    from ratings.projection import reserve_ids

    if connection.vendor != "postgresql":
        missing_service("ids come from a sequence on PostgreSQL only, an outside service (set DATABASE_URL)")
    first, second = reserve_ids(RatedResult, 5), reserve_ids(RatedResult, 3)
    assert (len(first), len(second), second.start) == (5, 3, first.stop)
    with connection.cursor() as cursor:
        cursor.execute("SELECT nextval(pg_get_serial_sequence('ratings_ratedresult', 'id'))")
        assert cursor.fetchone()[0] == second.stop


def test_rebuild_builds_again_the_keys_and_indexes_it_drops_while_loading(users):
    """The owner's rebuild (manage.py rebuild_ratings) loads into tables without their keys and
    indexes, and builds each again; the service role's loads with them in place."""
    from django.db import connection, transaction

    from ratings import projection
    from tests.database_owner import as_owner

    owner_keys_need_postgresql()
    play(users["alice"], users["bob"])

    def structure():
        with connection.cursor() as cursor:
            cursor.execute("SELECT indexname, indexdef FROM pg_indexes WHERE tablename LIKE 'ratings_%%' "
                           "UNION ALL SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
                           "WHERE conrelid::regclass::text LIKE 'ratings_%%'")
            return sorted(cursor.fetchall())

    before = structure()
    with as_owner():
        with transaction.atomic():
            statements = projection._clear_projection()
            assert any("PRIMARY KEY" in s for s in statements) and any("UNIQUE" in s for s in statements)
            assert not any(name in {"rated_result_unique", "rating_change_unique"} for name, _ in structure())
            transaction.set_rollback(True)
        assert rebuilt_equals_incremental()
    assert structure() == before and len(before) > 10


def test_a_duplicate_fails_the_owners_rebuild_when_its_key_is_built_again(users):
    from django.db import IntegrityError

    from ratings import projection
    from tests.database_owner import as_owner

    owner_keys_need_postgresql()
    play(users["alice"], users["bob"])
    before = projection_snapshot()
    twice = projection.all_results

    def every_result_twice(batch=10_000):
        for results in twice(batch):
            yield results + results
    with as_owner(), pytest.MonkeyPatch.context() as patch:
        patch.setattr(projection, "all_results", every_result_twice)
        with pytest.raises(IntegrityError):
            projection.rebuild()
    assert projection_snapshot() == before
