"""The remembered melee choice is the plain one: same estimates, same attacks, whatever the state.

``best_melee`` keeps its whole choice per matchup and computes the strikes
of all weapons in one pass (``_strikes``); these tests hold both to the
one-estimate-at-a-time arithmetic of ``estimate`` over every pair of shipped
sheets, postures, grapples, heights, light, defense bonus, charge and health.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tactics import load_character
from tactics.ai.mano_a_mano import odds, strikes
from tactics.ai.mano_a_mano.odds import estimate
from tactics.ai.mano_a_mano.strikes import best_melee, combo_allowance, melee_weapons, weapon_instances

ROOT = Path(__file__).resolve().parents[2]
SHEETS = sorted(p.stem for p in (ROOT / "assets/characters").glob("*.toml"))
STRIKES = ("quick strike", "powerful strike", "strategic strike")


class _Map:
    """Just the light the estimates read."""

    def __init__(self, light: str) -> None:
        self.light = light

    def light_at(self, x: float, y: float) -> str:
        return self.light


class _View:
    def __init__(self, light: str) -> None:
        self.map = _Map(light)
        self.memo: dict = {}
        self.shared: dict = {}


class _State:
    """A stand-in for the fighter's rule state: the defense bonus the estimates read."""

    def __init__(self, defense_bonus: int = 0) -> None:
        self.defense_bonus = defense_bonus

    def defense_bonus_total(self) -> int:
        return self.defense_bonus


class _Unit:
    """A stand-in for a UnitView: the fields the melee estimates read."""

    def __init__(self, uid: str, character, posture: str = "standing", partner: str | None = None,
                 role: str | None = None, z: float = 0.0, defense_bonus: int = 0,
                 health: str = "healthy") -> None:
        self.id, self.character, self.prone = uid, character, posture == "on_the_ground"
        self.partner, self.role, self.z = partner, role, z
        self.x, self.y, self.state, self.health = 1.0, 1.0, _State(defense_bonus), health

    @property
    def pos(self) -> tuple[float, float, float]:
        return (self.x, self.y, self.z)

    @property
    def glance(self) -> tuple:
        """As :attr:`tactics.sim.view.UnitView.glance` reads a fighter."""
        return (self.character, self.prone, self.partner, self.role, self.x, self.y, self.z, self.state)


def _plain_best_melee(view, me, target, charge_m=0.0, allow_strenuous=None):
    """best_melee as it was written before it remembered its choice (one estimate() per option)."""
    ch = me.character
    ws = melee_weapons(ch)
    if not ws:
        return []
    healthy = me.health == "healthy"
    strenuous_ok = healthy and ch.encumbrance == "none" if allow_strenuous is None else allow_strenuous
    options = []
    quick = [(estimate(view, me, target, "quick strike", w), w) for w in weapon_instances(ws)]
    quick = [(e, w) for e, w in quick if e is not None]
    quick.sort(key=lambda ew: -ew[0].ev)
    n = combo_allowance(me)
    if quick:
        first = estimate(view, me, target, "quick strike", quick[0][1], charge_m=charge_m) or quick[0][0]
        options.append([first] + [e for e, _ in quick[1:n]])
    if strenuous_ok and not me.prone:
        for action in ("powerful strike", "strategic strike"):
            for w in ws:
                e = estimate(view, me, target, action, w, charge_m=charge_m)
                if e is not None:
                    options.append([e])
    if not options:
        return []
    return max(options, key=lambda seq: sum(e.ev for e in seq))


def _same(a, b) -> bool:
    if a is None or b is None:
        return a is b
    return (a.action, a.weapon, a.avoid, a.p, a.harm, a.power) == (b.action, b.weapon, b.avoid, b.p, b.harm, b.power)


def _matchups():
    """(light, me, target) over sheets × postures × grapples, with height, bonus and health varied along."""
    sheets = {n: load_character(ROOT / "assets/characters" / f"{n}.toml") for n in SHEETS}
    grapples = [(None, None, None), ("t", "dominant", "inferior"), ("t", "inferior", "dominant")]
    k = 0
    for (a, b), (pa, pb), (partner, ra, rb), light in itertools.product(
            itertools.product(SHEETS, SHEETS), itertools.product(("standing", "on_the_ground"), repeat=2),
            grapples, ("bright", "dim", "dark")):
        k += 1
        me = _Unit("m", sheets[a], pa, partner and "t", ra, z=1.0 if k % 5 == 0 else 0.0,
                   health=("healthy", "injured", "healthy", "stunned")[k % 4])
        target = _Unit("t", sheets[b], pb, partner and "m", rb, defense_bonus=(0, 0, 4)[k % 3])
        yield k, light, me, target


@pytest.mark.slow
def test_strikes_in_one_pass_equal_one_estimate_at_a_time():
    for k, light, me, target in _matchups():
        view = _View(light)
        match = odds.matchup(view, me, target)
        for action, charge in itertools.product(STRIKES, (0.0, 5.5, 7.9)):
            row = strikes._strikes(view, me, target, match, action, charge)
            plain = [estimate(_View(light), me, target, action, w, charge_m=charge)
                     for w in melee_weapons(me.character)]
            assert len(row) == len(plain) and all(_same(a, b) for a, b in zip(row, plain)), (k, action, charge)


@pytest.mark.slow
def test_remembered_best_melee_chooses_as_the_plain_one():
    """One memo for all: states that differ in a single field (bonus, light, health) never share a choice."""
    view = _View("bright")
    for k, light, me, target in _matchups():
        if light != "bright":
            continue  # the light varies below, against the same memo
        for bonus, light, health in itertools.product((0, 4), ("bright", "dim", "dark"), ("healthy", "injured")):
            target.state.defense_bonus, view.map.light, me.health = bonus, light, health
            for charge, allow in ((0.0, None), (7.5, None), (0.0, True), (0.0, False)):
                got = best_melee(view, me, target, charge_m=charge, allow_strenuous=allow)
                want = _plain_best_melee(_View(light), me, target, charge_m=charge, allow_strenuous=allow)
                assert len(got) == len(want) and all(_same(a, b) for a, b in zip(got, want)), (k, charge, allow)
