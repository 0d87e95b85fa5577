"""Printing (issue 14, "Printing"): for each round of a real 8-entrant 303 Swiss tournament a
pairing sheet, one result slip per table with a QR code to the pairing's report page, the
standings with their tie-break columns and the 303 game card, as print pages and PDFs. The PDFs
open: ``pdftotext`` finds every pairing's names, ``pdftoppm`` pictures each sheet into
artifacts/print/ (skipped where poppler is not installed, except under CI)."""
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.test import Client

from kernel.models import StoredEvent
from leagues.models import League
from tests.conftest import make_user
from tournament import services, table
from tournament.printing import qr, sheets
from tournament.projections import state_for

from .conftest import new_tournament, players

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "print"
# Polish names with letters outside Latin-1: the PDF font must print them as written.
NAMES = ["anna", "bartek", "sieroń", "łukasz", "zofia", "michał", "ewa", "piotr"]
KINDS = ("pairings", "slips", "standings", "game-cards")


def pairings_of(state, number):
    return [p for p in state.ordered_pairings() if p["round"] == number and not p["bye"]]


def poppler(tool: str) -> str | None:
    """The poppler tool's path; CI installs poppler-utils (.ci/run), so there it must be present."""
    path = shutil.which(tool)
    if path is None and os.environ.get("CI"):
        pytest.fail(f"{tool} is missing under CI: .ci/run installs poppler-utils")
    return path


def browser(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def play_round_at_the_table(t, number: int) -> None:
    """Every pairing of the round: its first-named player reports winning both legs, the
    opponent confirms (the bomber reaches London when he flies the Luftwaffe, else it is shot down)."""
    for pairing in pairings_of(services.load_state(t), number):
        for leg in (1, 2):
            side = next(s for s, name in table.leg_sides(pairing, leg).items() if name == pairing["a"])
            services.report_leg(t.pk, pairing["id"], leg, pairing["a"], winner=pairing["a"],
                                ended_by="reached_london" if side == "luftwaffe" else "shot_down")
            services.confirm_leg(t.pk, pairing["id"], leg, pairing["b"])


def printed_cup(league, organiser, referee):
    """An 8-entrant 303 Swiss tournament at the table built through the services: round 1
    reported and confirmed (the first named of each pairing wins both legs), round 2 started."""
    t = services.create_tournament(league=league, name="Puchar 303 Kraków", system="303", format="swiss",
                                   created_by=organiser, referees=[referee], options={"play_mode": "at_table"})
    for i, name in enumerate(NAMES):
        make_user(name)
        services.register(t.pk, name, "olga", rating=1800 - 10 * i)
    services.seed(t.pk, "olga")
    services.start_round(t.pk, "olga")
    play_round_at_the_table(t, 1)
    services.start_round(t.pk, "olga")
    return t


@pytest.fixture
def cup(league, organiser, referee):
    return printed_cup(league, organiser, referee)


def test_pairing_sheet_numbers_the_tables_and_swaps_the_sides_for_the_rematch(cup):
    state = state_for(cup)
    assert sheets.round_numbers(state) == [1, 2]
    sheet = sheets.pairing_sheet(state, 2)
    assert [t["table"] for t in sheet["tables"]] == [1, 2, 3, 4] and sheet["byes"] == []
    assert {n for t in sheet["tables"] for n in (t["a"], t["b"])} == set(NAMES)
    for t in sheet["tables"]:
        match, rematch = t["legs"]
        # 303: the Luftwaffe moves first, so it is listed first; the rematch swaps the players.
        assert [s["side"] for s in match["sides"]] == ["luftwaffe", "raf"] == [s["side"] for s in rematch["sides"]]
        assert [s["name"] for s in rematch["sides"]] == [s["name"] for s in reversed(match["sides"])]
        assert {s["name"] for s in match["sides"]} == {t["a"], t["b"]}
        pairing = state.pairings[t["id"]]
        assert {s["side"]: s["name"] for s in match["sides"]} == pairing["first_sides"]
        assert t["table"] == pairing["table"] and not t["online"]  # the table the round assigned
    assert "Luftwaffe moves first" in sheet["note"]


def test_standings_sheet_after_round_one_has_the_tie_break_columns(cup):
    state = state_for(cup)
    sheet = sheets.standings_sheet(state, 1)
    assert [r["entrant"] for r in sheet["rows"]] == [
        r.entrant for r in state.standings_rows([p for p in state.ordered_pairings() if p["round"] == 1])]
    headers = {c["key"]: c for c in sheet["columns"]}
    assert all(headers[k]["tie_break"] for k in ("points", "games_won", "buchholz", "sonneborn_berger",
                                                  "knowledge_test", "rating"))
    assert not headers["played"]["tie_break"]
    winners = {p["a"] for p in pairings_of(state, 1)}
    assert {r["entrant"] for r in sheet["rows"][:4]} == winners
    assert sheet["rows"][0]["cells"][0] == "3"  # 2:0 is 3 points on the Polish sheet
    assert "head-to-head" in sheet["order"]


def test_game_card_has_the_sheets_round_track(cup):
    state = state_for(cup)
    cards = sheets.game_cards(state, 2)
    assert len(cards["cards"]) == 8  # four tables, a match and a rematch each
    track = cards["track"]
    assert [s["round"] for s in track] == list(range(1, 9))
    assert "Northolt" in track[3]["note"] and "Northolt" in track[5]["note"]
    assert track[0]["note"] and track[7]["note"]
    assert not any(track[i]["note"] for i in (1, 2, 4, 6))


def test_slips_carry_the_absolute_report_address_as_qr_code(cup, organiser, settings):
    settings.ALLOWED_HOSTS = ["*"]
    state = state_for(cup)
    html = browser(organiser).get(f"/tournaments/{cup.pk}/print/round-2/slips/", HTTP_HOST="club.example").content
    html = html.decode()
    for pairing in pairings_of(state, 2):
        url = f"http://club.example/tournaments/{cup.pk}/pairings/{pairing['id']}/report/"
        assert url in html and qr.svg(url) in html
    assert html.count('class="sheet slip"') == 4


def test_every_sheet_is_a_pdf_naming_every_pairing_and_pictured(cup, organiser):
    text_tool, picture_tool = poppler("pdftotext"), poppler("pdftoppm")
    state = state_for(cup)
    page = browser(organiser)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for number in (1, 2):
        for kind in KINDS:
            response = page.get(f"/tournaments/{cup.pk}/print/round-{number}/{kind}.pdf")
            assert response.status_code == 200, (kind, response.status_code)
            assert response["Content-Type"] == "application/pdf" and response.content.startswith(b"%PDF")
            assert f"round-{number}-{kind}.pdf" in response["Content-Disposition"]
            path = ARTIFACTS / f"round-{number}-{kind}.pdf"
            path.write_bytes(response.content)
            if text_tool:
                text = subprocess.run([text_tool, "-layout", str(path), "-"], capture_output=True, text=True,
                                      check=True).stdout
                for p in pairings_of(state, number):
                    assert p["a"] in text and p["b"] in text, (kind, number, p["a"], p["b"])
                if kind == "slips":
                    for p in pairings_of(state, number):
                        assert f"/tournaments/{cup.pk}/pairings/{p['id']}/report/" in text.replace("\n", "")
            if picture_tool:
                subprocess.run([picture_tool, "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile", str(path),
                                str(path.with_suffix(""))], check=True)
                assert path.with_suffix(".png").stat().st_size > 5000


def test_html_sheets_are_print_ready(cup, organiser):
    page = browser(organiser)
    for kind in KINDS:
        response = page.get(f"/tournaments/{cup.pk}/print/round-2/{kind}/")
        assert response.status_code == 200, kind
        html = response.content.decode()
        assert "css/print.css" in html and 'class="sheet' in html and 'class="print-toolbar no-print"' in html
        assert f'href="/tournaments/{cup.pk}/print/round-2/{kind}.pdf"' in html
    index = page.get(f"/tournaments/{cup.pk}/print/").content.decode()
    for kind in KINDS:
        assert f"/print/round-1/{kind}/" in index and f"/print/round-2/{kind}.pdf" in index


def test_manage_and_tournament_pages_link_the_sheets_for_staff_only(cup, organiser, referee):
    link = f'href="/tournaments/{cup.pk}/print/"'
    assert link in browser(organiser).get(f"/tournaments/{cup.pk}/manage/").content.decode()
    assert link in browser(organiser).get(f"/tournaments/{cup.pk}/").content.decode()
    assert link in browser(referee).get(f"/tournaments/{cup.pk}/").content.decode()
    assert link not in browser(make_user("visitor")).get(f"/tournaments/{cup.pk}/").content.decode()
    assert link not in browser().get(f"/tournaments/{cup.pk}/").content.decode()


def test_who_may_print(cup, organiser, referee):
    sheet = f"/tournaments/{cup.pk}/print/round-1/slips/"
    admin = make_user("admin", is_staff=True, is_superuser=True)
    for user in (organiser, referee, admin):
        assert browser(user).get(sheet).status_code == 200
        assert browser(user).get(f"/tournaments/{cup.pk}/print/").status_code == 200
    outsider = browser(make_user("outsider"))
    assert outsider.get(sheet).status_code == 403
    assert outsider.get(f"/tournaments/{cup.pk}/print/round-1/slips.pdf").status_code == 403
    entrant = browser(type(organiser).objects.get(username="anna"))
    assert entrant.get(sheet).status_code == 403 and entrant.get(f"/tournaments/{cup.pk}/print/").status_code == 403
    anonymous = browser().get(sheet)
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    # A public tournament's standings sheet is public; a private one's is not even there.
    assert browser().get(f"/tournaments/{cup.pk}/print/round-1/standings/").status_code == 200
    assert browser(make_user("fan")).get(f"/tournaments/{cup.pk}/print/round-1/standings.pdf").status_code == 200
    cup.is_public = False
    cup.save(update_fields=["is_public"])
    assert browser().get(f"/tournaments/{cup.pk}/print/round-1/standings/").status_code == 404
    assert browser().get(sheet).status_code == 404
    assert browser(organiser).get(f"/tournaments/{cup.pk}/print/round-1/standings/").status_code == 200


def test_unknown_rounds_and_sheets_are_not_found(cup, organiser):
    page = browser(organiser)
    assert page.get(f"/tournaments/{cup.pk}/print/round-3/pairings/").status_code == 404
    assert page.get(f"/tournaments/{cup.pk}/print/round-1/menus/").status_code == 404
    assert page.get(f"/tournaments/{cup.pk}/print/round-1/menus.pdf").status_code == 404
    assert page.post(f"/tournaments/{cup.pk}/print/round-1/pairings/").status_code == 405


def test_an_online_tournament_prints_its_sheets_and_byes_but_no_slips_or_game_cards(league, organiser, referee):
    t = new_tournament(league, organiser, referee, fmt="swiss")
    for user in players(5):
        services.register(t.pk, user.username, "olga", rating=1500)
    services.seed(t.pk, "olga")
    services.start_round(t.pk, "olga")
    page = browser(organiser)
    assert page.get(f"/tournaments/{t.pk}/print/round-1/game-cards/").status_code == 404  # 303 only
    assert "game-cards" not in page.get(f"/tournaments/{t.pk}/print/").content.decode()
    [bye] = [p["a"] for p in state_for(t).ordered_pairings() if p["bye"]]
    assert f"Bye:</strong> {bye}" in page.get(f"/tournaments/{t.pk}/print/round-1/pairings/").content.decode()
    sheet = page.get(f"/tournaments/{t.pk}/print/round-1/pairings.pdf")
    assert sheet.status_code == 200 and sheet.content.startswith(b"%PDF")
    slips = page.get(f"/tournaments/{t.pk}/print/round-1/slips/").content.decode()
    assert 'class="sheet slip"' not in slips and "No pairing of this round is played at the table." in slips
    assert page.get(f"/tournaments/{t.pk}/print/round-1/slips.pdf").status_code == 200


def test_a_league_that_is_not_the_organisers_gives_him_nothing(cup):
    stranger = make_user("other-organiser")
    League.objects.create(name="Other", slug="other").organisers.add(stranger)
    assert browser(stranger).get(f"/tournaments/{cup.pk}/print/round-1/pairings/").status_code == 403


def test_the_last_rounds_sheet_of_a_finished_tournament_is_final_names_the_winner_and_its_fingerprint(
        league, organiser, referee):
    """Issue 26: "Final standings", the winner, the history's head hash (README "A tamper-evident
    history": a printed sheet can later prove nothing changed), whole ratings (one given as 1532.53)."""
    text_tool, picture_tool = poppler("pdftotext"), poppler("pdftoppm")
    t = services.create_tournament(league=league, name="Puchar finałowy", system="303", format="swiss",
                                   created_by=organiser, options={"play_mode": "at_table", "rounds": 2})
    for i, name in enumerate(NAMES[:4]):
        make_user(name)
        services.register(t.pk, name, "olga", rating=1532.53 - i)
    services.seed(t.pk, "olga")
    for number in (1, 2):
        services.start_round(t.pk, "olga")
        play_round_at_the_table(t, number)
    state = state_for(t)
    assert state.status == "finished"
    sheet = sheets.standings_sheet(state, 2)
    assert sheet["title"] == "Final standings" and sheet["champion"] == sheet["rows"][0]["entrant"]
    assert sheets.standings_sheet(state, 1)["title"] == "Standings after round 1"
    rating = [c["key"] for c in sheet["columns"]].index("rating")
    assert sheet["rows"][0]["cells"][rating] in {"1533", "1532", "1531", "1530"}
    head = StoredEvent.objects.filter(stream=t.stream).order_by("-seq").first().hash
    html = browser(organiser).get(f"/tournaments/{t.pk}/print/round-2/standings/").content.decode()
    assert "Final standings" in html and f"Winner: {sheet['champion']}" in html and head in html
    assert "1532.53" not in html
    response = browser(organiser).get(f"/tournaments/{t.pk}/print/round-2/standings.pdf")
    path = ARTIFACTS / "final-standings.pdf"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path.write_bytes(response.content)
    if text_tool:
        text = subprocess.run([text_tool, str(path), "-"], capture_output=True, text=True, check=True).stdout
        flat = text.replace("\n", "")
        assert "Final standings" in text and f"Winner: {sheet['champion']}" in text and head in flat
    if picture_tool:
        subprocess.run([picture_tool, "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile", str(path),
                        str(path.with_suffix(""))], check=True)


def test_knockout_standings_leave_out_the_swiss_columns(league, organiser, referee):
    t = services.create_tournament(league=league, name="KO", system="303", format="single-elimination",
                                   created_by=organiser, options={"play_mode": "at_table"})
    for i, name in enumerate(NAMES[:4]):
        make_user(name)
        services.register(t.pk, name, "olga", rating=1500.4 + i)
    services.seed(t.pk, "olga")
    services.start_round(t.pk, "olga")
    keys = [c["key"] for c in sheets.standings_sheet(state_for(t), 1)["columns"]]
    assert "buchholz" not in keys and "sonneborn_berger" not in keys and "points" in keys
    html = browser().get(f"/tournaments/{t.pk}/").content.decode()
    assert "Buchholz" not in html and "Sonneborn" not in html and "1500.4" not in html
