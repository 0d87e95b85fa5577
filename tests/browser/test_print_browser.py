"""The organiser prints a round in Chromium (issue 14, "Printing"): from the manage page to the
print index, the result slips (one A4 page per slip when printed, no site chrome, a QR code per
slip), the PDF download; a referee reads the pairing sheet on a phone; a player is refused.
Screenshots in artifacts/screenshots/, the browser's own print in artifacts/print/."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from leagues.models import League
from tests.browser.conftest import PHONE, log_in
from tests.conftest import make_user
from tests.tournament.test_printing import printed_cup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "print"


@pytest.fixture
def cup(db):
    """An 8-entrant 303 Swiss tournament at the table: round 1 reported and confirmed, round 2 started."""
    league = League.objects.create(name="Polish 303 League", slug="pl303")
    olga, rita = make_user("olga"), make_user("rita")
    league.organisers.add(olga)
    return printed_cup(league, olga, rita)


def pdf_pages(page, name: str) -> int | None:
    """Print the page as Chromium prints it (A4 from print.css) into artifacts/print/; its number
    of A4 pages, or None without poppler's pdfinfo."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    page.pdf(path=str(path), prefer_css_page_size=True, print_background=True)
    if not shutil.which("pdfinfo"):
        return None
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"^Page size:.*\(A4\)$", info, re.M), info
    return int(re.search(r"^Pages:\s+(\d+)$", info, re.M).group(1))


def test_the_organiser_prints_a_rounds_slips_and_downloads_the_pdf(live_server, cup, new_context, shot):
    page = new_context().new_page()
    log_in(page, live_server.url, "olga")
    page.goto(f"{live_server.url}/tournaments/{cup.pk}/manage/")
    page.get_by_role("link", name="Print sheets").click()
    page.wait_for_url(f"{live_server.url}/tournaments/{cup.pk}/print/")
    shot(page, "print-index")
    page.get_by_role("region", name="Round 2").get_by_role("link", name="Result slips", exact=True).click()
    page.wait_for_url("**/print/round-2/slips/")
    assert page.locator("article.slip").count() == 4
    assert page.locator("article.slip .qr svg").count() == 4
    assert page.get_by_role("button", name="Print").is_visible()
    shot(page, "print-slips")

    # On paper: no site header, footer or toolbar, and one A4 page per slip.
    page.emulate_media(media="print")
    for chrome in (".site-header", ".site-footer", ".print-toolbar"):
        assert not page.locator(chrome).is_visible(), chrome
    shot(page, "print-slips-as-printed")
    assert pdf_pages(page, "browser-round-2-slips.pdf") in (None, 4)
    page.emulate_media(media="screen")

    with page.expect_download() as download:
        page.get_by_role("link", name="Download PDF").click()
    pdf = ARTIFACTS / "browser-download-round-2-slips.pdf"
    download.value.save_as(str(pdf))
    assert pdf.read_bytes().startswith(b"%PDF") and download.value.suggested_filename.endswith("round-2-slips.pdf")


def test_a_referee_reads_the_pairing_sheet_on_a_phone_and_a_player_is_refused(live_server, cup, new_context, shot):
    page = new_context(PHONE).new_page()
    log_in(page, live_server.url, "rita")
    page.goto(f"{live_server.url}/tournaments/{cup.pk}/")
    page.get_by_role("link", name="Print sheets").click()
    page.get_by_role("region", name="Round 2").get_by_role("link", name="Pairing sheet", exact=True).click()
    rows = page.locator(".pairing-table tbody tr")
    assert rows.count() == 4 and rows.first.locator("th").inner_text().strip() == "1"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "print-pairings-phone")
    page.get_by_role("link", name="All sheets").click()
    page.get_by_role("region", name="Round 2").get_by_role("link", name="303 game cards", exact=True).click()
    assert page.locator(".game-card").count() == 8
    shot(page, "print-game-cards-phone")
    page.emulate_media(media="print")
    assert pdf_pages(page, "browser-round-2-game-cards.pdf") in (None, 4)  # a page per table: match and rematch

    player = new_context(PHONE).new_page()
    log_in(player, live_server.url, "anna")
    player.goto(f"{live_server.url}/tournaments/{cup.pk}/")
    assert player.get_by_role("link", name="Print sheets").count() == 0
    assert player.goto(f"{live_server.url}/tournaments/{cup.pk}/print/round-2/slips/").status == 403
