"""TV01 patterns and the §2.7 consistency checks (docs/rules/nightfighter-solo.md §2.1–§2.9)."""
import pytest

from systems.nightfighter.rules.geometry import MapBounds, cell_of, hex_distance, hex_id
from systems.nightfighter.rules.patterns import (displaced, low_cells, medium_cells, medium_index, narrow_ai_area,
                                              wide_ai_area)


def ids(cells):
    return [hex_id(c) for c in cells]


def test_tv01_low_pattern_of_1115_in_die_order_leaves_out_1114():
    assert ids(low_cells(cell_of(1115), "S")) == [1014, 1015, 1115, 1116, 1214, 1215]


def test_tv01_low_pattern_of_even_column_1215():
    assert sorted(ids(low_cells(cell_of(1215), "S"))) == [1115, 1116, 1215, 1216, 1315, 1316]


@pytest.mark.parametrize("label, expected", [
    ((1, 1), 914), ((1, 3), 915), ((1, 5), 916), ((2, 1), 1013), ((2, 3), 1014), ((2, 5), 1015),
    ((3, 1), 1016), ((3, 3), 1114), ((3, 5), 1115), ((4, 1), 1116), ((4, 3), 1117), ((4, 5), 1213),
    ((5, 1), 1214), ((5, 3), 1215), ((5, 5), 1216), ((6, 1), 1314), ((6, 3), 1315), ((6, 5), 1316),
])
def test_tv01_medium_pattern_labels_around_1115(label, expected):
    assert ids(medium_cells(cell_of(1115), "S"))[medium_index(*label)] == expected


def test_tv01_medium_pattern_leaves_out_two_behind():
    assert 1113 not in ids(medium_cells(cell_of(1115), "S"))
    assert len(set(ids(medium_cells(cell_of(1115), "S")))) == 18


def test_distances_of_section_2_1():
    assert (hex_distance(1115, 1315), hex_distance(1115, 1118), hex_distance(1115, 1214)) == (2, 3, 1)


def test_displacement_from_1115_section_2_9():
    assert [hex_id(displaced(cell_of(1115), "S", d)) for d in range(1, 7)] == [1014, 1015, 1114, 1116, 1214, 1215]


def test_six_low_areas_after_displacement_cover_exactly_the_medium_area():
    medium = set(ids(medium_cells(cell_of(1115), "S")))
    union = set()
    for d in range(1, 7):
        union |= set(ids(low_cells(displaced(cell_of(1115), "S", d), "S")))
    assert union == medium


def test_ai_areas_of_section_2_7():
    bounds = MapBounds()
    assert sorted(ids(narrow_ai_area(cell_of(1012), "S", 4, bounds))) == [1013, 1014, 1015, 1016]
    assert sorted(ids(wide_ai_area(cell_of(1114), "S", 3, bounds))) == [1015, 1016, 1115, 1116, 1117, 1215, 1216]
    assert len(wide_ai_area(cell_of(914), "S", 4, bounds)) == 12
