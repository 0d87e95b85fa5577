"""The rebuild (on PostgreSQL its COPY writers, ``ratings/copy_rows.py``) gives exactly what the live
fold gave, over a mixed set of results: two players won by the rules, forfeited, timed out, resigned,
aborted, unrated; tables of three to five with shared places; solo scores; some rated late."""
import io

import pytest
from django.core.management import call_command

from game import endings
from kernel.models import StoredEvent
from ratings.models import PlayerRating, RatedResult, RatingChange
from ratings.tasks import rate_finished_game
from systems.kit.framework_events import GAME_ENDED
from tests.conftest import make_user
from tests.ratings.games import abort, forfeit, play, play_solo, play_table, start, time_out
from tests.ratings.projection_snapshot import projection_snapshot

pytestmark = pytest.mark.django_db


def test_the_rebuild_equals_the_live_fold_over_every_kind_of_result(settings):
    p = [make_user(f"mixed{i}") for i in range(6)]
    play(p[0], p[1], "a")
    play_table([p[0], p[2], p[3]], [1, 2, 2])
    forfeit(start(p[1], p[2]), loser="a")
    endings.resign(start(p[2], p[3]).pk, p[3])
    play_solo(p[4], 17)
    time_out(start(p[3], p[0]), loser="b")
    play_table([p[5], p[4], p[3], p[2], p[1]], [3, 1, 4, 1, 5])
    abort(start(p[0], p[5]))
    play(p[4], p[5], "b", rated=False)
    play(p[5], p[0], "b")
    # Two results rated late and the wrong way round: the live path re-folds the tail.
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"game_finished": []}
    late = [play_table([p[1], p[0], p[5], p[4]], [2, 2, 1, 3]), play(p[1], p[4], "a")]
    for game in reversed(late):
        seq = StoredEvent.objects.get(stream=game.stream, type=GAME_ENDED).seq
        assert rate_finished_game(str(game.pk), seq) is True

    kinds = sorted(RatedResult.objects.values_list("kind", "ending"))
    assert kinds == sorted([("elo", "rules")] * 3 + [("elo", "forfeit"), ("elo", "resigned"), ("elo", "timeout")]
                           + [("multiplayer", "rules")] * 3
                           + [("solo", "rules"), ("not_rated", "aborted"), ("not_rated", "rules")])
    assert RatingChange.objects.filter(opponent=None).count() == 3 + 5 + 4  # the tables' changes
    live = projection_snapshot()
    call_command("rebuild_ratings", stdout=io.StringIO(), stderr=io.StringIO())
    assert projection_snapshot() == live
    totals = PlayerRating.objects.filter(player=p[0]).values_list("wins", "draws", "losses", "games")
    assert sorted(totals) == [(1, 0, 1, 2), (2, 0, 1, 3)]  # table-race; the dice race


def test_text_copied_by_the_rebuild_reads_back_as_it_was(users):
    """Tabs, newlines and backslashes in a result's strings survive the text COPY lines."""
    from django.db import connection

    from ratings import copy_rows
    from ratings.results import GameResult

    if connection.vendor != "postgresql":
        pytest.skip("the COPY writers run on PostgreSQL only, an outside service (set DATABASE_URL)")
    odd = "t\tb\\s\nn\r"
    result = GameResult(game_id=None, result_seq=1, event_id=1, system=odd, kind="elo", ending="rules", note=odd,
                        finished_at="2026-01-01 00:00:00.5+00", first_player_id=users["alice"].pk, first_side=odd,
                        second_player_id=users["bob"].pk, second_side="b", score=0.1, leg=odd,
                        placings=((odd, 1, 1),))
    copy_rows.write_results([(1, result)], copy_rows.TextValues())
    stored = RatedResult.objects.get(pk=1)
    assert (stored.system, stored.note, stored.first_side, stored.leg) == (odd, odd, odd, odd)
    assert (stored.score, stored.placings, stored.finished_at.microsecond) == (0.1, [[odd, 1, 1]], 500000)
