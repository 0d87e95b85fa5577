"""The service side of practice bots (bots/): bot accounts, refusals, moves made by the outbox
consumer from the side's view and legal actions, redelivery, a failing bot resigning."""
import pytest

from accounts.models import Profile
from bots import services as bots
from bots.models import BotAccount
from bots.moves import BOT_FAILED
from kernel import outbox
from game.models import Game
from kernel.models import OutboxConsumption, OutboxMessage, StoredEvent
from game.services import submit_command
from kernel.refusals import CommandRejected
from game.api.views import game_detail
from game.folding import game_aggregate
from systems.registry import get_system
from tests.bots.conftest import BOT_CONSUMERS, DUEL, run_bots
from kernel.api.errors import status_of

pytestmark = pytest.mark.django_db


def test_a_bot_is_one_flagged_account_per_system_and_level():
    first = bots.bot_user(DUEL, 1)
    assert bots.bot_user(DUEL, 1) == first
    assert bots.bot_user(DUEL, 2) != first
    assert Profile.objects.get(user=first).is_bot
    assert not first.has_usable_password()
    assert BotAccount.objects.filter(system=DUEL).count() == 2


def test_a_bot_game_seats_the_bot_on_every_other_side_and_is_casual_by_default(users):
    game = bots.start_bot_game(player=users["alice"], system="303", level=1, side="raf", setup={})
    seats = {s.side: s.user.username for s in game.seats.all()}
    assert seats == {"raf": "alice", "luftwaffe": "bot-303-1"}
    assert game.rated is False
    rated = bots.start_bot_game(player=users["alice"], system="303", level=1, side="raf", setup={}, rated=True)
    assert rated.rated is True


def test_the_bot_moves_only_through_the_outbox_consumer_then_it_is_the_players_turn(users):
    game = bots.start_bot_game(player=users["alice"], system="303", level=1, side="raf", setup={})
    assert game.to_move == ["luftwaffe"]
    assert game.version == 1  # nothing moved inside the request
    assert run_bots() >= 1
    game.refresh_from_db()
    assert game.version > 1 and game.to_move == ["raf"]
    moved = StoredEvent.objects.filter(stream=game.stream, command__isnull=False).first()
    assert moved.actor == "bot-303-1" and moved.command["side"] == "luftwaffe"


def test_the_bot_chooses_from_its_sides_view_and_legal_actions_never_the_state(users, monkeypatch):
    seen = []
    from tests import bot_doubles

    original = bot_doubles.RandomBot.choose
    monkeypatch.setattr(bot_doubles.RandomBot, "choose",
                        lambda self, view, legal: seen.append((view, legal)) or original(self, view, legal))
    game = bots.start_bot_game(player=users["alice"], system=DUEL, level=1, side="british", setup={})
    bot = bots.bot_user(DUEL, 1)
    expected = game_detail(Game.objects.get(pk=game.pk), bot, "german")
    message = OutboxMessage.objects.get(topic=outbox.TURN_PASSED, payload__game_id=str(game.pk))
    outbox.consume(message.pk, "bots.moves.play_turn")
    view, legal = seen[0]
    assert view == expected["view"] and legal == expected["legal_actions"]
    everything = get_system(DUEL).view(game_aggregate(Game.objects.get(pk=game.pk))["engine"], "referee")
    assert view["viewer"] == "german" and view != everything  # the German's sight, not the whole state


def test_a_whole_game_against_the_bot_ends(users):
    alice = users["alice"]
    game = bots.start_bot_game(player=alice, system="303", level=2, side="raf", setup={})
    for _ in range(500):
        run_bots()
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        legal = [a for a in game_detail(game, alice, "raf")["legal_actions"] if not a.get("template")]
        submit_command(game_id=game.pk, user=alice, command=legal[0], expected_version=game.version, side="raf")
    assert game.status == Game.Status.FINISHED
    assert game.outcome["winner"] in ("raf", "luftwaffe")


def test_a_redelivered_message_makes_no_second_move(users):
    game = bots.start_bot_game(player=users["alice"], system="303", level=1, side="raf", setup={})
    message = OutboxMessage.objects.get(topic=outbox.TURN_PASSED, payload__game_id=str(game.pk))
    assert outbox.consume(message.pk, "bots.moves.play_turn") is True
    game.refresh_from_db()
    version = game.version
    assert outbox.consume(message.pk, "bots.moves.play_turn") is False
    game.refresh_from_db()
    assert game.version == version
    assert OutboxConsumption.objects.filter(message=message, consumer="bots.moves.play_turn").count() == 1


def test_a_stale_message_asks_again_instead_of_moving_twice(users):
    game = bots.start_bot_game(player=users["alice"], system="303", level=1, side="raf", setup={})
    from bots import moves

    prepared = moves.think(str(game.pk))
    moves.move(str(game.pk), prepared)  # the first delivery's move
    game.refresh_from_db()
    after_first = game.version
    moves.move(str(game.pk), prepared)  # the same thinking sent again, at the old version
    game.refresh_from_db()
    assert game.version == after_first
    assert OutboxMessage.objects.filter(topic=moves.BOT_TO_MOVE, payload__game_id=str(game.pk)).exists()


@pytest.mark.parametrize("level, words", [(1, "RuntimeError"), (2, "refused command")])
def test_a_failing_bot_resigns_its_seat_with_the_reason_and_the_game_ends(users, doubles, level, words, caplog):
    doubles.NIGHTDUEL_BOT_PACKAGES = {"303": "tests.bot_doubles:failing_bots"}
    game = bots.start_bot_game(player=users["alice"], system="303", level=level, side="raf", setup={})
    run_bots()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.outcome == {"winner": "raf", "loser": "luftwaffe", "reason": BOT_FAILED}
    resigned = StoredEvent.objects.get(stream=game.stream, type="GameResigned")
    assert resigned.payload["reason"] == BOT_FAILED and resigned.actor == f"bot-303-{level}"
    assert words in caplog.text


def test_an_unsupported_setup_is_refused_with_the_systems_code_and_nothing_stored(users):
    before = Game.objects.count()
    with pytest.raises(CommandRejected) as refused:
        bots.start_bot_game(player=users["alice"], system=DUEL, level=1, side="british", setup={"medals": True})
    assert (status_of(refused.value.kind), refused.value.code, refused.value.extra) == (
        422, "bot_option_unsupported", {"field": "setup"})
    with pytest.raises(CommandRejected) as no_level:
        bots.start_bot_game(player=users["alice"], system=DUEL, level=9, side="british", setup={})
    assert (status_of(no_level.value.kind), no_level.value.code) == (422, "unknown_bot_level")
    with pytest.raises(CommandRejected) as solo:
        bots.start_bot_game(player=users["alice"], system=DUEL, level=1, side=None, setup={"mode": "solo"})
    assert (status_of(solo.value.kind), solo.value.code) == (422, "no_seat_for_bot")
    assert Game.objects.count() == before


def test_a_system_without_bots_offers_none(users, doubles):
    doubles.NIGHTDUEL_BOT_PACKAGES = {}
    from bots import lookup

    assert lookup.package("nightfighter-solo") is None
    with pytest.raises(CommandRejected) as refused:
        bots.start_bot_game(player=users["alice"], system="nightfighter-solo", level=1, side=None, setup={})
    assert status_of(refused.value.kind) == 422


def test_a_game_without_bots_is_left_alone(users):
    from game.services import create_game

    game = create_game(system_name="303", setup={}, players={"luftwaffe": users["alice"], "raf": users["bob"]},
                       created_by=users["bob"])
    run_bots()
    game.refresh_from_db()
    assert game.version == 1


def test_nobody_tells_a_bot_it_is_its_move_but_the_player_hears_of_the_bots(users):
    from notifications.models import Notification

    game = bots.start_bot_game(player=users["alice"], system="303", level=1, side="raf", setup={})
    run_bots()
    assert not Notification.objects.filter(user__username="bot-303-1").exists()
    assert Notification.objects.filter(user=users["alice"], kind="your_move").exists()
    assert Game.objects.get(pk=game.pk).to_move == ["raf"]
