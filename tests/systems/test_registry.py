"""One folder per game system (issue "one kernel, one folder per game system"): each system's
descriptor (systems/kit/descriptor.py), registered in ``settings.NIGHTDUEL_SYSTEMS``, names
pieces that exist and an engine that keeps the contract (systems/kit/contract.py); and a fourth
system added by its folder and one settings line appears wherever players and organisers choose
a game, without any code outside its folder naming it."""
import re
from pathlib import Path

import pytest
from django.template.loader import get_template
from django.test import Client
from django.utils import translation

from game import error_messages
from game.presentation import presentation_for, system_name
from matchmaking.models import Challenge
from leagues.models import League
from systems import registry
from systems.kit import descriptor as kit
from systems.kit.dice import SeededDice
from tests.conftest import make_user
from tests.doubles import RACE
from tournament.forms.settings import TournamentSettingsForm

ROOT = Path(__file__).resolve().parents[2]
COIN = "tests.systems.coin_toss.descriptor.DESCRIPTOR"
BUILT_IN = {"303", "duel-in-the-dark", "nightfighter-solo"}


@pytest.fixture
def coin_toss(settings):
    """The fourth system, added the way a deployment adds one: a line in the settings."""
    settings.NIGHTDUEL_SYSTEMS = [*settings.NIGHTDUEL_SYSTEMS, COIN]
    yield registry.descriptor("coin-toss")
    # leaving the override restores the setting, and the registry reads it again


def test_the_settings_list_the_built_in_systems_in_page_order():
    assert [d.name for d in registry.descriptors()] == ["303", "duel-in-the-dark", "nightfighter-solo"]
    assert set(registry.available_systems()) >= BUILT_IN | {RACE}


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_every_engine_keeps_the_contract(name):
    described = registry.descriptor(name)
    engine = registry.get_system(name)
    assert engine is registry.load(described.engine)
    assert engine.name == name and tuple(engine.sides) == described.sides
    assert isinstance(engine.command_fields, dict) and engine.ruleset_version
    state = engine.initial_state({}, SeededDice("seed", "stream", 1))
    assert engine.outcome(state) is None, "a new game is running"
    waiting = engine.to_move(state)
    assert waiting and set(waiting) <= set(described.sides)
    for side in waiting:
        actions = engine.legal_actions(state, side)
        assert actions and all(a["type"] in engine.command_fields for a in actions)
    assert isinstance(engine.view(state, described.sides[0]), dict)


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_every_descriptors_pieces_import(name):
    described = registry.descriptor(name)
    assert described.module and (ROOT / "systems" / described.module / "descriptor.py").exists()
    for path in (described.engine, described.setup_controls, described.messages, described.presentation,
                 described.rematch_setup, described.tournament_setup, described.printing.game_cards,
                 described.campaign):
        if path:
            assert registry.load(path) is not None, path
    assert described.rated_as in kit.RATED_AS
    assert described.bots == f"systems.{described.module}.bots"  # bots may come later; the place is fixed
    assert get_template(f"{described.templates}/play.html") and get_template(f"{described.templates}/replay.html")
    assert presentation_for(name).describe_event.__module__ == "game.presentation"
    controls, defaults = registry.load(described.setup_controls)
    assert controls and isinstance(defaults, dict)
    assert set(described.table_play.winner_side) <= set(described.table_play.endings)
    for code, sentence in registry.load(described.messages).items():
        assert error_messages.MESSAGES[code] is sentence  # each system's catalogue reaches the lookup


def test_labels_translate():
    with translation.override("pl"):
        assert system_name("303") == "303 (Bitwa o Anglię)"
    with translation.override("en"):
        assert system_name("303") == "303 (Battle of Britain)"
        assert [str(d.label) for d in registry.descriptors()] == [
            "303 (Battle of Britain)", "Duel in the Dark", "Nightfighter (solo)"]


def test_a_system_without_a_descriptor_gets_the_generic_one():
    race = registry.descriptor(RACE)
    assert race.label == RACE and race.sides == ("a", "b") and race.rated_as == kit.HEAD_TO_HEAD
    assert race.presentation is None and race.table_play.endings == kit.GENERIC_ENDINGS
    with pytest.raises(registry.UnknownSystem):
        registry.descriptor("chess")
    with pytest.raises(ValueError):
        kit.SystemDescriptor(name="x", label="x", module="x", engine="x:y", sides=(), rated_as="sometimes")


def test_no_code_outside_the_system_folders_names_a_system():
    """The grep of the issue: a system's slug appears outside systems/ only in migrations (the
    history of stored data) and the demo data."""
    slug = re.compile(r"""["'](303|duel-in-the-dark|nightfighter-solo)["']""")
    allowed = {ROOT / "tournament" / "demo.py"}
    found = []
    for app in ("game", "tournament", "ratings", "notifications", "matchmaking", "accounts", "config", "templates"):
        for path in (ROOT / app).rglob("*"):
            if path.suffix not in (".py", ".html") or "migrations" in path.parts or path in allowed:
                continue
            found += [f"{path.relative_to(ROOT)}: {line.strip()}" for line in path.read_text().splitlines()
                      if slug.search(line)]
    assert found == []


# A fourth system, through the settings only.

@pytest.mark.django_db
def test_a_fourth_system_appears_on_the_new_game_page_and_starts_a_challenge(coin_toss):
    alice, _bob = make_user("alice"), make_user("bob")
    client = Client()
    client.force_login(alice)
    page = client.get("/games/new/").content.decode()
    assert 'value="coin-toss"' in page and "Coin toss" in page
    assert 'name="setup_coin_toss_best_of"' in page and "How many tosses decide the game." in page
    sent = client.post("/games/new/", {"system": "coin-toss", "how": "challenge", "opponent": "bob",
                                       "side_coin_toss": "heads", "setup_coin_toss_best_of": "3",
                                       "rated": "1", "pace": "fast"})
    assert sent.status_code == 302, sent.content.decode()[:2000]
    challenge = Challenge.objects.get()
    assert challenge.system == "coin-toss" and challenge.setup == {"best_of": 3}


@pytest.mark.django_db
def test_a_fourth_system_is_offered_to_organisers_and_has_a_leaderboard(coin_toss):
    organiser = make_user("org")
    League.objects.create(name="Club", slug="club")
    choices = dict(TournamentSettingsForm(user=organiser).fields["system"].choices)
    assert choices["coin-toss"] == "Coin toss" and "nightfighter-solo" not in choices
    page = Client().get("/league/").content.decode()
    assert "Elo ratings: Coin toss" in page and "Solo leaderboard: Nightfighter (solo)" in page
    assert error_messages.localized("not_heads", "only heads tosses the coin") == "only heads tosses the coin"
    assert registry.descriptor("coin-toss").module == "coin_toss"

