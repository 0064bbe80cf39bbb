"""Percentile tests: roll under a target number on d100 read 00-99, and the opposed attack.

Source: 003 · step 4 (the opposed test) and step 5 (outcome, criticals);
the reading, margin and doubles as DECISIONS-d100 · Tests settles them.

A test succeeds when the reading is at or under the target; the margin of
success (MoS) is the reading itself::

    >>> t = test(37, 55)
    >>> t.success, t.mos, t.critical
    (True, 37, False)
    >>> test(61, 20).success
    False

Doubles are criticals; 00 always succeeds and 99 always fails::

    >>> test(44, 50).critical, test(0, -15).success, test(99, 120).success
    (True, True, False)

The opposed attack (003 · step 5): a failed attack misses, a failed defence
lets a successful attack hit, and when both succeed the higher reading wins
(a tie goes to the defender); a defender's critical success always wins::

    >>> attack_hits(test(37, 55), test(61, 20))
    True
    >>> attack_hits(test(37, 55), test(40, 50)), attack_hits(test(45, 55), test(33, 50))
    (False, False)
    >>> attack_hits(test(45, 55), None)          # no defence test (surprised)
    True
"""

from __future__ import annotations

from dataclasses import dataclass

ALWAYS_SUCCEEDS = 0
ALWAYS_FAILS = 99


def is_double(reading: int) -> bool:
    """00, 11, 22 ... 99: the critical readings (DECISIONS-d100 · Tests)."""
    return reading % 11 == 0


def succeeds(reading: int, target: int) -> bool:
    """Roll-under success: 00 always, 99 never, else reading <= target (003 · step 4)."""
    if reading == ALWAYS_SUCCEEDS:
        return True
    if reading == ALWAYS_FAILS:
        return False
    return reading <= target


@dataclass(frozen=True, slots=True)
class TestResult:
    """One percentile test: the reading (0-99) against a modified target number."""

    __test__ = False  # not a pytest class

    reading: int
    target: int
    success: bool
    critical: bool

    @property
    def mos(self) -> int | None:
        """Margin of success: the reading on a success, None on a failure."""
        return self.reading if self.success else None

    @property
    def critical_success(self) -> bool:
        return self.critical and self.success

    @property
    def excellent(self) -> bool:
        """An excellent success: MoS 30 or more (003 · step 5)."""
        return self.success and self.reading >= 30

    @property
    def tags(self) -> list[str]:
        """Record tags: ``critical`` on doubles (``excellent`` is added where it matters: attacks)."""
        return ["critical"] if self.critical else []


def test(reading: int, target: int) -> TestResult:
    """The test of ``reading`` (0-99) against ``target`` (DECISIONS-d100 · Tests)."""
    if not 0 <= reading <= 99:
        raise ValueError(f"a d100 reading is 0-99, not {reading}")
    return TestResult(reading, target, succeeds(reading, target), is_double(reading))


test.__test__ = False  # type: ignore[attr-defined]


def attack_hits(attack: TestResult, defense: TestResult | None) -> bool:
    """Does the opposed attack hit? ``defense`` None: no defence test (surprise).

    003 · step 5 (outcome), with DECISIONS-d100 · Tests: a defender's critical success always wins.
    """
    if not attack.success:
        return False
    if defense is None or not defense.success:
        return True
    if defense.critical:
        return False
    return attack.reading > defense.reading


__all__ = ["is_double", "succeeds", "TestResult", "test", "attack_hits", "ALWAYS_SUCCEEDS", "ALWAYS_FAILS"]
