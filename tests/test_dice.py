"""The seeded dice: one generator per encounter, the same rolls for the same seed (tactics.dice)."""

from __future__ import annotations

import random

import pytest

from tactics.dice import DiceExhausted, ScriptedDice, SeededDice


@pytest.mark.parametrize("seed", [0, 1, 7, 123456789])
def test_d20_draws_what_randint_of_the_same_seed_draws(seed: int) -> None:
    # d20 draws its bits itself (fast path); it must stay the stream random.Random.randint gives
    dice, reference = SeededDice(seed), random.Random(seed)
    assert [dice.d20() for _ in range(2000)] == [reference.randint(1, 20) for _ in range(2000)]


def test_d20_and_other_dice_share_one_stream() -> None:
    dice, reference = SeededDice(5), random.Random(5)
    got = [dice.d20(), dice.die(6), dice.d20(), dice.die(1000)]
    assert got == [reference.randint(1, 20), reference.randint(1, 6), reference.randint(1, 20),
                   reference.randint(1, 1000)]
    assert dice.rolled == 4 and all(1 <= v for v in got)


def test_scripted_dice_run_out_loudly() -> None:
    s = ScriptedDice([20])
    assert s.d20() == 20
    with pytest.raises(DiceExhausted):
        s.d20()


@pytest.mark.parametrize("seed", [0, 3, 99])
def test_d6_draws_what_randint_of_the_same_seed_draws(seed: int) -> None:
    dice, reference = SeededDice(seed), random.Random(seed)
    assert [dice.d6() for _ in range(2000)] == [reference.randint(1, 6) for _ in range(2000)]


def test_every_kind_of_die_covers_its_faces_evenly() -> None:
    dice = SeededDice(11)
    d6 = [dice.d6() for _ in range(6000)]
    fudge = [f for _ in range(3000) for f in dice.fudge(4)]
    d100 = [dice.d100() for _ in range(20000)]
    assert set(d6) == {1, 2, 3, 4, 5, 6} and all(900 < d6.count(f) < 1100 for f in range(1, 7))
    assert set(fudge) == {-1, 0, 1} and all(3700 < fudge.count(f) < 4300 for f in (-1, 0, 1))
    assert min(d100) == 0 and max(d100) == 99 and 9000 < sum(1 for v in d100 if v < 50) < 11000


def test_four_fudge_dice_follow_the_1_4_10_16_19_16_10_4_1_distribution() -> None:
    # 002 · the 4dF sum: 81 equally likely outcomes of four three-faced dice
    dice = SeededDice(2)
    n = 81_000
    counts = {s: 0 for s in range(-4, 5)}
    for _ in range(n):
        counts[sum(dice.fudge(4))] += 1
    for s, ways in zip(range(-4, 5), (1, 4, 10, 16, 19, 16, 10, 4, 1)):
        assert abs(counts[s] / n - ways / 81) < 0.006, (s, counts[s])


def test_the_same_seed_gives_the_same_mixed_stream() -> None:
    a, b = SeededDice(42), SeededDice(42)
    seq = lambda d: [d.d20(), d.d6(), d.fudge(4), d.d100(), d.die(10)]  # noqa: E731
    assert seq(a) == seq(b)
    assert a.rolled == b.rolled == 8


def test_scripted_dice_check_each_face_against_its_die() -> None:
    s = ScriptedDice([6, 1, -1, 0, 1, 99, 0])
    assert s.d6() == 6
    assert s.fudge(4) == [1, -1, 0, 1]
    assert s.d100() == 99 and s.d100() == 0
    with pytest.raises(ValueError, match="d6"):
        ScriptedDice([7]).d6()
    with pytest.raises(ValueError, match="Fudge"):
        ScriptedDice([2]).fudge(1)
    with pytest.raises(ValueError, match="d100"):
        ScriptedDice([100]).d100()
