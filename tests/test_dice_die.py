"""``SeededDice.die`` draws its bits itself (issue 19) and must stay randint's stream."""

from __future__ import annotations

import random

import pytest

from tactics.dice import SeededDice


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40 + 3])
def test_die_draws_what_randint_of_the_same_seed_draws(seed: int) -> None:
    dice, reference = SeededDice(seed), random.Random(seed)
    sides = [1, 2, 3, 4, 6, 7, 8, 10, 12, 20, 100, 1000, 1024, 1025, 10**6]
    got = [dice.die(n) for _ in range(200) for n in sides]
    assert got == [reference.randint(1, n) for _ in range(200) for n in sides]
    assert dice.rolled == len(got)


def test_a_die_without_sides_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one side"):
        SeededDice(1).die(0)


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40 + 3])
@pytest.mark.parametrize("n", [1, 3, 4, 5])
def test_fudge_dice_draw_what_randint_of_the_same_seed_draws(seed: int, n: int) -> None:
    """4dF is unrolled (every contest rolls it twice); it and any other count stay ``randint(-1, 1)``'s
    stream, interleaved with the other dice as they come."""
    dice, reference = SeededDice(seed), random.Random(seed)
    got = [(dice.fudge(n), dice.d20()) for _ in range(300)]
    assert got == [([reference.randint(-1, 1) for _ in range(n)], reference.randint(1, 20)) for _ in range(300)]
    assert dice.rolled == 300 * (n + 1)
