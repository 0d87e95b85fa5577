"""Ordered, configurable standings tie-breaks (docs/rules/service.md, "Tournaments": standings)."""
from tournament.tiebreaks import Row, add_derived, rank


def table():
    """x, y, z all on 3 points: x beat y, y beat z, z beat x (a cycle), w lost everything.
    Meetings: (opponent, my points, my games, games played)."""
    rows = {
        "x": Row("x", 2, rating=1600, knowledge_test=5, points=6, games_won=4,
                 meetings=[("y", 3, 2, 2), ("z", 0, 0, 2), ("w", 3, 2, 2)]),
        "y": Row("y", 1, rating=1700, knowledge_test=9, points=6, games_won=4,
                 meetings=[("x", 0, 0, 2), ("z", 3, 2, 2), ("w", 3, 2, 2)]),
        "z": Row("z", 0, rating=1500, knowledge_test=1, points=6, games_won=3,
                 meetings=[("y", 0, 1, 2), ("x", 3, 2, 2), ("w", 3, 2, 2)]),
        "w": Row("w", 3, rating=1800, points=0, meetings=[("x", 0, 0, 2), ("y", 0, 0, 2), ("z", 0, 0, 2)]),
    }
    add_derived(rows)
    return rows


def order(keys):
    return [r.entrant for r in rank(table(), keys)]


def test_head_to_head_cycle_falls_through_to_the_next_key():
    """Each of x, y, z took 3 points from the other two: still tied, so games won, then the test."""
    assert order(["points", "head_to_head", "games_won", "knowledge_test"]) == ["y", "x", "z", "w"]


def test_games_won_then_knowledge_test():
    # x and y have 4 games won, z 3; x v y by knowledge test 5 < 9.
    assert order(["points", "games_won", "knowledge_test"]) == ["y", "x", "z", "w"]


def test_the_order_of_the_keys_matters():
    assert order(["points", "rating"]) == ["y", "x", "z", "w"]
    assert order(["rating"]) == ["w", "y", "x", "z"]
    assert order(["points", "knowledge_test"]) == ["y", "x", "z", "w"]


def test_buchholz_and_sonneborn_berger_values():
    rows = table()
    assert rows["x"].buchholz == 12  # y 6 + z 6 + w 0
    # x: beat y 2/2 × 6 + lost to z 0 + beat w 2/2 × 0 = 6; z: 1/2 × 6 (v y) + 6 (v x) = 9
    assert (rows["x"].sonneborn_berger, rows["z"].sonneborn_berger) == (6, 9)
    assert order(["points", "sonneborn_berger"])[0] == "z"


def test_head_to_head_among_two_tied():
    rows = table()
    rows["z"].points = 5
    assert [r.entrant for r in rank(rows, ["points", "head_to_head"])][:2] == ["x", "y"]  # x beat y
