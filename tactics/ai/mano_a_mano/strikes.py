"""The best hand-to-hand turn in Mano a Mano: one strenuous strike or a combo of quick strikes.

:func:`best_melee` weighs a combo of quick strikes (one per weapon in hand, as
many as :func:`combo_allowance` gives, 000 · Rounds) against each strenuous
strike (powerful, strategic) and returns the attacks with the best sum of
expected harm; the first carries any charge bonus::

    >>> [e.action for e in best_melee(view, me, target)]      # doctest: +SKIP
    ['powerful strike']

Remembered per :func:`~tactics.ai.mano_a_mano.odds.matchup` in the encounter's
memo, and per sheets in the scenario-shared cache (:func:`melee_choice`).
"""

from __future__ import annotations

import math
from typing import Any

from tactics.ai.mano_a_mano.odds import Estimate, _armor, _around_armor, _sides, matchup
from tactics.rulesets.mano_a_mano import ACTIONS, Weapon, combo_size
from tactics.sim.view import UnitView, View


# -- weapons ---------------------------------------------------------------
def melee_weapons(ch: Any) -> list[Weapon]:
    return [w for w in ch.weapons if w.kind in ("natural", "hand")]


def weapon_instances(ws: list[Weapon]) -> list[Weapon]:
    """One entry per weapon in hand: two hands are two weapons (000 · Rounds, the combo)."""
    out: list[Weapon] = []
    for w in ws:
        out.extend([w] * max(1, int(w.count)))
    return out


def combo_allowance(me: UnitView, multiple_weapons: bool = True) -> int:
    """Quick actions a combo may hold, as the engine counts them (000 · Rounds): the +1 comes only
    when the combo's actions use several weapons (a pair of hands counts as two; a grappling
    action counts as one), so actions all with one bow get ``multiple_weapons=False``."""
    ch = me.character
    ws = ch.weapons
    multiple = multiple_weapons and (len(ws) > 1 or (len(ws) == 1 and ws[0].count > 1))  # any() of one, read
    return combo_size(ch.speed, multiple, me.health)


def _strikes(view: View, me: UnitView, target: UnitView, match: tuple, action: str,
             charge_m: float) -> tuple[Estimate | None, ...]:
    """:func:`estimate` of the hand-to-hand ``action`` with each of ``melee_weapons(me.character)``, in one pass.

    The same numbers as :func:`_estimate` gives one weapon at a time (the
    target's side of the roll is shared by every weapon), remembered per
    (matchup, action, charge): a turn that only changes the attacker's health
    reuses them.
    """
    memo = view.memo.get("strikes")
    if memo is None:
        memo = view.memo["strikes"] = {}
    key = (match, action, charge_m)
    got = memo.get(key)
    if got is not None:
        return got
    if len(memo) > 20_000:
        memo.clear()
    ch, tc = me.character, target.character
    ws = melee_weapons(ch)
    spec = ACTIONS[action]
    assert spec.kind == "strike", action  # the target's side below is a strike's (melee defense)
    sides = _sides(view, me, match, spec.kind, False)
    if sides is None:
        got = (None,) * len(ws)
    else:
        att, dfn, dark = sides
        defense = tc.melee_defense
        defense += dfn
        defense += match[8] + (spec.difficulty_bonus or 0)  # the target's defense bonus
        defense += dark
        armor = _armor(view, tc)
        bonus = math.floor(charge_m) - 5 if charge_m > 5.0 else 0
        row = []
        for w in ws:
            attack = ch.attack_with(w)
            attack += spec.attack_bonus
            attack += att
            power = ch.power_with(w)
            if spec.double_power:
                power *= 2
            if bonus:
                power += bonus
            row.append(_around_armor(action, spec, w.name, attack, defense, power, w.sharpness, armor))
        got = tuple(row)
    memo[key] = got
    return got


def best_melee(view: View, me: UnitView, target: UnitView, charge_m: float = 0.0,
               allow_strenuous: bool | None = None) -> list[Estimate]:
    """The best hand-to-hand turn against ``target``: one strenuous strike or a combo of quick strikes.

    Returns the attacks in order (the first one carries any charge bonus).
    Remembered in the encounter's memo for everything the choice reads (the
    :func:`matchup`, charge, health for the combo and the strenuous strikes),
    so a turn of a long melee costs one key instead of a dozen estimates.
    """
    return list(melee_choice(view, me, target, charge_m, allow_strenuous))


BEST_MELEE = "best melee"
"""The scenario-shared memo of :func:`melee_choice`."""


def melee_choice(view: View, me: UnitView, target: UnitView, charge_m: float = 0.0,
                 allow_strenuous: bool | None = None, match: tuple | None = None) -> tuple[Estimate, ...]:
    """:func:`best_melee` as the remembered tuple itself: the same state gives the same (identical) tuple,
    so a policy may key what it derives from the choice (acts, a description) on it. ``match``: the
    :func:`matchup` when the caller has it already.

    Kept in the scenario-shared cache by everything the choice reads (the matchup, which names both
    sheets, the charge, strenuous strikes allowed, the health): the fights of one scenario meet the
    same matchups."""
    if match is None:
        match = matchup(view, me, target)
    shared = view.shared.get(BEST_MELEE)
    if shared is None:
        shared = view.shared[BEST_MELEE] = {}
    health = me.health
    key = (match, charge_m, allow_strenuous, health)
    got = shared.get(key)
    if got is None:
        if len(shared) > 20_000:
            shared.clear()
        # both sheets kept with the answer: the ids in the matchup stay theirs
        got = shared[key] = (me.character, target.character,
                             tuple(_best_melee(view, me, target, charge_m, allow_strenuous, match)))
    return got[2]


def _best_melee(view: View, me: UnitView, target: UnitView, charge_m: float,
                allow_strenuous: bool | None, match: tuple) -> list[Estimate]:
    """:func:`best_melee` worked out: the combo of quick strikes, then each strenuous strike, best sum of EV wins
    (the first best, as ``max`` picks it)."""
    ch = me.character
    ws = melee_weapons(ch)
    if not ws:
        return []
    strenuous_ok = me.health == "healthy" and ch.encumbrance == "none" if allow_strenuous is None else allow_strenuous
    best: list[Estimate] | None = None
    best_ev = 0.0
    # one entry per weapon in hand (weapon_instances), estimated once per weapon
    quick: list[tuple[Estimate, int]] = []
    for i, (w, e) in enumerate(zip(ws, _strikes(view, me, target, match, "quick strike", 0.0))):
        if e is not None:
            quick.extend([(e, i)] * max(1, int(w.count)))
    if quick:
        quick.sort(key=lambda ei: -ei[0].ev)
        n = combo_allowance(me)
        # the charge goes to the first strike only (the engine resets the run after an attack)
        first = _strikes(view, me, target, match, "quick strike", charge_m)[quick[0][1]] or quick[0][0]
        best = [first] + [e for e, _ in quick[1:n]]
        best_ev = sum(e.ev for e in best)
    if strenuous_ok and not me.prone:
        for action in ("powerful strike", "strategic strike"):
            for e in _strikes(view, me, target, match, action, charge_m):
                if e is not None:
                    ev = 0 + e.ev  # what sum() of a one-strike turn gives
                    if best is None or ev > best_ev:
                        best, best_ev = [e], ev
    return best or []
