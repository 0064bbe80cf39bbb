"""Command-line options checked before any work runs: finite numbers in range, seeds, writable outputs.

Each refusal is one :class:`~tactics.errors.InputError` naming the option::

    >>> _check_number("--until", float("nan"), positive=True)
    Traceback (most recent call last):
    ...
    tactics.errors.InputError: --until: nan: must be a finite number
"""

from __future__ import annotations

import math
from pathlib import Path

from tactics.errors import InputError


def _check_number(option: str, value: float | None, *, positive: bool = False, low: float | None = None) -> None:
    """Refuse a non-finite number (and one not above 0 with ``positive``, below ``low``) naming the option."""
    if value is None:
        return
    if not math.isfinite(value):
        raise InputError(option, f"{value}", "must be a finite number")
    if positive and value <= 0:
        raise InputError(option, f"{value:g}", "must be more than 0")
    if low is not None and value < low:
        raise InputError(option, f"{value:g}", f"must be at least {low:g}")


SEED_LIMIT = 2**63
"""Seeds are 64-bit integers (-2**63 to 2**63 - 1): the replay header stores them so."""


def _check_seed(seed: int | None) -> None:
    if seed is not None and not -SEED_LIMIT <= seed < SEED_LIMIT:
        raise InputError("--seed", str(seed), f"must be a 64-bit integer ({-SEED_LIMIT} to {SEED_LIMIT - 1})")


def _check_out(path: Path, option: str, *, create_parents: bool = False) -> None:
    from tactics.files import check_writable

    check_writable(path, option, create_parents=create_parents)
