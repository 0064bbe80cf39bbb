"""A hand-to-hand turn weighed in hit points: strike, trip, shove, disarm, grapple, full defence.

Every manoeuvre opens with Melee vs Block (criticals count) and then the
seed's second contest (none): P = P(open) × P(second). What a won manoeuvre
is worth is counted in the hit points it takes off the enemy or spares us
over the next round (002 · Actions; Status effects):

- **trip**: the target spends its next action standing up (the harm it would
  have dealt is spared), and until then everyone near it strikes a Block − 4;
- **shove**: a fall where a drop lies within 2 m behind it (2 hp a metre beyond
  2, halved on an Athletics roll), prone on a win by 4 or more;
- **disarm**: the target spends an action picking its weapon up (or fights
  bare-handed for good when we take it);
- **grapple**: a pin leaves the target defending at 0 and doing nothing; it
  pays when allies are there to strike it (:meth:`FudgePolicy.pin_worth`);
- **full defence**: +2 Block and Dodge until our next action, worth the harm it
  spares (:func:`~.odds.threat` with and without), weighed by how much of us
  is left against how much of the target.
"""

from __future__ import annotations

import math
from typing import Any

from tactics.rulesets.fudge_opposed import conditions
from tactics.rulesets.fudge_opposed.catalogue import MANOEUVRES
from tactics.rulesets.fudge_opposed.manoeuvres import SECOND
from tactics.rulesets.fudge_opposed.movement import fall_harm
from tactics.rulesets.fudge_opposed.odds import p_beats
from tactics.rulesets.fudge_opposed.ranges import MELEE_USE, SHORT_RANGE_M
from tactics.rulesets.fudge_opposed.state import status
from tactics.ai.routes import map_cache
from tactics.sim.plan import Act, MoveTo

from .looks import melee_look
from .odds import Option, attack_total, best_weapon, can_full_defend, defence_total, label, threat

TRIP, SHOVE, GRAPPLE, DISARM = MANOEUVRES
"""The manoeuvres' action names, as the ruleset's catalogue spells them."""

NEAR = SHORT_RANGE_M / 2

PIN_ROUNDS = 3.0
"""At most this many rounds a pin is credited with."""
"""The distance a hand-to-hand estimate assumes."""


def opening_odds(view: Any, me: Any, target: Any, st_me: dict[str, Any] | None = None,
                 st: dict[str, Any] | None = None) -> float:
    """P(Melee vs Block won), criticals counted (``st_me``, ``st``: both statuses, when already read)."""
    return float(p_beats(attack_total(view, me, target, MELEE_USE, st_me),
                         defence_total(target, "Block", st=st)))


def second_skills(me: Any, target: Any, action: str, st_me: dict[str, Any] | None = None,
                  st: dict[str, Any] | None = None) -> tuple[int, int]:
    """Both totals of the manoeuvre's second contest (``st_me``, ``st``: both statuses, when already read)."""
    mine, theirs = SECOND[action]
    a = me.sheet.skill(mine) + sum(v for _, v in conditions.roll_mods(status(me) if st_me is None else st_me, mine))
    d = target.sheet.skill(theirs) + sum(v for _, v in conditions.roll_mods(status(target) if st is None else st, theirs))
    return a, d


def manoeuvre_odds(view: Any, me: Any, target: Any, action: str, opening: float | None = None,
                   st_me: dict[str, Any] | None = None, st: dict[str, Any] | None = None) -> float:
    """P(both contests won): Melee vs Block, then the seed's second contest (``opening``: the first
    contest's odds, ``st_me``, ``st``: both statuses, when already known)."""
    a, d = second_skills(me, target, action, st_me, st)
    return (opening_odds(view, me, target, st_me, st) if opening is None else opening) * float(p_beats(a, d, crits=False))


def its_harm(view: Any, target: Any, me: Any) -> float:
    """What ``target`` would take off ``me`` with its next action (its best weapon, hand to hand)."""
    got = best_weapon(view, target, me, NEAR)
    return got[2] if got else 0.0


def crowd_gain(view: Any, me: Any, target: Any, st: dict[str, Any], mine: Any = False) -> float:
    """Extra expected hp ``me`` and the allies within a move of ``target`` take off it next round
    if its statuses were ``st`` (``mine``: my ``best_weapon`` on it as it is, when already known)."""
    gain = 0.0
    for u in [me] + view.allies():
        if u is not me and view.distance(u, target) > view.movement(u) + SHORT_RANGE_M:
            continue
        now = mine if u is me and mine is not False else best_weapon(view, u, target, NEAR)
        then = best_weapon(view, u, target, NEAR, st=st)
        if now and then:
            gain += max(0.0, then[2] - now[2])
    return gain


def _allies_gain(view: Any, me: Any, target: Any, st: dict[str, Any], gain: float) -> float:
    """:func:`crowd_gain` with my own share ``gain`` already known: the allies' shares added in order."""
    for u in view.allies():
        if view.distance(u, target) > view.movement(u) + SHORT_RANGE_M:
            continue
        now = best_weapon(view, u, target, NEAR)
        then = best_weapon(view, u, target, NEAR, st=st)
        if now and then:
            gain += max(0.0, then[2] - now[2])
    return gain


def drop_behind(view: Any, me: Any, target: Any, at: tuple[float, float] | None = None) -> float:
    """Metres ``target`` would fall if shoved from ``at`` (default: where ``me`` stands)."""
    mx, my = at if at is not None else (me.x, me.y)
    key = (mx, my, target.x, target.y, target.z)
    kept = map_cache(view, "fudge drops")   # a pure function of the map and the points
    got = kept.get(key)
    if got is None:
        if len(kept) >= DROP_MEMORY:
            kept.clear()
        got = kept[key] = _drop(view, mx, my, target)
    return got


DROP_MEMORY = 20_000
""":func:`drop_behind` answers kept per map (all forgotten when full)."""


def _drop(view: Any, mx: float, my: float, target: Any) -> float:
    """:func:`drop_behind` worked out: the deepest ground 1-4 quarter steps of the push behind ``target``."""
    dx, dy = target.x - mx, target.y - my
    flat = math.hypot(dx, dy)
    ux, uy = (dx / flat, dy / flat) if flat > 1e-9 else (1.0, 0.0)
    push = max(0.0, SHORT_RANGE_M - flat)
    tmap = view.map
    worst = 0.0
    for k in range(1, 5):
        x, y = target.x + ux * push * k / 4, target.y + uy * push * k / 4
        if not tmap.is_passable(x, y):
            break
        worst = max(worst, target.z - tmap.ground_height(x, y))
    return worst


def lowest_floor(view: Any) -> float:
    """The lowest ground of the map, 0 at most (off the map counts as 0), kept per map."""
    kept = map_cache(view, "fudge lowest floor")
    got = kept.get("z")
    if got is None:
        got = kept["z"] = min(0.0, float(view.map.floor_z.min()))
    return got


def edge_spots(view: Any, me: Any, target: Any, budget: float) -> list[tuple[list[MoveTo], tuple[float, float], float]]:
    """Spots 1.4 m from ``target`` on its level, reachable this turn, from which a shove sends it
    over a drop of more than 2 m: ``(moves, spot, drop)``, the deepest first (none on flat ground)."""
    from tactics.ai.routes import route

    tmap = view.map
    if target.z - lowest_floor(view) <= 2.0:
        return []   # no ground anywhere (nor off the map) lies more than 2 m below it
    out = []
    for k in range(8):
        a = k * math.pi / 4
        x, y = target.x + math.cos(a) * 1.4, target.y + math.sin(a) * 1.4
        if not tmap.is_passable(x, y) or abs(tmap.ground_height(x, y) - target.z) > 0.5:
            continue
        h = drop_behind(view, me, target, at=(x, y))
        if h <= 2.0:
            continue
        r = route(view, me, (x, y), budget=budget)
        if r is not None and r.arrives:
            out.append((list(r.steps), (x, y), h))
    out.sort(key=lambda t: -t[2])
    return out


def options(view: Any, me: Any, target: Any, steps: list[MoveTo] | None = None, grapple: bool = False,
            at: tuple[float, float] | None = None) -> list[Option]:
    """Every hand-to-hand choice on ``target`` after ``steps`` (which end in reach), in hp."""
    steps = list(steps or [])
    out: list[Option] = []
    name = label(view, target)
    tst, st_me = status(target), status(me)   # read once: nothing changes while a turn is weighed
    look = melee_look(view, me, target, st_me, tst)   # the numbers that do not depend on where anyone stands
    hit = look.hit
    if hit is not None:
        w, p, ev = hit
        out.append(Option(f"{'melee' if not w.ranged else 'shoot'} ({w.name}) on {name}",
                          steps + [Act("melee" if not w.ranged else "shoot", target.id, w.name)], p, ev))
    spared = look.spared
    opening = look.opening
    if look.trip is not None:
        p = look.trip
        worth = spared + _allies_gain(view, me, target, {**tst, "prone": True}, look.trip_gain)
        out.append(Option(f"trip {name}", steps + [Act(TRIP, target.id)], p, p * worth,
                          note=f"it loses {spared:.1f} hp of attack standing up"))
    p = look.shove
    h = drop_behind(view, me, target, at)
    fall = 0.75 * fall_harm(h, False) if h > 2 else 0.0
    big = look.big
    out.append(Option(f"shove {name}" + (f" off a {h:.0f} m drop" if fall else ""),
                      steps + [Act(SHOVE, target.id)], p, p * fall + big * spared,
                      note=f"fall ≈{fall:.1f} hp" if fall else ""))
    if look.arms:
        p = look.disarm
        out.append(Option(f"disarm {name}", steps + [Act(DISARM, target.id)], p, p * look.disarm_worth))
    if grapple and not conditions.role(tst):
        p = manoeuvre_odds(view, me, target, GRAPPLE, opening, st_me, tst)
        pinned = {**tst, "role": "pinned", "partner": me.id}
        allies = [a for a in view.allies() if view.distance(a, target) <= view.movement(a) + SHORT_RANGE_M]
        gain = sum(max(0.0, (best_weapon(view, a, target, NEAR, st=pinned) or (0, 0, 0.0))[2]
                       - (best_weapon(view, a, target, NEAR) or (0, 0, 0.0))[2]) for a in allies)
        mine = hit[2] if hit else 0.0
        # a pin lasts until the pinned one breaks it (Strength vs Strength, a tie breaks it)
        a, d = target.sheet.skill("Strength"), me.sheet.skill("Strength")
        rounds = min(PIN_ROUNDS, 1.0 / max(float(p_beats(a, d - 1, crits=False)), 1e-3))
        per_round = gain + spared - mine if allies else 0.0
        out.append(Option(f"grapple {name}", steps + [Act(GRAPPLE, target.id, options={"pin": bool(allies)})],
                          p, p * rounds * max(per_round, 0.0) + (0.0 if allies else p * 0.25 * spared),
                          note=(f"pinned ≈{rounds:.1f} rounds: allies +{gain:.1f} hp a round at Block 0, "
                                f"its {spared:.1f} hp stopped") if allies else "alone: a hold to strike from"))
    return out


def full_defence(view: Any, me: Any, steps: list[MoveTo] | None = None, weigh: float = 1.0) -> Option | None:
    """+2 Block and Dodge until our next action: the harm it spares this round (None if it adds nothing)."""
    if not can_full_defend(me):
        return None
    now = threat(view, me)
    then = threat(view, me, extra_def=2)
    saved = max(0.0, now - then)
    return Option("full defence", list(steps or []) + [Act("full_defence")], 1.0, saved, score=saved * weigh,
                  note=f"incoming ≈{now:.1f} → {then:.1f} hp")


def outnumbered(view: Any, me: Any) -> int:
    """Enemies that can reach ``me`` with their next move."""
    return sum(1 for e in view.enemies() if view.distance(e, me) <= view.movement(e) + SHORT_RANGE_M)


__all__ = ["NEAR", "opening_odds", "second_skills", "manoeuvre_odds", "its_harm", "crowd_gain", "drop_behind", "options", "full_defence",
           "outnumbered"]
