"""Every registered ruleset, and a coin-flip duel written for the tests, pass the conformance suite."""

from __future__ import annotations

import pytest

from tactics.conformance import CHECKS, ConformanceError, check_ruleset
from tactics.rules import available, get_ruleset

from . import coin


def test_a_coin_flip_duel_runs_through_the_whole_chain_without_one_line_of_it_changing():
    report = check_ruleset(coin.RULESET, coin.SHEETS, fights=100)
    assert report.passed == list(CHECKS)
    assert "flip" in report.notes["actions"]


@pytest.mark.parametrize("name", available())
def test_every_registered_ruleset_passes_the_conformance_suite(name):
    report = check_ruleset(get_ruleset(name), fights=100)
    assert report.passed == list(CHECKS)


def test_a_broken_ruleset_is_named_with_the_check_it_fails():
    class NoStandings(type(coin.RULESET)):
        def presentation(self, sheet):
            p = super().presentation(sheet)
            return type(p)(p.tracks, [p.standings[0]], p.bar)

    with pytest.raises(ConformanceError, match="coin-flip: presentation: no standing ever stops"):
        check_ruleset(NoStandings(), coin.SHEETS, fights=2)
