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
