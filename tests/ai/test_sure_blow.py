"""The guard's proven bound on a blow's chance (tactics/ai/mano_a_mano/lawful.py · sure_blow;
odds.py · worst_blow), held to the exact chance over many states and in whole fights.

The guard records a plan's odds only under :data:`~tactics.ai.futility.POOR_ODDS`; ``sure_blow``
skips working out the chance of a blow whose bound already clears it. The bound must never be
above the exact chance (else a poor blow would go unrecorded), and a fight must be the same,
byte for byte, with the shortcut and without it.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tactics import Encounter, load_character, load_map
from tactics.ai.futility import POOR_ODDS
from tactics.ai.mano_a_mano import lawful
from tactics.ai.mano_a_mano.odds import STANDING, armor_options, act_chance, hit_chance, worst_blow
from tactics.rules.ranged import DARKNESS_TABLE
from tactics.rulesets.mano_a_mano import ACTIONS
from tactics.sim.plan import Act

ROOT = Path(__file__).resolve().parents[2]
SHEETS = sorted(p.stem for p in (ROOT / "assets/characters").glob("*.toml"))
BLOWS = sorted(n for n, s in ACTIONS.items() if s.kind in ("strike", "grapple"))


def _pair(a: str, b: str):
    enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=1, shared={})
    red = enc.add(load_character(ROOT / f"assets/characters/{a}.toml"), team="red", at=(10, 3), policy="passive")
    blue = enc.add(load_character(ROOT / f"assets/characters/{b}.toml"), team="blue", at=(12, 3), policy="passive")
    return enc.view_for(enc.combatants[red.id]), enc.view_of(enc.combatants[blue.id])


def test_the_bound_is_the_exact_chance_at_its_worst_and_never_above_it():
    """Every pair of shipped sheets, every blow, weapon and way around the armor: for two standing
    fighters out of any grapple the exact chance (``act_chance`` on that matchup) is at least the
    bound whatever the light, the height and the defense bonus, and equals it in the darkest light."""
    rng = random.Random(19)
    checked = tight = 0
    for a in SHEETS:
        for b in SHEETS:
            view, target = _pair(a, b)
            me = view.me
            ch, tc = me.character, target.character
            ways = [o[0] for o in armor_options(tc)] + [("no such piece",)]
            for action in BLOWS:
                for wname in [w.name for w in ch.weapons] + [None]:
                    for avoid in ways:
                        act = Act(action, target=target.id, weapon=wname, avoid_armor=avoid)
                        worst = worst_blow(view, ch, tc, act)
                        weapon = ch.weapon(wname) if wname else None
                        for _ in range(3):
                            light = rng.choice(sorted(DARKNESS_TABLE))
                            above, bonus = rng.random() < 0.3, rng.choice((0, 0, 2, 4, 5, 9))
                            match = (id(ch), id(tc), STANDING, False, None, STANDING, None, above, bonus, light)
                            exact = act_chance(view, me, target, action, weapon, avoid, match=match)
                            if worst is None:
                                assert exact is None or ACTIONS[action].kind == "grapple" and wname is not None
                                continue
                            bound = hit_chance(worst[0], worst[1] + bonus)
                            assert exact is not None and exact >= bound, (a, b, action, wname, avoid, light, bonus)
                            checked += 1
                            if light == "dark" or ch.blind:
                                assert exact == bound  # the bound is attained: it is the worst case itself
                                tight += 1
    assert checked > 5_000 and tight > 1_000


def test_a_blow_on_the_ground_or_in_a_grapple_is_left_to_the_exact_chance():
    view, target = _pair("steven", "clone")
    act = Act("quick strike", target=target.id, weapon="machete")
    assert lawful.sure_blow(view, view.me, act)  # 60 % on foot: proven without working it out
    for c, field, value in ((view.me._c, "prone", True), (target._c, "prone", True),
                            (view.me._c, "partner", target.id), (target._c, "partner", view.me.id)):
        old = getattr(c, field)
        setattr(c, field, value)
        try:
            assert not lawful.sure_blow(view, view.me, act)
        finally:
            setattr(c, field, old)
    assert lawful.sure_blow(view, view.me, act)
    assert not lawful.sure_blow(view, view.me, Act("aim"))  # no blow: not this bound's to say
    assert not lawful.sure_blow(view, view.me, Act("quick strike", target=target.id, weapon="no such weapon"))


def test_a_large_defense_bonus_makes_the_bound_fail_as_the_chance_does():
    view, target = _pair("steven", "clone")
    act = Act("quick strike", target=target.id, weapon="machete")
    bonus = target.state.defense_bonus
    bonus.append(("test", 12))  # 8 to hit + 4 dark + 12: the worst case needs a 20
    try:
        assert not lawful.sure_blow(view, view.me, act)
    finally:
        bonus.pop()


FIGHTS = [("advance", "steven", "clone"), ("brawler", "steven", "clone"), ("grappler", "grappler", "giant"),
          ("cautious", "soldier", "knight"), ("brawler", "swashbuckler", "grappler"),
          ("advance", "knight", "grappler")]


def _fights(policy: str, a: str, b: str, seeds: range) -> list[bytes]:
    out = []
    for seed in seeds:
        enc = Encounter(load_map(ROOT / "maps/arena.toml"), seed=seed, shared={})
        enc.add(load_character(ROOT / f"assets/characters/{a}.toml"), team="red", policy=policy)
        enc.add(load_character(ROOT / f"assets/characters/{b}.toml"), team="blue", policy=policy)
        out.append(enc.run(until=120).to_bytes())
    return out


@pytest.mark.slow
@pytest.mark.parametrize("policy,a,b", FIGHTS)
def test_every_sure_blow_in_a_fight_has_its_odds_and_the_fight_is_the_same_without_the_shortcut(
        monkeypatch, policy, a, b):
    real = lawful.sure_blow
    verdicts = {True: 0, False: 0}

    def checked(view, me, act):
        got = real(view, me, act)
        verdicts[got] += 1
        if got:
            p = lawful.blow_odds(view, me, act)
            assert p is None or p >= POOR_ODDS  # the exact chance, as the guard would have worked it out
        return got

    monkeypatch.setattr(lawful, "sure_blow", checked)
    with_checks = _fights(policy, a, b, range(12))
    assert verdicts[True] > 0
    monkeypatch.setattr(lawful, "sure_blow", lambda view, me, act: False)
    assert _fights(policy, a, b, range(12)) == with_checks


def test_the_kept_bound_is_the_bound_worked_out_afresh():
    """``bonus_allowed`` keeps the bound in the scenario-shared cache by both sheets and what the act
    names: every answer, asked twice, equals :func:`lawful._bonus_allowed` of a fresh ``worst_blow``."""
    checked = bounded = 0
    for a in SHEETS[:6]:
        for b in SHEETS[:6]:
            view, target = _pair(a, b)
            ch, tc = view.me.character, target.character
            for action in BLOWS:
                for wname in [w.name for w in ch.weapons] + [None]:
                    for avoid in [o[0] for o in armor_options(tc)] + [()]:
                        act = Act(action, target=target.id, weapon=wname, avoid_armor=avoid)
                        fresh = lawful._bonus_allowed(worst_blow(view, ch, tc, act))
                        assert lawful.bonus_allowed(view, ch, tc, act) == fresh
                        twin = Act(action, target=target.id, weapon=wname, avoid_armor=tuple(avoid))
                        assert lawful.bonus_allowed(view, ch, tc, twin) == fresh  # the kept answer
                        checked += 1
                        bounded += fresh is not None
    assert checked > 500 and 0 < bounded < checked
