"""The players' pages lead them (issue 26, item 9), in Chromium: conceding a Nightfighter night
is a secondary button with a confirmation step; the opponent's page shows the final panel when a
game ends (its stream answers 204), not a lost connection; the home page moves a game to "Your
move" live; while the German places the ground units the board shows each unit where it stands,
an unsent placement survives a reload (and leaving asks first); the waiting British's controls
do not say "Your move". Minors: crowded hexes keep their counters apart (Duel, Nightfighter); 303's
firing order is chosen by clicking the attackers in turn; tables fit a 390 px phone. Screenshots
at desktop and 390 px phone width."""
import pytest

from game import endings, services
from game.folding import game_aggregate
from game.models import Game
from kernel.models import StoredEvent
from systems.duel.words import FACE_CODES
from tests.browser.conftest import PHONE, SCREENSHOTS, advance, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_conceding_a_night_is_secondary_and_asks_first(live_server, users, new_context, shot):
    night = services.create_game(system_name="nightfighter-solo", setup={"scenario": "HS2", "turns": 2},
                                 players={"player": users["alice"]})
    page = new_context(PHONE).new_page()
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/games/{night.pk}/")
    concede = page.locator(".quick-actions .confirm-step")
    assert concede.count() == 1
    summary = concede.locator("summary")
    assert "secondary" in summary.get_attribute("class")
    # The main action comes first; conceding is last, and a first click only asks.
    assert page.locator(".quick-actions > .action-form").last.locator(".confirm-step").count() == 1
    summary.click()
    question = concede.locator(".confirm-question")
    assert question.is_visible() and "cannot be undone" in question.inner_text()
    shot(page, "nightfighter-concede-confirm-phone")
    assert Game.objects.get(pk=night.pk).version == night.version  # nothing sent yet
    summary.click()  # changed her mind: folded away, still nothing sent
    assert not question.is_visible()
    summary.click()
    concede.get_by_role("button", name="Yes: End the night now (concede)").click()
    page.wait_for_selector('#play-panel[data-status="finished"]')


def test_the_opponents_page_shows_the_final_panel_when_the_game_ends(live_server, users, new_context, shot):
    game = services.create_game(system_name="303", setup={}, players={"luftwaffe": users["alice"], "raf": users["bob"]})
    bob = new_context(PHONE).new_page()
    log_in(bob, live_server.url, "bob")
    bob.goto(f"{live_server.url}/games/{game.pk}/")
    bob.wait_for_selector("svg.board-svg .token")
    endings.resign(game.pk, users["alice"], "luftwaffe")
    bob.wait_for_selector('#play-panel[data-status="finished"]')
    bob.wait_for_function("document.getElementById('live-status').textContent === 'The game has ended.'")
    bob.wait_for_timeout(1500)  # the stream's reconnect is answered 204: the words stay
    assert bob.locator("#live-status").inner_text() == "The game has ended."
    assert bob.get_by_role("link", name="Open the replay").is_visible()
    shot(bob, "play-ended-opponent-phone")


def test_the_home_page_follows_the_turn_live(live_server, users, new_context, shot):
    game = services.create_game(system_name="303", setup={}, players={"luftwaffe": users["alice"], "raf": users["bob"]})
    players = {"luftwaffe": users["alice"], "raf": users["bob"]}
    assert game.to_move == ["luftwaffe"]
    bob = new_context(PHONE).new_page()
    log_in(bob, live_server.url, "bob")
    mine = bob.locator("#home-games")
    assert "No game is waiting for you." in mine.inner_text()
    assert bob.locator("#your-move-count").inner_text() == "(0)"
    advance(game, players, 20, stop=lambda g: g.to_move == ["raf"])  # alice's moves, elsewhere
    bob.wait_for_function("document.getElementById('your-move-count').textContent === '(1)'")
    assert bob.locator("section[aria-labelledby=your-move] a", has_text="303").count() == 1
    shot(bob, "home-your-move-live-phone")


def place_ground_units(page, n: int) -> list[str]:
    """Click ``n`` units onto the board: a face chip, then a legal hex; the hexes clicked."""
    hexes = []
    for i in range(n):
        page.locator("#duel-tool button.face:not([disabled])").nth(i % 2).click()
        legal = page.locator("svg polygon.duel-hex.hl-legal")
        target = legal.nth(i * 3 % legal.count())
        hexes.append(target.get_attribute("data-hex"))
        target.click(force=True)
    return hexes


def test_the_german_sees_each_placed_unit_and_keeps_them_over_a_reload(live_server, users, new_context, shot):
    game = services.create_game(system_name="duel-in-the-dark", setup={},
                                players={"british": users["alice"], "german": users["bob"]})
    players = {"british": users["alice"], "german": users["bob"]}
    game = advance(game, players, 60, stop=lambda g: game_aggregate(g)["engine"]["step"] == "ground_units")
    assert game.to_move == ["german"]
    german, british = new_context().new_page(), new_context(PHONE).new_page()
    for page, name in ((german, "bob"), (british, "alice")):
        log_in(page, live_server.url, name)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.wait_for_selector("#duel-tool > *")
    # The waiting British is not told it is her move.
    assert british.locator("#duel-controls-h").inner_text() == "Your opponent's move"
    assert german.locator("#duel-controls-h").inner_text() == "Your move"
    shot(british, "duel-british-waiting-phone")

    hexes = place_ground_units(german, 5)
    drafts = german.locator("svg .unit-chip.draft")
    assert drafts.count() == 5  # each unit drawn, not a count
    letters = german.locator("svg .unit-stack .unit-letter").all_text_contents()
    assert len(letters) == 5 and set(letters) <= set(FACE_CODES.values())  # which unit: "Fk", "Sl", …
    titles = german.locator("svg .unit-stack title").all_text_contents()
    assert sum(t.count("not sent yet") for t in titles) == 5
    shot(german, "duel-ground-units-drawn")
    # A crowded hex stays legible: no two of its counters overlap.
    boxes = german.locator("svg .unit-stack .unit rect").evaluate_all(
        "rects => rects.map(r => { const b = r.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })")
    assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]
                if a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5]
    assert german.evaluate("""() => { const e = new Event('beforeunload', {cancelable: true});
                                      window.dispatchEvent(e); return e.defaultPrevented; }""")

    german.on("dialog", lambda dialog: dialog.accept())
    german.reload()
    german.wait_for_selector("#duel-tool .duel-restored")
    assert german.locator("svg .unit-chip.draft").count() == 5
    restored = [german.locator(f'svg polygon.duel-hex[data-hex="{h}"]').get_attribute("class") for h in hexes]
    assert all("hl-chosen" in c or "hl-legal" in c for c in restored)
    german.set_viewport_size(PHONE)
    german.evaluate("document.getElementById('duel-controls').scrollIntoView()")
    shot(german, "duel-ground-units-restored-phone")
    assert Game.objects.get(pk=game.pk).version == game.version  # nothing was sent


def test_the_303_firing_order_is_chosen_by_clicking_the_attackers(live_server, users, new_context, shot):
    from game.api.views import game_detail
    from tests.rules.battle303.policies import aggressive_raf_policy

    game = services.create_game(system_name="303", setup={}, players={"luftwaffe": users["alice"], "raf": users["bob"]})
    players = {"luftwaffe": users["alice"], "raf": users["bob"]}

    def two_raf_attackers(g):
        engine = game_aggregate(g)["engine"]
        return engine["phase"] == "C" and engine["side"] == "raf" and len(engine["declared"]) >= 2

    for _ in range(400):  # the RAF closes on the bomber and declares every shot it can
        game = Game.objects.get(pk=game.pk)
        if game.status != "running" or two_raf_attackers(game):
            break
        side = game.to_move[0]
        detail = game_detail(game, players[side], side)
        legal = [a for a in detail["legal_actions"] if not a.get("template")]
        services.submit_command(game_id=game.pk, user=players[side], expected_version=game.version, side=side,
                                command=aggressive_raf_policy(detail["view"], legal, side))
    assert two_raf_attackers(game)
    declared = [a["attacker"] for a in game_aggregate(game)["engine"]["declared"]]
    chosen = list(reversed(declared))  # not the declaration order
    raf = new_context(PHONE).new_page()
    log_in(raf, live_server.url, "bob")
    raf.goto(f"{live_server.url}/games/{game.pk}/")
    for attacker in chosen:
        raf.locator(f'svg [data-token="{attacker}"]').first.click()
    button = raf.locator("#pick-box .pick-option")
    assert button.count() == 1 and button.inner_text().startswith("Fire in this order: ")
    named = button.inner_text().split(": ", 1)[1]
    assert [named.index(a) for a in chosen] == sorted(named.index(a) for a in chosen)  # in the clicked order
    shot(raf, "play-303-firing-order-phone")
    button.click()
    raf.wait_for_function(f"Number(document.getElementById('game-version').textContent) > {game.version}")
    fired = StoredEvent.objects.filter(stream=game.stream, type="AttacksOrdered").order_by("-seq").first()
    assert fired.payload["order"] == chosen


def test_tables_fit_a_phone(live_server, users, new_context, shot):
    """Game and tournament tables at 390 px: each row a card, nothing scrolls sideways."""
    from tests.browser.conftest import cup_of_four

    cup = cup_of_four("Phone Cup", "swiss")
    services.create_game(system_name="303", setup={}, players={"luftwaffe": users["alice"], "raf": users["bob"]})
    page = new_context(PHONE).new_page()
    log_in(page, live_server.url, "alice")
    for name, url in (("home", "/"), ("games", "/games/"), ("tournaments", "/tournaments/"),
                      ("tournament", f"/tournaments/{cup.pk}/")):
        page.goto(live_server.url + url)
        widths = page.evaluate("""() => Array.from(document.querySelectorAll('table')).map(
            t => [t.scrollWidth, (t.closest('.table-scroll') || t.parentElement).clientWidth])""")
        assert widths and all(table <= box for table, box in widths), (name, widths)
        shot(page, f"phone-table-{name}")


def test_nightfighter_pieces_sharing_a_hex_do_not_hide_each_other(live_server, users, new_context, shot):
    night = services.create_game(system_name="nightfighter-solo", setup={"scenario": "HS2", "turns": 2},
                                 players={"player": users["alice"]})
    for version, fighter in ((night.version, "F1"), (night.version + 1, "F2")):
        services.submit_command(game_id=night.pk, user=users["alice"], expected_version=version, side="player",
                                command={"type": "deploy_fighter", "fighter": fighter, "hex": 1018, "facing": "N"})
    page = new_context(PHONE).new_page()
    log_in(page, live_server.url, "alice")
    page.goto(f"{live_server.url}/games/{night.pk}/")
    page.wait_for_selector("svg.nf-map")
    one, two = (page.locator(f'svg [data-token="{f}"] .nf-fighter-ring').bounding_box() for f in ("F1", "F2"))
    apart = (one["x"] + one["width"] <= two["x"] or two["x"] + two["width"] <= one["x"] or
             one["y"] + one["height"] <= two["y"] or two["y"] + two["height"] <= one["y"])
    assert apart, (one, two)
    page.locator('svg [data-token="F1"]').scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "nightfighter-shared-hex-phone.png"))
