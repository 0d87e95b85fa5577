"""TV21 [H22]: the §4 reference generator."""
from systems.nightfighter.rules.randomness import Sha256CounterDice, roll, seed_commitment


def test_tv21_seed_commitment_of_zero_seed():
    assert seed_commitment(bytes(32)) == "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"


def test_tv21_first_ten_d6_of_seq_1():
    rng = Sha256CounterDice(bytes(32), "night-test", 1)
    assert [rng.roll(6) for _ in range(10)] == [3, 3, 3, 4, 4, 1, 2, 1, 2, 6]


def test_tv21_seq_2_two_d6_then_d30():
    rng = Sha256CounterDice(bytes(32), "night-test", 2)
    assert [rng.roll(6), rng.roll(6), rng.roll(30)] == [4, 3, 17]


def test_tv21_counting_seed():
    rng = Sha256CounterDice(bytes(range(32)), "night-test", 1)
    assert [rng.roll(6) for _ in range(10)] == [6, 6, 5, 2, 1, 1, 1, 4, 3, 4]


def test_roll_records_kind_value_and_draw_index():
    rng = Sha256CounterDice(bytes(32), "night-test", 1)
    assert [roll(rng, "tally"), roll(rng, "tally", reroll=True)] == [
        {"kind": "tally", "value": 3, "j": 0}, {"kind": "tally", "value": 3, "j": 1, "reroll": True}]
