"""Which actions of 000 the policies choose in a batch of the shipped Mano a Mano encounters (issue #12).

A 200-fight batch (the shipped ``mano-a-mano`` encounters, seeds in turn) with every policy
wrapped so each action it puts in a plan is counted; the counts are printed (``pytest -s``)
and every action of the catalogue must show up at least once. The guns and boulders come
from the quarry encounter (a clip-fed gunner unloads and loads, a giant heaves its boulder,
a fast knife thrower throws quickly); their choices are tested in ``test_ranged_tactics.py``.
Mounted combat is no action of its own: a rider's charge is a strike with the metres its mount ran, counted here as ``mounted charge`` (the cavalry encounter).
A driver's ``ram`` comes from the cart encounter (000 · Vehicles · Ramming). ``choke`` comes from
the lists encounter: knights in complete plate (no gap to aim at, 9 absorption) eat all but 1 of a
grappler's wrench, so a grappler that pins one chokes it (000 · Grappling Actions · choke); its
swashbuckler disarms with both hands full, so the knight's sword falls and the knight readies it
again (``ready weapon``, 000 · Attacking · Readying Weapons). ``drop`` comes from the butts
encounter's snipers, who lie down to shoot while no walker can reach them (``test_sniper.py``);
``delay`` from the lists encounter's swashbuckler, a wingman that delays its turn until after a
grappler nearer the knights to close in behind it (``test_formation.py``, 000 · Rounds).
"""

from __future__ import annotations

import collections
import itertools

import pytest

from tactics.replay.schema import Attack
from tactics.rulesets.mano_a_mano.ruleset import ManoAMano
from tactics.scenario import load_scenario, shipped_encounters
from tactics.sim import Act, Plan

FIGHTS = 200
ACTIONS = ManoAMano.actions
"""The ruleset's catalogue: the actions of 000 and the engine-level ones (prepare counter, ram)."""

REQUIRED = set(ACTIONS)
"""Every action of the catalogue, each chosen at least once in the batch (issue #12's done-when)."""


class Counting:
    """A policy wrapped so every action of every plan it gives is counted."""

    def __init__(self, inner, counts: collections.Counter) -> None:
        self.inner = inner
        self.counts = counts

    def _count(self, plan):
        if isinstance(plan, Plan):
            for s in plan.steps:
                if isinstance(s, Act):
                    self.counts[s.action] += 1
        return plan

    def plan(self, view):
        return self._count(self.inner.plan(view))

    def react(self, view, window):
        fn = getattr(self.inner, "react", None)
        return self._count(fn(view, window)) if fn is not None else None

    def __getattr__(self, name):
        return getattr(self.inner, name)


def batch(n: int = FIGHTS) -> tuple[collections.Counter, collections.Counter, collections.Counter]:
    scenarios = []
    for name, path in sorted(shipped_encounters().items()):
        sc = load_scenario(path)
        if sc.build(seed=1).rules.name == "mano-a-mano":
            scenarios.append(sc)
    chosen: collections.Counter = collections.Counter()
    hits: collections.Counter = collections.Counter()
    outcomes: collections.Counter = collections.Counter()
    for i, sc in zip(range(n), itertools.cycle(scenarios)):
        enc = sc.build(seed=1 + i // len(scenarios))
        for c in enc.combatants.values():
            c.policy = Counting(c.policy, chosen)
        result = enc.run(until=sc.until)
        outcomes[result.reason.split(":")[0]] += 1
        for e in result.events:
            if isinstance(e, Attack) and e.hit:
                hits[e.action] += 1
            if isinstance(e, Attack) and e.charge_m > 5 and enc.combatants[e.who].sheet.name == "Lancer":
                outcomes["mounted charge"] += 1
    return chosen, hits, outcomes


@pytest.mark.slow
def test_a_200_fight_batch_uses_the_actions_of_000():
    chosen, hits, outcomes = batch()
    print(f"\n{FIGHTS} fights of the shipped mano-a-mano encounters")
    print(f"{'action':18} {'chosen':>7} {'hit':>6}")
    for name in list(ACTIONS):
        print(f"{name:18} {chosen[name]:7d} {hits[name]:6d}")
    print("outcomes:", dict(outcomes))
    assert set(chosen) <= set(ACTIONS)
    missing = sorted(a for a in REQUIRED if not chosen[a])
    assert not missing, f"never chosen in {FIGHTS} fights: {missing}"
    assert outcomes["mounted charge"] > 0, "no rider charged in the cavalry fights"
