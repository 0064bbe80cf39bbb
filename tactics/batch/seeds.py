"""Per-run seeds: one batch seed and a run index give the run's own seed.

    >>> run_seed(7, 0)
    7985665222500292864
    >>> run_seed(7, 0) == run_seed(7, 0) != run_seed(7, 1)
    True

The seed is the first 8 bytes of ``blake2b("<batch_seed>:<index>")`` read
big-endian, shifted right by one bit so it fits a signed 64-bit integer
(``0 <= seed < 2**63``). BLAKE2b is in every Python's ``hashlib`` and does
not depend on ``PYTHONHASHSEED``, the platform or the process, so a run's seed
is the same wherever the batch runs; the seed is recorded in each row of the
table and in the replay header, and ``tactics.batch.rerun(encounter, seed)``
plays that one fight again.
"""

from __future__ import annotations

import hashlib
import secrets


def run_seed(batch_seed: int, index: int) -> int:
    """The seed of run ``index`` of a batch seeded with ``batch_seed``."""
    digest = hashlib.blake2b(f"{int(batch_seed)}:{int(index)}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def fresh_batch_seed() -> int:
    """A random batch seed for when none is given (printed, so the batch can be repeated)."""
    return secrets.randbits(32)


__all__ = ["run_seed", "fresh_batch_seed"]
