"""A bot's seat in a tournament: refused unless the organiser allows bots (option ``allow_bots``,
off by default), nothing appended when refused."""
import pytest

from bots.services import bot_user
from leagues.models import League
from tests.conftest import make_user
from tests.tournament.conftest import new_tournament
from tournament import services
from tournament.models import Tournament
from kernel.refusals import CommandRejected
from kernel.api.errors import status_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    league = League.objects.create(name="Polish 303 League", slug="pl303")
    user = make_user("olga")
    league.organisers.add(user)
    return league, user


def test_a_bot_is_refused_unless_the_organiser_allows_bots(organiser):
    league, olga = organiser
    bot = bot_user("303", 1)
    closed = new_tournament(league, olga)
    head = Tournament.objects.get(pk=closed.pk).stream
    from kernel.models import StoredEvent

    before = StoredEvent.objects.filter(stream=head).count()
    with pytest.raises(CommandRejected) as refused:
        services.register(closed.pk, bot.username, "olga")
    assert (status_of(refused.value.kind), refused.value.code) == (422, "bots_not_allowed")
    assert StoredEvent.objects.filter(stream=head).count() == before

    services.register(closed.pk, make_user("kowalski").username, "olga")  # people still may

    open_to_bots = new_tournament(league, olga, allow_bots=True)
    state = services.register(open_to_bots.pk, bot.username, "olga")
    assert bot.username in state.entrants
