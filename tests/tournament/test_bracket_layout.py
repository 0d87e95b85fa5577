"""Bracket boxes sit centred between the two boxes that feed them, so the connectors join
(issue 13 "Bracket and tournament pages"; tournament/bracket_layout.py)."""
from tournament.bracket_layout import layout


def box(key: str, winner_to: str | None = None) -> dict:
    return {"key": key, "next": {"winner": winner_to}}


def spans(columns) -> dict[str, tuple[int, int]]:
    """key → (first grid line, last grid line) of its box."""
    out = {}
    for cells in columns:
        for cell in cells:
            first, last = (int(n) for n in cell["row"].split(" / "))
            out[cell["pairing"]["key"]] = (first, last)
    return out


def middle(span: tuple[int, int]) -> float:
    return sum(span) / 2


def test_each_later_box_is_centred_between_its_two_feeders_and_wired_to_them():
    rounds = [[box("Q1", "S1"), box("Q2", "S1"), box("Q3", "S2"), box("Q4", "S2")],
              [box("S1", "F"), box("S2", "F")],
              [box("F")]]
    columns, rows = layout(rounds)
    at = spans(columns)
    assert [at[k] for k in ("Q1", "Q2", "Q3", "Q4")] == [(2, 4), (4, 6), (6, 8), (8, 10)]  # row 1: titles
    assert at["S1"] == (3, 5) and at["S2"] == (7, 9), "from the middle of one feeder to the middle of the other"
    assert middle(at["S1"]) == (middle(at["Q1"]) + middle(at["Q2"])) / 2
    assert middle(at["F"]) == (middle(at["S1"]) + middle(at["S2"])) / 2
    assert rows == 9
    joins = {c["pairing"]["key"]: (c["joins"], c["wired_out"]) for cells in columns for c in cells}
    assert joins["Q1"] == (0, True) and joins["S2"] == (2, True) and joins["F"] == (2, False)


def test_a_box_fed_by_one_box_of_its_stage_stays_level_with_it():
    """A losers' round takes one loser from its own stage and one dropping from the winners'."""
    rounds = [[box("L1", "L3"), box("L2", "L4")], [box("L3"), box("L4")]]
    at = spans(layout(rounds)[0])
    assert at["L3"] == at["L1"] and at["L4"] == at["L2"]
