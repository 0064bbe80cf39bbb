"""threat.threat: the archer's count of walkers reaching its spots, leaving out those that reach none (issue 19)."""

from __future__ import annotations

import numpy as np

from tactics.ai.mano_a_mano.threat import threat


def _full(xs, ys, gz, foes) -> np.ndarray:
    """The count over every enemy (the old way)."""
    ex, ey, ez, flies, runs = (np.array([f[k] for f in foes]) for k in range(5))
    close = np.hypot(xs[:, None] - ex, ys[:, None] - ey) < runs
    return (close & (flies.astype(bool) | ~(gz[:, None] - ez > 2.5))).sum(axis=1).astype(float)


def test_threat_is_the_count_over_every_enemy() -> None:
    rng = np.random.default_rng(3)
    nones = 0
    for _ in range(400):
        n = int(rng.integers(1, 30))
        xs, ys = rng.uniform(0, 20, n).round(1), rng.uniform(0, 20, n).round(1)
        gz = rng.choice([0.0, 3.0], n)
        box = (float(xs.min()), float(xs.max()), float(ys.min()), float(ys.max()))
        foes = [(float(rng.uniform(-20, 40)), float(rng.uniform(-20, 40)), float(rng.choice([0.0, 4.0])),
                 bool(rng.random() < 0.2), float(rng.choice([6.0, 9.0, 13.0]))) for _ in range(int(rng.integers(1, 5)))]
        got, want = threat(xs, ys, gz, box, foes), _full(xs, ys, gz, foes)
        if got is None:
            nones += 1
            assert not want.any()
        else:
            assert got.tolist() == want.tolist()
    assert 20 < nones < 380  # both ways were tried


def test_an_enemy_exactly_at_its_reach_is_left_to_hypot() -> None:
    xs, ys, gz = np.array([0.0]), np.array([0.0]), np.zeros(1)
    at_reach = [(3.0, 4.0, 0.0, False, 5.0)]  # hypot 5.0, not below 5.0: no threat, but not left out either
    assert threat(xs, ys, gz, (0.0, 0.0, 0.0, 0.0), at_reach).tolist() == [0.0]
