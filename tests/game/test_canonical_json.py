"""The hash chain's canonical JSON (kernel/chain.py ``canonical_json``) is RFC 8785's byte for
byte, on its fast path and off it, and refuses what rfc8785 refuses: a stored chain depends on it."""
import rfc8785
from hypothesis import given, settings, strategies as st

from kernel.chain import NotCanonical, canonical_json

KEYS = st.one_of(st.text(max_size=6), st.sampled_from(["a", "B", "é", "\ue000", "\U0001f600", "\x7f", "", "\n"]))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-2**60, max_value=2**60),
                    st.integers(min_value=-2**53, max_value=2**53), st.floats(allow_nan=True),
                    st.text(), st.sampled_from(["\ud800", "\x00\x1f\"\\\b\f\n\r\t\x7f\u2028", "\U0001f600"]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(KEYS, inner, max_size=4)), max_leaves=12)


def reference(value):
    try:
        return rfc8785.dumps(value)
    except NotCanonical as error:
        return type(error)


def ours(value):
    try:
        return canonical_json(value)
    except NotCanonical as error:
        return type(error)


@settings(max_examples=600, deadline=None)
@given(VALUES)
def test_canonical_json_is_rfc8785_byte_for_byte(value):
    assert ours(value) == reference(value)


def test_the_cases_that_differ_from_plain_json_take_rfc8785():
    assert canonical_json({"\ue000": 1, "\U0001f600": 2}) == rfc8785.dumps({"\ue000": 1, "\U0001f600": 2})
    assert canonical_json([1.0, 1e21, -0.0]) == b"[1,1e+21,0]"
    assert canonical_json({"b": [True, None], "a": "\x01"}) == b'{"a":"\\u0001","b":[true,null]}'
    for refused in (2**53, float("nan"), "\udc00", {1: "not a string key"}):
        assert isinstance(ours(refused), type) and issubclass(ours(refused), NotCanonical)
