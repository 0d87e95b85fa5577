"""The organiser's pages (issue 13): every form has CSRF, shows errors in words next to the
field, checks the role on the server, appends nothing on an error, and calls the same service
as the API (docs/rules/service.md "Who uses it": organisers create tournaments in their league, register
and withdraw entrants, seed and start rounds)."""
import html as html_lib
import re

import pytest
from django.test import Client

from kernel.models import StoredEvent
from ratings.models import PlayerRating
from leagues.models import Season
from tests.conftest import make_user
from tests.doubles import RACE
from tournament import events as ev, services
from tournament.models import Tournament
from tournament.permissions import join_key

from .conftest import new_tournament, players
from kernel.api.errors import status_of


def browser(user=None, csrf=False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    if user is not None:
        client.force_login(user)
    return client


def stream(tournament) -> list:
    return list(StoredEvent.objects.filter(stream=tournament.stream).order_by("seq"))


def error_beside(html: str, field_id: str) -> str:
    """The words of the error list Django links to the field ``field_id``."""
    match = re.search(rf'<ul class="errorlist" id="{field_id}_error">(.*?)</ul>', html, re.S)
    assert match, f"no error beside {field_id}"
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", match.group(1))).strip()


CREATE = {"name": "Autumn Swiss", "system": RACE, "format": "swiss", "scoring": "", "penalty_scope": "tournament",
          "time_control": "", "rounds": "", "bye_score": "2:0", "cycles": "1", "group_count": "2",
          "advance_per_group": "2", "tie_breaks_0": "points", "tie_breaks_1": "head_to_head",
          "tie_breaks_2": "games_won", "tie_breaks_3": "buchholz", "tie_breaks_4": "sonneborn_berger",
          "tie_breaks_5": "knowledge_test", "tie_breaks_6": "rating"}


def test_the_new_tournament_page_takes_every_setting_the_api_takes(league, organiser):
    season = Season.objects.create(league=league, name="Autumn")
    page = browser(organiser)
    assert page.get("/tournaments/new/").status_code == 200
    response = page.post("/tournaments/new/", {
        **CREATE, "league": league.pk, "season": season.pk, "scoring": "games", "rounds": "3", "bye_score": "1:1",
        "late_entry": "on", "third_place": "on", "tie_breaks_0": "points", "tie_breaks_1": "buchholz",
        "tie_breaks_2": "", "tie_breaks_3": "", "tie_breaks_4": "", "tie_breaks_5": "", "tie_breaks_6": "",
        "penalty_scope": "pairing", "time_control": "per-move", "per_move_hours": "24", "private": "on",
        "requires_check_in": "on", "check_in_deadline": "2044-05-01T18:30", "other_setup": '{"target": 7}'})
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tournaments/{tournament.pk}/manage/"
    created = stream(tournament)[0]
    assert created.type == ev.TOURNAMENT_CREATED and created.actor == "olga"
    assert {k: v for k, v in created.payload.items() if k != "seed_commitment"} == {
        "name": "Autumn Swiss", "system": RACE, "format": "swiss", "scoring": "games",
        # only the options of the chosen format, and only those that differ from the defaults
        "options": {"rounds": 3, "bye_score": [1, 1], "late_entry": True, "requires_check_in": True,
                    "check_in_deadline": "2044-05-01T18:30:00+00:00", "game_setup": {"target": 7}},
        "tie_breaks": ["points", "buchholz"], "penalty_scope": "pairing",
        "time_control": {"kind": "per-move", "seconds": 86400}, "league": "pl303", "season": season.pk,
        "is_public": False}


def test_a_wrong_form_shows_each_error_beside_its_field_and_appends_nothing(league, organiser):
    before = StoredEvent.objects.count()
    response = browser(organiser).post("/tournaments/new/", {
        **CREATE, "league": league.pk, "name": "", "tie_breaks_1": "points", "time_control": "clock",
        "clock_minutes": "30", "other_setup": "{not json"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "required" in error_beside(html, "id_name")
    assert "Points is chosen twice" in error_beside(html, "id_tie_breaks")
    assert "Needed for this time control" in error_beside(html, "id_increment_seconds")
    assert "not valid JSON" in error_beside(html, "id_other_setup")
    assert 'aria-invalid="true"' in html and 'value="30"' in html, "the form keeps what was typed"
    assert StoredEvent.objects.count() == before and not Tournament.objects.exists()


def test_the_engine_refuses_a_bad_game_setup_beside_the_setup_field(league, organiser):
    response = browser(organiser).post("/tournaments/new/", {**CREATE, "league": league.pk,
                                                            "system": "duel-in-the-dark",
                                                            "setup_duel_in_the_dark_acoustic_mirror": "on"})
    assert response.status_code == 422
    assert "Acoustic_mirror needs medals" in error_beside(response.content.decode(),
                                                          "id_setup_duel_in_the_dark_acoustic_mirror")
    assert not Tournament.objects.exists()


def test_only_an_organiser_of_the_league_creates_there_and_a_form_needs_its_csrf_token(league, organiser):
    outsider = make_user("zed")
    page = browser(outsider)
    assert "You do not organise a league yet" in page.get("/tournaments/new/").content.decode()
    refused = page.post("/tournaments/new/", {**CREATE, "league": league.pk})
    assert refused.status_code == 400 and "league" in refused.context["form"].errors
    assert browser().get("/tournaments/new/")["Location"].startswith("/accounts/login/")
    assert browser(organiser, csrf=True).post("/tournaments/new/", {**CREATE, "league": league.pk}).status_code == 403
    assert not Tournament.objects.exists()


@pytest.fixture
def cup(league, organiser):
    return new_tournament(league, organiser, fmt="swiss", scoring_scheme="games")


def manage(client, cup, action: str, **fields):
    return client.post(f"/tournaments/{cup.pk}/manage/", {"action": action, **fields})


def test_the_manage_page_is_the_organisers_alone(cup, organiser, referee):
    make_user("p01")
    assert browser(organiser).get(f"/tournaments/{cup.pk}/manage/").status_code == 200
    assert browser(referee).get(f"/tournaments/{cup.pk}/manage/").status_code == 403
    assert browser(referee).post(f"/tournaments/{cup.pk}/manage/",
                                 {"action": "add_entrant", "add-username": "p01"}).status_code == 403
    assert browser().get(f"/tournaments/{cup.pk}/manage/")["Location"].startswith("/accounts/login/")
    # Appointing referees is the league admin's (as through the API), not the organiser's.
    assert manage(browser(organiser), cup, "referees", **{"referees-add": "rita"}).status_code == 403
    assert len(stream(cup)) == 1


def test_adding_entrants_uses_their_real_rating_and_a_wrong_name_is_shown_beside_the_field(cup, organiser):
    rated, unrated = make_user("ace"), make_user("novice")
    PlayerRating.objects.create(system=RACE, player=rated, rating=1538.0, peak=1550, games=12, wins=7,
                                draws=0, losses=5)
    page = browser(organiser)
    wrong = manage(page, cup, "add_entrant", **{"add-username": "nobody"})
    assert wrong.status_code == 400 and "No active user 'nobody'" in error_beside(wrong.content.decode(),
                                                                                     "id_add-username")
    assert len(stream(cup)) == 1
    assert manage(page, cup, "add_entrant", **{"add-username": "ace"}).status_code == 302
    assert manage(page, cup, "add_entrant", **{"add-username": "novice"}).status_code == 302
    again = manage(page, cup, "add_entrant", **{"add-username": "ace"})
    assert "already registered" in error_beside(again.content.decode(), "id_add-username")
    registered = [e.payload for e in stream(cup) if e.type == ev.ENTRANT_REGISTERED]
    assert registered == [{"entrant": "ace", "rating": 1538.0, "provisional": False, "late": False},
                          {"entrant": "novice", "rating": 1500.0, "provisional": True, "late": False}]
    html = page.get(f"/tournaments/{cup.pk}/manage/").content.decode()
    assert "1538" in html and "provisional" in html


def test_seeding_in_a_manual_order_moved_with_the_arrows(cup, organiser):
    for user in players(3):
        services.register(cup.pk, user.username, "olga")
    page = browser(organiser)
    drafted = manage(page, cup, "seed", **{"seed-method": "manual", "seed-order": ["p01", "p02", "p03"],
                                           "seed-move": "2:up"})
    assert drafted.status_code == 200 and len(stream(cup)) == 4, "an arrow only redraws the list"
    assert drafted.context["seed_order"] == ["p01", "p03", "p02"]
    assert manage(page, cup, "seed", **{"seed-method": "manual",
                                        "seed-order": ["p03", "p01", "p02"]}).status_code == 302
    assert stream(cup)[-1].payload == {"order": ["p03", "p01", "p02"], "method": "manual", "lot": None}
    assert manage(page, cup, "seed", **{"seed-method": "lot"}).status_code == 302
    assert stream(cup)[-1].payload["method"] == "lot"


def test_the_page_says_what_starting_a_round_will_do_then_does_exactly_that(cup, organiser):
    for user in players(9):
        services.register(cup.pk, user.username, "olga", rating=2000 - int(user.username[1:]))
    services.seed(cup.pk, "olga")
    page = browser(organiser)
    html = page.get(f"/tournaments/{cup.pk}/manage/").content.decode()
    assert "Start round 1" in html
    assert "4 pairings will be created: 8 games" in html and "Bye (no game): p09." in html
    shown = re.findall(r"<li>(p\d\d v p\d\d)</li>", html)
    assert manage(page, cup, "start_round", **{"round-round": "1"}).status_code == 302
    state = services.load_state(cup)
    assert [f"{p['a']} v {p['b']}" for p in state.pairings.values() if not p["bye"]] == shown
    twice = manage(page, cup, "start_round", **{"round-round": "1"})
    assert twice.status_code == 409 and "Round 1 has started already" in twice.content.decode()
    assert services.load_state(cup).version == state.version


def test_withdraw_check_in_and_cancel_with_a_reason(league, organiser):
    cup = new_tournament(league, organiser, fmt="swiss", requires_check_in=True)
    for user in players(3):
        services.register(cup.pk, user.username, "olga")
    page = browser(organiser)
    html = page.get(f"/tournaments/{cup.pk}/manage/").content.decode()
    assert "p02 is taken off the list of entrants." in html
    assert manage(page, cup, "check_in", **{"check_in-entrant": "p01"}).status_code == 302
    assert manage(page, cup, "withdraw", **{"withdraw-entrant": "p02", "withdraw-reason": "ill"}).status_code == 302
    assert [e.type for e in stream(cup)][-2:] == [ev.CHECKED_IN, ev.ENTRANT_WITHDRAWN]
    versions = len(stream(cup))
    no_reason = manage(page, cup, "cancel", **{"cancel-reason": ""})
    assert no_reason.status_code == 400 and "required" in error_beside(no_reason.content.decode(),
                                                                        "id_cancel-reason")
    assert len(stream(cup)) == versions
    assert manage(page, cup, "cancel", **{"cancel-reason": "the hall is flooded"}).status_code == 302
    assert stream(cup)[-1].payload == {"reason": "the hall is flooded"}


def test_the_join_link_lets_a_signed_in_player_register_himself_even_in_a_private_tournament(league, organiser):
    cup = services.create_tournament(league=league, name="Closed cup", system=RACE, format="swiss",
                                     created_by=organiser, is_public=False)
    player = make_user("hank")
    url = f"/tournaments/{cup.pk}/join/{join_key(cup)}/"
    assert browser(player).get(f"/tournaments/{cup.pk}/join/not-the-key/").status_code == 404
    assert browser(player).get(f"/tournaments/{cup.pk}/").status_code == 404, "private: unseen without the link"
    anonymous = browser().get(url).content.decode()
    assert "Log in" in anonymous and "Register me" not in anonymous
    assert browser().post(url)["Location"].startswith("/accounts/login/")
    assert len(stream(cup)) == 1
    registered = browser(player).post(url, follow=True)
    assert registered.redirect_chain == [(f"/tournaments/{cup.pk}/", 302)]
    assert registered.status_code == 200 and "Closed cup" in registered.content.decode(), "an entrant sees it"
    assert stream(cup)[-1].payload == {"entrant": "hank", "rating": 1500.0, "provisional": True, "late": False}
    assert stream(cup)[-1].actor == "hank"
    assert "You are registered" in browser(player).get(url).content.decode()


def test_settings_change_only_what_changed_and_are_fixed_after_round_one(cup, organiser):
    page = browser(organiser)
    form = page.get(f"/tournaments/{cup.pk}/manage/settings/").context["form"]
    data = {name: value for name, value in form.initial.items() if value is not None}
    data.update({f"tie_breaks_{i}": t for i, t in enumerate(form.initial["tie_breaks"])})
    data.pop("tie_breaks")
    assert page.post(f"/tournaments/{cup.pk}/manage/settings/", {**data, "name": "Renamed cup", "rounds": "4",
                                                                "bye_score": "2:0"}).status_code == 302
    assert stream(cup)[-1].type == ev.SETTINGS_CHANGED
    assert stream(cup)[-1].payload == {"name": "Renamed cup", "options": {"rounds": 4}}
    for user in players(2):
        services.register(cup.pk, user.username, "olga")
    services.seed(cup.pk, "olga")
    services.start_round(cup.pk, "olga")
    assert "The settings are fixed" in page.get(f"/tournaments/{cup.pk}/manage/settings/").content.decode()


def test_a_league_admin_appoints_the_referees_on_the_manage_page(cup, admin_user_, referee):
    page = browser(admin_user_)
    unknown = manage(page, cup, "referees", **{"referees-add": "nobody"})
    assert unknown.status_code == 400 and "No user nobody" in error_beside(unknown.content.decode(),
                                                                           "id_referees-add")
    assert not cup.referees.exists()
    assert manage(page, cup, "referees", **{"referees-add": "rita"}).status_code == 302
    assert list(cup.referees.all()) == [referee]
    assert manage(page, cup, "referees").status_code == 302, "unticked: removed"
    assert not cup.referees.exists()


def test_a_withdrawn_entrant_is_added_again_and_a_message_keeps_his_name_as_typed(cup, organiser):
    make_user("dave")
    page = browser(organiser)
    assert manage(page, cup, "add_entrant", **{"add-username": "dave"}).status_code == 302
    again = manage(page, cup, "add_entrant", **{"add-username": "dave"})
    assert error_beside(again.content.decode(), "id_add-username") == "dave is already registered"
    assert manage(page, cup, "withdraw", **{"withdraw-entrant": "dave", "withdraw-reason": "ill"}).status_code == 302
    assert manage(page, cup, "add_entrant", **{"add-username": "dave"}).status_code == 302
    state = services.load_state(cup)
    assert state.active_entrants() == ["dave"] and [e.type for e in stream(cup)][-1] == ev.ENTRANT_REGISTERED


@pytest.mark.parametrize("rating", ["-5", "99999999", "4000.5"])
def test_an_impossible_rating_is_refused_beside_the_field_and_by_the_service(cup, organiser, rating):
    make_user("ace")
    page = browser(organiser)
    refused = manage(page, cup, "add_entrant", **{"add-username": "ace", "add-rating": rating})
    assert refused.status_code == 400 and error_beside(refused.content.decode(), "id_add-rating")
    with pytest.raises(services.CommandRejected) as rejection:
        services.register(cup.pk, "ace", "olga", rating=float(rating))
    assert (status_of(rejection.value.kind), rejection.value.code) == (400, "invalid_rating")
    assert len(stream(cup)) == 1
    assert manage(page, cup, "add_entrant", **{"add-username": "ace", "add-rating": "4000"}).status_code == 302


def test_the_manage_page_offers_no_round_beyond_the_last(league, organiser):
    cup = new_tournament(league, organiser, fmt="swiss", scoring_scheme="games", rounds=1)
    for user in players(4):
        services.register(cup.pk, user.username, "olga")
    services.seed(cup.pk, "olga")
    services.start_round(cup.pk, "olga")
    html = browser(organiser).get(f"/tournaments/{cup.pk}/manage/").content.decode()
    assert "Start round 2" not in html and "Round 1 is the last" in html
    assert "the tournament ends with its final standings" in html


def test_the_manage_page_gives_the_embed_snippet_to_copy(cup, organiser):
    html = browser(organiser).get(f"/tournaments/{cup.pk}/manage/").content.decode()
    textarea = re.search(r'<textarea[^>]*id="embed-snippet"[^>]*>(.*?)</textarea>', html, re.S)
    snippet = html_lib.unescape(textarea.group(1))
    assert snippet.startswith(f'<iframe src="http://testserver/tournaments/{cup.pk}/embed/"')
    assert 'data-copy="embed-snippet"' in html
    assert browser().get(f"/tournaments/{cup.pk}/embed/").status_code == 200
