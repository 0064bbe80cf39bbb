"""The AI's estimate of one exact act: any strike, throw or shot of 000, not only the plain ones.

:func:`.estimates.estimates` lists the plain attacks (quick strike, quick
throw, a shot); a policy also plans powerful, strategic and cautious strikes,
powerful throws, heaves and strategic shots (000 · List of Actions). The
optional seam ``estimate_act(world, unit, act)`` (``tactics/rules/protocol.py``
· ``ActEstimate``) answers for the act itself, with the same arithmetic as the
plain ones (the engine's ``resolve_attack`` on a roll of 20 for the totals,
the range and darkness the engine would add)::

    >>> estimate_act(world, steven, Act("powerful strike", target="blue-1", weapon="machete"))  # doctest: +SKIP
    Estimate('powerful strike', 'machete', 0.55, 9.8, 0.7, ...)    # the power doubled
    >>> estimate_act(world, steven, Act("strategic strike", target="blue-1", weapon="machete"))  # doctest: +SKIP
    Estimate('strategic strike', 'machete', 0.8, 5.6, 0.4, ...)    # +5 to hit

Unlike the plain estimates, it reads the state both fighters are in, as the
engine's ``resolve._attack`` does: the attacker's aim (+5 to a shot or throw,
000 · Archery and Marksmanship Actions · aim; 000 · Stance and Position ·
Aiming), both fighters' stance and position (on the ground, in a clinch,
dominant: 000 · Stance and Position, :func:`.resolve.stances`), and the
target's defense bonuses until its next turn (a cautious attack, an instant
stand, a rest). An archer drawn and aimed shoots at +5::

    >>> estimate_act(world, archer, Act("quick shot", target="blue-1"))     # doctest: +SKIP
    Estimate('quick shot', 'longbow', 0.85, 6.0, ...)                      # 0.6 unaimed

None when the act is no attack of that kind, its weapon is not in hand or not
ready (a bow not drawn, a gun not loaded, a knife already thrown), the rules
refuse it or the target is out of reach. Cover and armor aimed around
are left out; a charge's bonus counts for a strike asked as made after a
straight run (an act with ``run_m``, :func:`estimate_act`).
"""

from __future__ import annotations

from typing import Any

from tactics.rules.plan import Act
from tactics.rules.protocol import Estimate
from tactics.rules.ranged import darkness_difficulty, range_difficulty
from tactics.rules.records import Modifier

from .actions import ACTIONS
from .attack import RuleOptions, resolve_attack
from .estimates import STUN_WEIGHT, _reaches, hit_chance
from .resolve import DARKNESS_KIND, allowed, default_weapon, max_range, posture, stances

_PLAIN = RuleOptions()
_KINDS = ("strike", "throw", "shot")


def _weapon(c: Any, spec: Any, name: str | None) -> Any:
    """The named weapon in hand, or the one the engine takes when none is named (:func:`.resolve.default_weapon`)."""
    if name is None:
        return default_weapon(c, spec.kind)
    out, kinds = c.state.out_of_hand, spec.weapons  # a loop: a generator over our names would make them cells
    for w in c.sheet.weapons:
        if w.name == name and w.name not in out and (not kinds or w.kind in kinds):
            return w
    return None


def estimate_act(world: Any, c: Any, act: Any) -> Estimate | None:
    """The estimate of exactly ``act`` by ``c`` from where it stands (module docstring), or None.

    An act made at the end of a move (an object with the act as ``act`` and the straight metres run
    before it as ``run_m``: the planner's ``AfterMove``) is a strike or a throw made where the move
    ends: reach is the caller's to judge, and a strike after more than 5 m run straight adds the
    charge's power (000 · Attacking · Charging Attack), as ``resolve._attack`` does."""
    run = getattr(act, "run_m", None)
    if run is not None:
        act = act.act
    spec = ACTIONS.get(getattr(act, "action", ""))
    if spec is None or spec.kind not in _KINDS:
        return None
    target = world.unit(getattr(act, "target", None) or "")
    if target is None or not target.able or target.team == c.team:
        return None
    ch, tch = c.sheet, target.sheet
    w = _weapon(c, spec, getattr(act, "weapon", None))
    if w is None or not allowed(spec.name, c.standing, posture(c), c.partner is not None,
                                ch.encumbrance != "none", bool(ch.unwieldy(w)))[0]:
        return None
    melee = spec.kind == "strike"
    if (run is None or not melee) and not _reaches(world, c, target, spec.name, w) or _unready(c, spec, w):
        return None
    charge_m = run if run is not None and melee and run > 5.0 and getattr(world.options, "charging", True) else 0.0
    dmods = []
    if spec.kind in ("throw", "shot"):
        rd = range_difficulty(world.distance(c, target), max_range(c, w, spec.name))
        if rd:
            dmods.append(Modifier("range", rd))
    if not ch.blind:
        dd = darkness_difficulty(world.light_at(target), DARKNESS_KIND[spec.kind])
        if dd:
            dmods.append(Modifier(world.light_at(target), dd))
    amods = held_modifiers(c, target, spec.kind, dmods)
    res = resolve_attack(ch, w, spec, tch, 20, attack_mods=amods, difficulty_mods=tuple(dmods), charge_m=charge_m,
                         options=_PLAIN)
    t = target.tracks
    left = max(1, tch.stamina - t["damage"] - t["stun"])
    p = hit_chance(res.attack, res.difficulty)
    harm = res.damage + STUN_WEIGHT * res.stun
    return Estimate(spec.name, w.name, p, harm, min(1.0, harm / left),
                    Act(spec.name, target=target.id, weapon=w.name), f"{spec.name} with {w.name}: {p:.0%} for {harm:.1f}")


def _unready(c: Any, spec: Any, w: Any) -> bool:
    """Would the engine refuse the shot or throw for its weapon's state (``resolve._attack``, before any
    roll): a thrown weapon already thrown, a bow not drawn (but for a draw and fire, 000 · draw and
    fire) or too heavy to draw, a gun not loaded (000 · load)."""
    st = c.state
    if spec.kind == "throw":
        return w.name in st.spent
    if spec.kind != "shot":
        return False
    if w.kind == "bow":
        return (spec.name != "draw and fire" and st.drawn != w.name) or not c.sheet.can_draw(w)
    return w.kind == "gun" and w.name in st.shots_left and st.shots_left[w.name] <= 0


def held_modifiers(c: Any, target: Any, kind: str, dmods: list[Any]) -> tuple[Any, ...]:
    """The attack modifiers of the state ``c`` is in (its aim, its stance), as ``resolve._attack`` adds
    them; appends to ``dmods`` those of the target's (its stance, its defense bonuses)."""
    amods: tuple[Any, ...] = ()
    partner = c.partner == target.id
    from_above = c.z >= target.z + 1.0
    aiming = bool(c.state.aim_bonus) and kind in ("shot", "throw") and c.partner is None
    if c.prone or c.partner is not None or aiming:
        amods = stances("on_the_ground" if c.prone else "standing", c.role if c.partner is not None else None,
                        kind, "attack", partner, from_above, aiming)
    if target.prone or target.partner is not None:
        dmods.extend(stances("on_the_ground" if target.prone else "standing",
                             target.role if target.partner is not None else None, kind, "defense", partner,
                             from_above, False))
    if target.state.defense_bonus:
        dmods.extend(Modifier(s, v) for s, v in target.state.defense_bonus)
    return amods


__all__ = ["estimate_act", "held_modifiers"]
