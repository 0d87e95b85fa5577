"""TV07 [S5.4] phantom thresholds and the last live token (docs/rules/nightfighter-solo.md §1.3, A12)."""
import pytest

from systems.kit.dice import ScriptedDice
from systems.nightfighter.rules.journal import Journal
from systems.nightfighter.rules.phantoms import phantom_test
from systems.nightfighter.rules.uncertainty import level

from .builders import add_bomber, night


def test_with(n, dice, pending=0, exited=0):
    state = add_bomber(night(), "X", [1115 + 100 * i for i in range(n - pending - exited)], pending=pending, exited=exited)
    journal = Journal(state, ScriptedDice(dice))
    result = phantom_test(journal, "X1", "test")
    assert not journal.rng._faces
    return result, journal


test_with.__test__ = False


@pytest.mark.parametrize("n, dice, result", [
    (2, [3], "bomber"), (2, [4], "phantom"), (3, [2], "bomber"), (3, [3], "phantom"),
    (4, [5, 6, 1], "bomber"), (4, [5, 2], "phantom"), (5, [6, 5], "phantom"), (6, [6], "phantom"),
])
def test_tv07_thresholds(n, dice, result):
    assert test_with(n, dice)[0] == result


def test_tv07_bomber_result_removes_every_other_token_pending_and_exited_too():
    _, journal = test_with(4, [1], pending=1, exited=1)
    assert [journal.state["tokens"][f"X{i}"]["state"] for i in range(1, 5)] == ["on_map", "removed", "removed", "removed"]
    assert level(journal.state, "X") == "MEDIUM"


def test_tv07_phantom_at_n2_leaves_pending_token_as_single_medium():
    _, journal = test_with(2, [4], pending=1)
    assert journal.state["tokens"]["X2"]["state"] == "pending" and level(journal.state, "X") == "MEDIUM"


def test_tv07_phantom_at_n2_with_exited_survivor_escapes():
    _, journal = test_with(2, [4], exited=1)
    assert [e.type for e in journal.events][-1] == "bomber_escaped"
    assert journal.state["bombers"]["X"]["status"] == "escaped"
