"""Upload the day to the league by clicking (issue 30): the organiser downloads a finished table
tournament from its manage page, a league admin imports it (a changed file is refused in words),
maps one entrant, and the other claims his on a phone; the legs are rated once both are matched."""
import json

import pytest

from ratings.models import RatedResult
from leagues.models import League
from tests.browser.conftest import PHONE, log_in
from tests.conftest import make_user
from tournament import services, table
from tournament.models import TournamentUpload

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def table_day():
    """A table Swiss of two, both legs reported and confirmed: finished."""
    league = League.objects.create(name="Club", slug="club")
    olga = make_user("olga")
    league.organisers.add(olga)
    for name in ("ala", "bob"):
        make_user(name)
    t = services.create_tournament(league=league, name="Basement Swiss", system="303", format="swiss",
                                   created_by=olga, options={"play_mode": table.AT_TABLE})
    for name in ("ala", "bob"):
        services.register(t.pk, name, "olga")
    services.seed(t.pk, "olga")
    services.start_round(t.pk, "olga")
    pairing = next(iter(services.load_state(t).pairings.values()))
    for leg in (1, 2):
        other = pairing["b"] if pairing["a"] == "ala" else pairing["a"]
        services.report_leg(t.pk, pairing["id"], leg, "ala", winner="ala",
                            ended_by=table.ending_won_by("303", pairing, leg, "ala"))
        services.confirm_leg(t.pk, pairing["id"], leg, other)
    assert services.load_state(t).status == "finished"
    return t


def test_the_day_goes_from_the_manage_page_to_the_league_by_clicking(live_server, new_context, shot, tmp_path):
    played = table_day()
    league = League.objects.create(name="Polish 303 League", slug="pl303")
    make_user("lena", is_staff=True)
    make_user("robert")

    organiser = new_context().new_page()
    log_in(organiser, live_server.url, "olga")
    organiser.goto(f"{live_server.url}/tournaments/{played.pk}/manage/")
    shot(organiser, "upload-manage-export-button")
    with organiser.expect_download() as download:
        organiser.get_by_role("link", name="Download the day for the league").click()
    day = tmp_path / "day.json"
    download.value.save_as(day)
    exported = json.loads(day.read_text())

    changed = json.loads(day.read_text())
    event = changed["tournament"]["events"][-3]
    event["payload"] = {**event["payload"], "winner": "bob"}
    (tmp_path / "changed.json").write_text(json.dumps(changed))

    admin = new_context().new_page()
    log_in(admin, live_server.url, "lena")
    admin.goto(f"{live_server.url}/leagues/{league.slug}/edit/")
    admin.get_by_role("link", name="Import a tournament").click()
    admin.get_by_label("Tournament file").set_input_files(str(tmp_path / "changed.json"))
    admin.get_by_role("button", name="Check and import").click()
    error = admin.locator(".field.has-error").inner_text()
    stream = changed["tournament"]["stream"]
    assert f"{stream}, event {event['seq']}" in error and "hash chain is broken" in error
    shot(admin, "upload-refused")
    assert not TournamentUpload.objects.exists()

    admin.get_by_label("Tournament file").set_input_files(str(day))
    admin.get_by_role("button", name="Check and import").click()
    admin.wait_for_selector("text=every event checked out")
    upload = TournamentUpload.objects.get()
    assert upload.head_hash == exported["head_hash"]
    admin.get_by_label("Account here").last.fill("nobody")
    admin.get_by_role("button", name="Match bob").click()
    assert "no account is named nobody" in admin.locator(".field.has-error").inner_text().lower()
    shot(admin, "upload-mapping-error")
    admin.get_by_label("Account here").last.fill("robert")
    admin.get_by_role("button", name="Match bob").click()
    admin.wait_for_selector("text=bob is matched to robert")
    assert not RatedResult.objects.filter(tournament_id=upload.tournament_id).exists()

    ala = new_context(PHONE).new_page()
    log_in(ala, live_server.url, "ala")
    ala.goto(f"{live_server.url}/tournaments/{upload.tournament_id}/")
    shot(ala, "upload-claim-offered-phone")
    ala.get_by_role("button", name="Claim ala: that was me").click()
    ala.wait_for_selector("text=You are ala of this tournament now.")
    assert ala.get_by_role("button", name="Claim ala: that was me").count() == 0
    assert RatedResult.objects.filter(tournament_id=upload.tournament_id).count() == 2

    admin.goto(f"{live_server.url}/leagues/{league.slug}/tournament-imports/{upload.tournament_id}/")
    assert "claimed by ala" in admin.content() and "matched to robert" in admin.content()
    shot(admin, "upload-entrants-matched")
    admin.goto(f"{live_server.url}/leagues/{league.slug}/tournament-imports/")
    admin.get_by_label("Tournament file").set_input_files(str(day))
    admin.get_by_role("button", name="Check and import").click()
    admin.wait_for_selector("text=This file was imported before: nothing has changed.")
    assert TournamentUpload.objects.count() == 1
    assert RatedResult.objects.filter(tournament_id=upload.tournament_id).count() == 2
