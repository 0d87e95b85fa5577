"""The knowledge test in Chromium (issue 14 "Done when": a 1:1 pairing broken by the quiz scores
taken in the browser). The organiser uploads a bank (a wrong file first: each mistake named by
its row, nothing stored) and opens round 1's test; the two players of a 303 semi-final standing
at 1:1 (polish scheme) take it on their phones (390 px) from the pairing page; the better score
wins the pairing. Screenshots of every step in artifacts/screenshots/quiz-*.png."""
import pytest

from tests.browser.conftest import PHONE, SCREENSHOTS, log_in
from tests.tournament.conftest import open_games, win_game
from tournament import services
from tournament.models import Tournament
from tournament.quiz.models import QuestionBank

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUESTIONS = [
    ("Which squadron flew Hurricanes from Northolt in 1940?", ["302", "303", "609"], "303"),
    ("Who moves first in 303?", ["RAF", "Luftwaffe"], "Luftwaffe"),
    ("How many games make a pairing?", ["1", "2", "3"], "2"),
    ("What does a fourth offence bring?", ["a warning", "a yellow card", "a red card"], "a red card"),
    ("What is a 2:0 worth under the polish scheme?", ["2 points", "3 points"], "3 points"),
]
RIGHT = {q: a for q, _, a in QUESTIONS}
GOOD = "question,choices,answer\n" + "".join(f'"{q}",{"|".join(c)},{a}\n' for q, c, a in QUESTIONS)
BAD = ("question,choices,answer\n"
       "Who moves first in 303?,RAF|Luftwaffe,Germans\n"
       "Only one choice?,Yes,Yes\n")




def take_quiz(page, base, t, pairing_id, right: int, shot, name):
    """From the pairing page: start the test, pick ``right`` right answers and wrong ones after, hand in."""
    page.goto(f"{base}/tournaments/{t.pk}/pairings/{pairing_id}/")
    page.get_by_role("link", name="Take the knowledge test of round 1").click()
    assert page.get_by_text("One attempt: once started, the clock runs even if you close the page.").is_visible()
    shot(page, f"quiz-{name}-1-ready-phone")
    page.get_by_role("button", name="Start the test").click()
    assert page.get_by_role("timer").is_visible()
    cards = page.locator("fieldset.question-card")
    assert cards.count() == 3
    for i in range(3):
        card = cards.nth(i)
        question = card.locator("legend").inner_text().split(" ", 1)[1]
        choices = [c.strip() for c in card.locator("label.choice").all_inner_texts()]
        pick = RIGHT[question] if i < right else next(c for c in choices if c != RIGHT[question])
        card.get_by_label(pick, exact=True).check()
        page.wait_for_function("document.getElementById('save-state').textContent === 'saved'")
        page.evaluate("document.getElementById('save-state').textContent = ''")
    shot(page, f"quiz-{name}-2-answering-phone")
    cards.nth(1).scroll_into_view_if_needed()  # as the phone shows it: the countdown stays on top
    page.screenshot(path=str(SCREENSHOTS / f"quiz-{name}-2-answering-scrolled-phone.png"))
    page.get_by_role("button", name="Hand in").click()
    assert page.get_by_text(f"{right} of 3 right").first.is_visible()
    shot(page, f"quiz-{name}-3-handed-in-phone")


def test_two_players_at_1_1_take_the_quiz_on_their_phones_and_the_scores_decide_the_pairing(
        live_server, semi_finals, new_context, shot):
    t, base = semi_finals, live_server.url
    pairing_id = services.load_state(Tournament.objects.get(pk=t.pk)).pairing_for_key("W1-1")["id"]

    organiser = new_context().new_page()
    log_in(organiser, base, "olga")
    organiser.goto(f"{base}/tournaments/{t.pk}/manage/")
    organiser.get_by_role("link", name="Knowledge test: upload a question bank, open a round's test").click()
    organiser.get_by_label("Question bank (.csv or .json)").set_input_files(
        {"name": "bank.csv", "mimeType": "text/csv", "buffer": BAD.encode()})
    organiser.get_by_role("button", name="Upload").click()
    errors = organiser.locator("table.bank-errors tbody tr")
    assert errors.all_inner_texts() == [
        "2\tThe answer “Germans” is not one of the choices (RAF, Luftwaffe).",
        "3\tGive at least 2 choices (found 1)."]
    assert not QuestionBank.objects.exists()
    shot(organiser, "quiz-organiser-1-bank-errors")
    organiser.get_by_label("Question bank (.csv or .json)").set_input_files(
        {"name": "bank.csv", "mimeType": "text/csv", "buffer": GOOD.encode()})
    organiser.get_by_role("button", name="Upload").click()
    assert organiser.get_by_text("5 questions uploaded from bank.csv.").is_visible()
    organiser.get_by_label("Questions per player").fill("3")
    organiser.get_by_role("button", name="Open the test for round 1").click()
    assert organiser.get_by_text("The knowledge test of round 1 is open.").is_visible()
    shot(organiser, "quiz-organiser-2-bank-and-open-test")

    kowalski = new_context(PHONE).new_page()
    log_in(kowalski, base, "kowalski")
    take_quiz(kowalski, base, t, pairing_id, right=1, shot=shot, name="kowalski")

    # The opponent sees that kowalski handed in, and his score, but no question.
    zielinski = new_context(PHONE).new_page()
    log_in(zielinski, base, "zielinski")
    zielinski.goto(f"{base}/tournaments/{t.pk}/quiz/1/")
    assert zielinski.get_by_text("The questions and answers stay hidden until the round is over.").is_visible()
    assert zielinski.locator("fieldset.question-card").count() == 0
    assert all(q not in zielinski.content() for q in RIGHT)
    take_quiz(zielinski, base, t, pairing_id, right=3, shot=shot, name="zielinski")

    # 1:1, and zielinski's better test gives him 2 points and the final.
    zielinski.goto(f"{base}/tournaments/{t.pk}/pairings/{pairing_id}/")
    assert zielinski.locator(".winner").inner_text() == "zielinski"
    shot(zielinski, "quiz-zielinski-4-pairing-decided-phone")
    state = services.load_state(Tournament.objects.get(pk=t.pk))
    assert state.tests == {"kowalski": 1, "zielinski": 3}
    assert state.named_result(state.pairing_for_key("W1-1"))["winner"] == "zielinski"

    # Round 1 is not over yet (the other semi-final plays): still hidden from the spectator.
    spectator = new_context(PHONE).new_page()
    spectator.goto(f"{base}/tournaments/{t.pk}/quiz/1/")
    assert spectator.locator("#questions-h").count() == 0
    for _ in range(2):
        [(_, _, game_id)] = [g for g in open_games(t) if g[0]["key"] == "W1-2"]
        win_game(game_id, "nowak")
    spectator.reload()
    assert spectator.get_by_role("heading", name="Questions and answers").is_visible()
    assert spectator.get_by_text("zielinski: 303 ✓").count() + spectator.get_by_text("zielinski: Luftwaffe ✓").count() \
        + spectator.get_by_text("zielinski: 2 ✓").count() + spectator.get_by_text("zielinski: a red card ✓").count() \
        + spectator.get_by_text("zielinski: 3 points ✓").count() == 3
    shot(spectator, "quiz-spectator-revealed-phone")
