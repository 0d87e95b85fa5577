"""Webhooks from the pages (issue 16): an organiser registers, lists, removes a tournament's
webhooks and re-sends a delivery from its webhooks page (linked from the manage page); a league
admin does the same for a league; a private address is refused in words beside the field and
nothing is stored."""
import pytest
from django.test import Client

from notifications.models import WebhookDelivery, WebhookEndpoint
from tests.conftest import make_user
from tests.tournament.conftest import new_tournament

pytestmark = pytest.mark.django_db
RECEIVER = "http://127.0.0.1:9/hooks"  # nothing listens: every try fails, which the log shows


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def manage(tournament) -> str:
    return f"/tournaments/{tournament.pk}/webhooks/"


def test_a_loopback_receiver_is_refused_in_words_and_nothing_is_stored(league, organiser):
    tournament = new_tournament(league, organiser)
    response = signed_in(organiser).post(manage(tournament), {"action": "add_webhook", "webhook-url": RECEIVER})
    assert response.status_code == 422
    assert "webhook_address_refused" not in response.content.decode()  # words, not the code
    assert 'id="webhooks"' in response.content.decode() and "public addresses only" in response.content.decode()
    assert not WebhookEndpoint.objects.exists()


def test_an_organiser_adds_sees_resends_and_removes_a_webhook(league, organiser, settings,
                                                              django_capture_on_commit_callbacks):
    settings.NIGHTDUEL_WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.1/32"]
    tournament = new_tournament(league, organiser)
    client = signed_in(organiser)
    response = client.post(manage(tournament), {"action": "add_webhook", "webhook-url": RECEIVER,
                                                "webhook-events": ["round_started"]}, follow=True)
    endpoint = WebhookEndpoint.objects.get()
    assert (endpoint.tournament, endpoint.events) == (tournament, ["round_started"])
    assert endpoint.secret in response.content.decode()  # a generated secret is shown once saved
    delivery = WebhookDelivery.objects.create(endpoint=endpoint, event="round_started", key="k1",
                                              payload={"round": 1}, status=WebhookDelivery.Status.FAILED, attempts=5)
    page = client.get(manage(tournament)).content.decode()
    assert RECEIVER in page and "round started" in page and "Failed" in page

    with django_capture_on_commit_callbacks(execute=True):
        client.post(manage(tournament), {"action": "resend_delivery", "delivery": str(delivery.pk)})
    delivery.refresh_from_db()
    assert delivery.attempts == 6 and delivery.tries.filter(resend=True).count() == 1  # tried again at once (eager)

    client.post(manage(tournament), {"action": "remove_webhook", "webhook": endpoint.pk})
    assert not WebhookEndpoint.objects.exists()


def test_the_manage_page_leads_to_the_webhooks(league, organiser):
    tournament = new_tournament(league, organiser)
    page = signed_in(organiser).get(f"/tournaments/{tournament.pk}/manage/").content.decode()
    assert 'id="webhooks"' in page and manage(tournament) in page


def test_only_the_organiser_manages_a_tournaments_webhooks(league, organiser, settings):
    settings.NIGHTDUEL_WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.1/32"]
    tournament = new_tournament(league, organiser)
    endpoint = WebhookEndpoint.objects.create(tournament=tournament, url=RECEIVER, secret="s")
    stranger = signed_in(make_user("mallory"))
    assert stranger.get(manage(tournament)).status_code == 403
    assert stranger.post(manage(tournament), {"action": "add_webhook", "webhook-url": RECEIVER}).status_code == 403
    assert stranger.post(manage(tournament), {"action": "remove_webhook", "webhook": endpoint.pk}).status_code == 403
    assert WebhookEndpoint.objects.count() == 1
    tournament.is_public = False
    tournament.save(update_fields=["is_public"])
    assert stranger.get(manage(tournament)).status_code == 404  # a private tournament is not there for him


def test_a_league_admin_keeps_the_leagues_webhooks_and_nobody_else_may(league, organiser, settings):
    settings.NIGHTDUEL_WEBHOOK_ALLOWED_NETWORKS = ["127.0.0.1/32"]
    url = f"/leagues/{league.slug}/webhooks/"
    assert signed_in(organiser).get(url).status_code == 403
    admin = signed_in(make_user("lena", is_staff=True))
    assert admin.post(url, {"action": "add_webhook", "webhook-url": "http://10.1.2.3/x"}).status_code == 422
    response = admin.post(url, {"action": "add_webhook", "webhook-url": RECEIVER}, follow=True)
    assert response.status_code == 200 and WebhookEndpoint.objects.get().league == league
    assert RECEIVER in response.content.decode()
