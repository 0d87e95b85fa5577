"""The consumers of the integration messages (tournament/messages.py, ratings/messages.py) —
notifications, webhooks and ratings — each have their effect once: a message delivered twice,
whether the outbox hands it over again or the consumer is run again by hand, adds nothing."""
from collections import Counter

import pytest
from django.utils.module_loading import import_string

from kernel import outbox
from kernel.models import OutboxConsumption, OutboxMessage
from notifications.models import Notification, WebhookDelivery, WebhookEndpoint
from ratings import messages as rm
from ratings.models import RatedResult
from leagues.models import League
from ratings.organiser_requests import ask_to_organise, grant_organiser
from tests.conftest import make_user
from tests.tournament.test_table_play import leg_url, post, report, settle, state_of, table_tournament, user
from tournament import messages as tm, services

pytestmark = pytest.mark.django_db


def effects() -> tuple:
    return (sorted(Notification.objects.values_list("user_id", "kind", "key", "facts", "read_at")),
            sorted(WebhookDelivery.objects.values_list("endpoint_id", "key", "event")),
            sorted(RatedResult.objects.values_list("event_id", "first_player_id", "second_player_id", "score")))


@pytest.fixture
def busy_league(league, organiser, referee, admin_user_):
    """A table tournament whose legs are settled, reported and disputed, a penalty, a webhook of the
    league, and a request to organise that is granted: every consumer has something to do."""
    WebhookEndpoint.objects.create(league=league, url="https://8.8.8.8/hook", secret="s")
    t = table_tournament(league, organiser, referee)
    first, second = [p for p in state_of(t).pairings.values() if not p["bye"]]
    settle(first, 1, first["a"])
    assert report(second, 1, second["a"], second["a"]).status_code == 201
    assert post(user(second["b"]), leg_url(second, 1, "dispute"), {"reason": "not so"}).status_code == 201
    services.issue_penalty(t.pk, second["a"], "foul_language", "swore at the dice", "rita")
    club = League.objects.create(name="Club League", slug="club")
    nina = make_user("nina")
    ask_to_organise(club, nina, "I run the club")
    grant_organiser(club, "nina", admin_user_)
    return t


def test_every_message_is_consumed_once_by_each_of_its_consumers(busy_league):
    messages = OutboxMessage.objects.filter(topic__in=tm.TOPICS + (rm.ORGANISER_REQUESTED, rm.ORGANISER_GRANTED))
    topics = Counter(messages.values_list("topic", flat=True))
    assert {tm.RESULT_SETTLED, tm.RESULT_REPORTED, tm.RESULT_DISPUTED, tm.PENALTY_ISSUED, tm.PAIRING_CREATED,
            rm.ORGANISER_REQUESTED, rm.ORGANISER_GRANTED} <= set(topics)
    for message in messages:
        done = Counter(OutboxConsumption.objects.filter(message=message).values_list("consumer", flat=True))
        assert done == Counter(outbox.consumers(message.topic)), message.topic
    notes = Counter(Notification.objects.values_list("kind", flat=True))
    assert notes["result_to_confirm"] == 2 and notes["dispute_to_decide"] == 1 and notes["penalty_issued"] == 1
    assert RatedResult.objects.filter(tournament_id=busy_league.pk).count() == 1
    assert WebhookDelivery.objects.filter(event="pairing_created").count() == 2
    assert Notification.objects.get(kind="organiser_requested").facts["granted_by"] == "admin"


def test_a_message_delivered_twice_has_its_effect_once(busy_league):
    before = effects()
    assert before[0] and before[1] and before[2]
    messages = OutboxMessage.objects.filter(topic__in=tm.TOPICS + (rm.ORGANISER_REQUESTED, rm.ORGANISER_GRANTED))
    for message in messages:
        for path in outbox.consumers(message.topic):
            assert outbox.consume(message.pk, path) is False, (message.topic, path)  # its tracking record
            import_string(path)(**message.payload)  # and run again regardless: keyed by the message
    assert effects() == before


def test_a_tracking_record_lost_with_its_writes_lets_the_message_run_again_once(busy_league):
    """What the re-send pass relies on: no record means nothing committed, so it runs again."""
    message = OutboxMessage.objects.get(topic=tm.RESULT_SETTLED)
    OutboxConsumption.objects.filter(message=message).delete()
    RatedResult.objects.filter(tournament_id=busy_league.pk).delete()
    assert outbox.consume(message.pk, "ratings.tasks.rate_settled_leg") is True
    assert outbox.consume(message.pk, "ratings.tasks.rate_settled_leg") is False
    assert RatedResult.objects.filter(tournament_id=busy_league.pk).count() == 1
