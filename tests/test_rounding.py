"""round6 gives exactly the float round(x, 6) gives (the replays record its answers)."""

import math
import random
import struct

from tactics.sim.rounding import round6


def _same(a: float, b: float) -> bool:
    return struct.pack("<d", a) == struct.pack("<d", b)


def test_round6_matches_round_bit_for_bit() -> None:
    rnd = random.Random(6)
    values = [0.0, -0.0, 1e-7, -1e-7, 5e-7, -5e-7, 2.5e-6, 0.3 + 0.1, 1.0 - 0.7, 1e5, 1e11, -1e11, 1e300,
              math.inf, -math.inf, 123456.0000005, 0.4999995]
    for _ in range(200_000):
        k = rnd.randrange(6)
        if k == 0:
            values.append(rnd.random())
        elif k == 1:
            values.append(rnd.uniform(-200.0, 200.0))
        elif k == 2:  # ties and near-ties of the sixth decimal
            values.append(rnd.randrange(-10**8, 10**8) / 1e6 + rnd.choice((5e-7, -5e-7, 4.9999e-7)))
        elif k == 3:
            values.append(1.0 - rnd.random() * rnd.choice((1.0, 1e-3, 1e-6)))
        elif k == 4:
            values.append(rnd.uniform(-1e-5, 1e-5))
        else:
            values.append(rnd.uniform(-1e12, 1e12))
    for x in values:
        assert _same(round6(x), round(x, 6)), x
    assert math.isnan(round6(math.nan))


def test_first_free_is_the_first_spot_whose_rounded_place_nobody_shares() -> None:
    """``first_free`` against its definition (everyone rounded to the millimetre for every spot), on
    spots and fighters placed exactly on, within a millimetre of, within a centimetre of and far from
    each other."""
    import random
    from types import SimpleNamespace

    from tactics.sim.rounding import first_free

    def by_definition(spots, standing):
        for x, y in spots:
            if all((round(c.x, 3), round(c.y, 3)) != (round(x, 3), round(y, 3)) for c in standing):
                return (x, y)
        return None

    rng = random.Random(3)
    found = none = 0
    for _ in range(3000):
        base = [(rng.randrange(5) * 2.0 + 1.0, rng.randrange(3) * 2.0 + 1.0) for _ in range(rng.randint(1, 6))]
        jitter = (0.0, 0.0, 1e-7, -4e-4, 4e-4, 6e-4, 0.004, -0.009, 0.02, 1.5)
        standing = [SimpleNamespace(x=x + rng.choice(jitter), y=y + rng.choice(jitter))
                    for x, y in rng.sample(base, rng.randint(0, len(base)))]
        spots = [(x + rng.choice(jitter[:4]), y) for x, y in base]
        got, want = first_free(spots, standing), by_definition(spots, standing)
        assert got == want, (spots, [(c.x, c.y) for c in standing])
        found += got is not None
        none += got is None
    assert found > 500 and none > 100
