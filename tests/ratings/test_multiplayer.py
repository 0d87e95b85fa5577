"""Games of 3–5 players rated by pairwise Elo in the same per-system tables (issue 19, point 3;
ratings/elo.py ``rate_table``; Duel in the Dark §9.3 finishing places), and provisional ratings.
"""
import io

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings, strategies as st

from game import services
from systems.kit.framework_events import GAME_ENDED, GAME_FORFEITED
from kernel.models import StoredEvent
from systems.duel.rules.expansions.multiplayer import placings as duel_placings
from ratings import elo
from ratings.models import PlayerRating, RatedResult
from ratings.results import finishing_places
from ratings.tasks import rate_finished_game
from tests.conftest import client_for, make_user
from tests.ratings.games import TABLE, play_table
from tests.ratings.projection_snapshot import projection_snapshot

START = elo.START_RATING


def test_a_table_of_four_equals_its_six_virtual_duels_scaled_by_k_over_three():
    """All at 1500 (E = ½ in every duel), K 40: the winner +40·(1 − ½), the second +40·(⅔ − ½)…"""
    changes = elo.rate_table([("w", 1), ("x", 2), ("y", 3), ("z", 4)], {})
    assert [round(c[6] - START, 6) for c in changes] == [20.0, round(40 / 6, 6), round(-40 / 6, 6), -20.0]
    assert [c[4] for c in changes] == [1.0, 2 / 3, 1 / 3, 0.0]


@given(st.lists(st.floats(min_value=800, max_value=2600), min_size=2, max_size=2), st.sampled_from([1, 2]))
def test_a_table_of_two_is_plain_elo(ratings, second_place):
    states = {"a": [ratings[0], 3, ratings[0]], "b": [ratings[1], 3, ratings[1]]}
    table = elo.rate_table([("a", 1), ("b", second_place)], {k: list(v) for k, v in states.items()})
    _, duel = elo.fold([("a", "b", elo.WIN if second_place == 2 else elo.DRAW, 0.0)],
                       {k: list(v) for k, v in states.items()})
    assert table[0][6] == pytest.approx(duel[0][9]) and table[1][6] == pytest.approx(duel[0][10])


@given(st.lists(st.tuples(st.floats(min_value=1000, max_value=2200), st.integers(1, 5)), min_size=3, max_size=5))
def test_equal_k_tables_move_no_rating_points_in_total(seats):
    states = {i: [rating, 0, rating] for i, (rating, _) in enumerate(seats)}
    changes = elo.rate_table([(i, place) for i, (_, place) in enumerate(seats)], states)
    assert sum(c[6] - c[0] for c in changes) == pytest.approx(0.0, abs=1e-6)


@pytest.mark.parametrize("result, expected", [
    # §9.3: British ahead on the main track: the British first, the Germans share second.
    ({"winner": "british", "score": 3, "personal_track": {"german1": 4, "german2": 1}},
     {"british": 1, "german1": 2, "german2": 2}),
    # main track at 0 is a draw for everybody.
    ({"winner": None, "score": 0, "personal_track": {"german1": 2, "german2": 2, "german3": 0}},
     {"british": 1, "german1": 1, "german2": 1, "german3": 1}),
    # German win: Germans by personal track, then the British.
    ({"winner": "german2", "score": -2, "personal_track": {"german1": 1, "german2": 3, "german3": 0}},
     {"german2": 1, "german1": 2, "german3": 3, "british": 4}),
    # equal personal tracks share the win.
    ({"winner": None, "shared_winners": ["german1", "german2"], "score": -1,
      "personal_track": {"german1": 2, "german2": 2}},
     {"german1": 1, "german2": 1, "british": 2}),
])
def test_duel_multiplayer_finishing_places_follow_section_9_3(result, expected):
    assert duel_placings(result) == expected
    assert finishing_places("duel-in-the-dark", result, sorted(expected)) == expected


def test_a_forfeit_puts_the_side_that_lost_it_last_and_a_double_forfeit_is_not_rated():
    sides = ["british", "german1", "german2"]
    assert finishing_places("duel-in-the-dark", {"winner": None, "loser": "german1", "forfeit": True}, sides) == {
        "british": 1, "german1": 2, "german2": 1}
    assert finishing_places("duel-in-the-dark", {"winner": None, "forfeit": True}, sides) is None


@pytest.mark.django_db
def test_a_three_player_duel_in_the_dark_game_is_rated_in_the_duel_tables(users):
    alice, bob, carol = users["alice"], users["bob"], users["carol"]
    game = services.create_game(system_name="duel-in-the-dark", setup={"players": 3},
                                players={"british": alice, "german1": bob, "german2": carol}, created_by=alice)
    services.end_game(game.pk, GAME_FORFEITED, {"winner": None, "loser": "german2", "forfeit": True,
                                                "reason": "red_card"}, actor="referee")
    result = RatedResult.objects.get(game=game)
    assert result.kind == RatedResult.Kind.MULTIPLAYER
    assert result.placings == [["british", alice.pk, 1], ["german1", bob.pk, 1], ["german2", carol.pk, 2]]
    rows = {r.player_id: r for r in PlayerRating.objects.filter(system="duel-in-the-dark")}
    # carol lost both duels (E ½ each): 1500 − 40·½; alice and bob won one, drew one: +40·(¾ − ½).
    assert rows[carol.pk].rating == START - 20 and rows[alice.pk].rating == rows[bob.pk].rating == START + 10
    assert (rows[carol.pk].losses, rows[alice.pk].wins, rows[bob.pk].wins) == (1, 1, 1)


@pytest.mark.django_db
def test_tables_of_three_to_five_share_the_two_player_tables_and_history(users):
    alice, bob, carol = users["alice"], users["bob"], users["carol"]
    dave, erin = make_user("dave"), make_user("erin")
    play_table([alice, bob], [1, 2])
    play_table([alice, bob, carol, dave, erin], [2, 1, 3, 3, 5])
    alice_row = PlayerRating.objects.get(system=TABLE, player=alice)
    assert (alice_row.games, alice_row.wins, alice_row.losses) == (2, 1, 1)
    history = client_for().get(f"/api/players/{alice.pk}/ratings/").json()["ratings"][0]["history"]
    assert [(h["players"], h["placing"], h["opponent"]) for h in history] == [(2, 1, "bob"), (5, 2, None)]
    assert [(o["player"], o["placing"]) for o in history[1]["opponents"]] == [
        ("bob", 1), ("carol", 3), ("dave", 3), ("erin", 5)]
    assert history[1]["rating_after"] == pytest.approx(
        history[1]["rating_before"] + history[1]["k"] * (history[1]["score"] - history[1]["expected"]))
    board = client_for().get(f"/api/ratings/{TABLE}/leaderboard/").json()
    assert {r["player"] for r in board} == {"alice", "bob", "carol", "dave", "erin"}
    assert all(r["provisional"] for r in board)


@pytest.fixture
def no_rating_consumer(settings):
    settings.NIGHTDUEL_OUTBOX_CONSUMERS = {"game_finished": []}


@pytest.fixture
def people(db):
    return [make_user(f"seat{i}") for i in range(6)]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tables=st.lists(st.lists(st.integers(1, 5), min_size=2, max_size=5), min_size=1, max_size=8),
       rnd=st.randoms(use_true_random=False))
def test_rebuild_equals_incremental_with_tables_of_two_to_five_delivered_in_any_order(people, no_rating_consumer,
                                                                                        tables, rnd):
    """Results of mixed table sizes rated late and out of order give what the rebuild gives."""
    # Every random choice is drawn before any game exists: hypothesis may stop an example at a
    # draw, and a game finished but never delivered would then leak into the next example.
    seatings = [rnd.sample(people, len(places)) for places in tables]
    order = rnd.sample(range(len(tables)), len(tables))
    games = [play_table(seating, places) for seating, places in zip(seatings, tables)]
    for game in (games[i] for i in order):
        seq = StoredEvent.objects.get(stream=game.stream, type=GAME_ENDED).seq
        assert rate_finished_game(str(game.pk), seq) is True
    incremental = projection_snapshot()
    call_command("rebuild_ratings", stdout=io.StringIO(), stderr=io.StringIO())
    assert projection_snapshot() == incremental


@pytest.mark.django_db
def test_ratings_with_few_games_are_provisional_in_the_api_and_on_the_pages(users, client):
    alice, bob = users["alice"], users["bob"]
    for _ in range(elo.PROVISIONAL_GAMES - 1):
        play_table([alice, bob], [1, 2])
    carol = users["carol"]
    play_table([alice, carol], [1, 2])
    rows = {r.player_id: r for r in PlayerRating.objects.filter(system=TABLE)}
    assert (rows[alice.pk].games, rows[bob.pk].games) == (elo.PROVISIONAL_GAMES, elo.PROVISIONAL_GAMES - 1)
    player = client_for().get(f"/api/players/{alice.pk}/ratings/").json()["ratings"][0]
    assert player["provisional"] is False
    assert [h["provisional"] for h in player["history"]][-2:] == [True, False]
    assert client_for().get(f"/api/players/{bob.pk}/ratings/").json()["ratings"][0]["provisional"] is True
    page = client.get(f"/players/{bob.username}/").content.decode()
    assert 'class="provisional"' in page and "provisional, fewer than 10 rated games" in page
    heading = client.get(f"/players/{alice.username}/").content.decode().split("<h2")[1].split("</h2>")[0]
    assert heading.strip().endswith(">table race: 1633") and 'class="provisional"' not in heading
