import pytest

from tests.conftest import make_user

DUEL = "duel-in-the-dark"
TWO_RULES_ONE_EXPANSION = {"medals": True, "shroud": True, "quad_flak": True}


@pytest.fixture
def players(users):
    return {**users, "dave": make_user("dave"), "ghost": make_user("ghost", is_active=False)}
