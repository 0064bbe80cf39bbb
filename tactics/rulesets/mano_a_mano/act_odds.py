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

None when the act is no attack of that kind, its weapon is not in hand, the
rules refuse it or the target is out of reach. A charge's bonus, stances and
armor aimed around are left out, as in the plain estimates.
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
from .resolve import DARKNESS_KIND, allowed, default_weapon, max_range, posture

_PLAIN = RuleOptions()
_KINDS = ("strike", "throw", "shot")


def _weapon(c: Any, spec: Any, name: str | None) -> Any:
    """The named weapon in hand, or the one the engine takes when none is named (:func:`.resolve.default_weapon`)."""
    if name is None:
        return default_weapon(c, spec.kind)
    return next((w for w in c.sheet.weapons if w.name == name and w.name not in c.state.out_of_hand
                 and (not spec.weapons or w.kind in spec.weapons)), None)


def estimate_act(world: Any, c: Any, act: Any) -> Estimate | None:
    """The estimate of exactly ``act`` by ``c`` from where it stands (module docstring), or None."""
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
    if not _reaches(world, c, target, spec.name, w):
        return None
    dmods = []
    if spec.kind in ("throw", "shot"):
        rd = range_difficulty(world.distance(c, target), max_range(c, w, spec.name))
        if rd:
            dmods.append(Modifier("range", rd))
    if not ch.blind:
        dd = darkness_difficulty(world.light_at(target), DARKNESS_KIND[spec.kind])
        if dd:
            dmods.append(Modifier(world.light_at(target), dd))
    res = resolve_attack(ch, w, spec, tch, 20, difficulty_mods=tuple(dmods), options=_PLAIN)
    t = target.tracks
    left = max(1, tch.stamina - t["damage"] - t["stun"])
    p = hit_chance(res.attack, res.difficulty)
    harm = res.damage + STUN_WEIGHT * res.stun
    return Estimate(spec.name, w.name, p, harm, min(1.0, harm / left),
                    Act(spec.name, target=target.id, weapon=w.name), f"{spec.name} with {w.name}: {p:.0%} for {harm:.1f}")


__all__ = ["estimate_act"]
