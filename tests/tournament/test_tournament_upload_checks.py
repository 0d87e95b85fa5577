"""A tournament file is checked as the tournament's services would have written it (issue 30;
tournament/uploads.py): a changed event whose chain was recomputed is still refused, naming it."""
import json

import pytest
from django.db import transaction

from kernel.chain import event_hash
from kernel.refusals import CommandRejected
from leagues.models import League
from tests.conftest import make_user
from tournament import events as ev, services, table
from tournament.exports import export_tournament
from tournament.models import Tournament
from tournament.uploads import import_tournament
from kernel.api.errors import status_of


def table_day() -> dict:
    """A table Swiss of four played elsewhere (here, then rolled back): round 1 reported and
    confirmed, round 2 likewise; exported."""
    with transaction.atomic():
        league = League.objects.create(name="Club", slug="club")
        olga = make_user("olga")
        league.organisers.add(olga)
        t = services.create_tournament(league=league, name="Basement Swiss", system="303", format="swiss",
                                       created_by=olga, options={"play_mode": table.AT_TABLE})
        for name in ("ala", "bob", "cyd", "dan"):
            make_user(name)
            services.register(t.pk, name, "olga")
        services.seed(t.pk, "olga")
        for _round in (1, 2):
            services.start_round(t.pk, "olga")
            for pairing in [p for p in services.load_state(t).pairings.values() if p["round"] == _round]:
                for leg in (1, 2):
                    services.report_leg(t.pk, pairing["id"], leg, pairing["a"], winner=pairing["a"],
                                        ended_by=table.ending_won_by("303", pairing, leg, pairing["a"]))
                    services.confirm_leg(t.pk, pairing["id"], leg, pairing["b"])
        assert services.load_state(t).status == "finished"
        exported = export_tournament(t)
        transaction.set_rollback(True)
    return exported


@pytest.fixture
def day(db):
    return table_day()


@pytest.fixture
def admin_and_league(db):
    return make_user("lena", is_staff=True), League.objects.create(name="Polish 303 League", slug="pl303")


def rechained(file: dict) -> str:
    stream = file["tournament"]
    previous = None
    for e in stream["events"]:
        if e["type"] == ev.TOURNAMENT_FINISHED:
            e["payload"]["head_hash"] = previous
        e["hash"] = previous = event_hash(stream["stream"], e["seq"], e["type"], e["payload"], e["visibility"],
                                          e["dice"], e["command"], previous)
    stream["head_hash"] = file["head_hash"] = previous
    return json.dumps(file)


def refusal(text: str, admin_and_league) -> CommandRejected:
    admin, league = admin_and_league
    with pytest.raises(CommandRejected) as refused:
        import_tournament(text, league, admin)
    assert not Tournament.objects.exists()
    return refused.value


def test_the_played_day_is_accepted(day, admin_and_league):
    admin, league = admin_and_league
    upload, created = import_tournament(json.dumps(day), league, admin)
    assert created and upload.head_hash == day["head_hash"]


def test_a_leg_confirmed_by_its_own_reporter_is_refused(day, admin_and_league):
    confirmed = next(e for e in day["tournament"]["events"] if e["type"] == ev.LEG_CONFIRMED)
    reported = next(e for e in day["tournament"]["events"] if e["type"] == ev.LEG_REPORTED)
    confirmed["payload"]["by"] = reported["payload"]["reporter"]
    exc = refusal(rechained(day), admin_and_league)
    assert (status_of(exc.kind), exc.extra["seq"]) == (422, confirmed["seq"])
    assert "would have refused this result" in exc.message


def test_a_pairing_the_format_would_not_make_is_refused(day, admin_and_league):
    created = next(e for e in day["tournament"]["events"] if e["type"] == ev.PAIRING_CREATED)
    created["payload"]["a"], created["payload"]["b"] = created["payload"]["b"], created["payload"]["a"]
    exc = refusal(rechained(day), admin_and_league)
    assert (status_of(exc.kind), exc.extra["stream"], exc.extra["seq"]) == (422, day["tournament"]["stream"], created["seq"])


def test_a_value_of_the_wrong_type_is_refused_naming_its_event(day, admin_and_league):
    confirmed = next(e for e in day["tournament"]["events"] if e["type"] == ev.LEG_CONFIRMED)
    confirmed["payload"]["pairing_id"] = ["not", "an", "id"]
    exc = refusal(rechained(day), admin_and_league)
    assert (status_of(exc.kind), exc.extra["seq"]) == (422, confirmed["seq"])


def test_an_unfinished_history_is_refused(day, admin_and_league):
    events = day["tournament"]["events"]
    day["tournament"]["events"] = events[:-1]
    exc = refusal(rechained(day), admin_and_league)
    assert exc.extra["seq"] == events[-2]["seq"] and "TournamentFinished" in exc.message


def test_a_file_that_is_no_export_is_refused_in_words(admin_and_league):
    exc = refusal("{\"format\": \"something else\"}", admin_and_league)
    assert (status_of(exc.kind), exc.code) == (400, "malformed_upload")
