"""Spots that weigh the same: the tactician's numbers at a spot depend on a few coarse facts only.

The attack a fighter makes from a spot, and what the enemies do to it
there, depend on the spot through its light, whether getting there is a
run, and for each (fighter, weapon) pair whether the weapon reaches, and in
which range band (point-blank, short … extreme: 003 · step 3), or for an
enemy's melee weapon whether it walks or runs to strike. Spots alike in all
of these share every shot and threat (the tactician's memo keys on the same
facts), so :func:`spot_groups` sorts the phase's spots into groups and the
tactician weighs each group once; the spots of a group differ only in their
cost, which the group's best spot wins::

    >>> import numpy as np
    >>> from tactics.rulesets.d100_opposed.sheet import Ranges
    >>> band_codes(np.array([1.0, 3.0, 12.0, 70.0]), Ranges(5, 20, 35, 60)).tolist()
    [0, 1, 2, 5]
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tactics.ai.d100_opposed.odds import REACH_M
from tactics.ai.d100_opposed.option import Option
from tactics.ai.d100_opposed.spots import LIGHT_CODES
from tactics.rulesets.d100_opposed.modifiers import BANDS, POINT_BLANK_M
from tactics.rulesets.d100_opposed.ruleset import AIM
from tactics.sim.plan import Act

BEYOND = len(BANDS) + 1
SKIP = -1


def band_codes(d: np.ndarray, ranges: Any) -> np.ndarray:
    """The range band of each distance as :func:`~tactics.rulesets.d100_opposed.modifiers.range_band`
    reads it: 0 point-blank, 1 short … 4 extreme, :data:`BEYOND` past extreme."""
    code = np.full(d.shape, BEYOND, dtype=np.int64)
    for k in range(len(BANDS) - 1, -1, -1):
        code[d <= getattr(ranges, BANDS[k][0])] = k + 1
    code[(d <= POINT_BLANK_M) & (d <= ranges.extreme)] = 0
    return code


def _ranged(d: np.ndarray, sees: np.ndarray, ranges: Any) -> np.ndarray:
    """Band code where the weapon reaches and the line is clear, :data:`SKIP` elsewhere."""
    code = band_codes(d, ranges)
    code[(d > ranges.extreme + 1e-9) | ~sees] = SKIP
    return code


def _flat(e: Any, x: np.ndarray, y: np.ndarray, edges: tuple[float, ...]) -> np.ndarray:
    """Flat metres from ``e`` to each spot (``x``, ``y``) as ``math.hypot`` gives them: numpy's, and
    the ones within a hair of an ``edge`` asked again of ``math.hypot`` (the two may differ in the
    last bit)."""
    flat = np.hypot(e.x - x, e.y - y)
    close = np.zeros(len(x), dtype=bool)
    for edge in edges:
        close |= np.abs(flat - edge) <= 1e-9 * max(1.0, abs(edge))
    for j in np.flatnonzero(close).tolist():
        flat[j] = math.hypot(e.x - float(x[j]), e.y - float(y[j]))
    return flat


def _columns(sp: Any, ids: list[str]) -> dict[str, np.ndarray]:
    """:attr:`~.spots.Spots.arrays`, made from the lists when the spots came without them."""
    arr = sp.arrays
    if "x" not in arr:
        arr["x"] = np.array([p[0] for p in sp.xy])
        arr["y"] = np.array([p[1] for p in sp.xy])
        arr["light"] = np.array([LIGHT_CODES[li] for li in sp.light])
    for eid in ids:
        if "dist " + eid not in arr:
            arr["dist " + eid] = np.array(sp.dist[eid])
        if "sees " + eid not in arr and eid in sp.sees:   # none where no ranged weapon shoots
            arr["sees " + eid] = np.array(sp.sees[eid], dtype=bool)
    return arr


def spot_groups(ctx: Any, members: list[int]) -> list[tuple[list[int], tuple]]:
    """``members`` (spot indices, in order) grouped by everything the tactician's shots and threats
    read at a spot; groups in the order of their first spot, each in spot order, each with the
    part of its key the threats read (groups alike in it share their threats) and the rest of it
    (what my shots read)."""
    sp = ctx.sp
    idx = np.array(members, dtype=np.int64)
    arr = _columns(sp, [e.id for e in ctx.enemies])
    cost = np.array(sp.cost)[idx]
    cols: list[Any] = [(cost > ctx.walk + 1e-6).tolist()]
    threat_cols: list[Any] = [arr["light"][idx].tolist()]
    dist = {e.id: arr["dist " + e.id][idx] for e in ctx.enemies}
    sees = {e.id: arr["sees " + e.id][idx] for e in ctx.enemies if "sees " + e.id in arr}
    for t in ctx.enemies:   # my attacks (Ctx.shots)
        d = dist[t.id]
        for w in ctx.weapons:
            cols.append((d <= REACH_M + 1e-9).tolist() if w.melee else _ranged(d, sees[t.id], w.range).tolist())
    x, y = arr["x"][idx], arr["y"][idx]
    for e, _, e_walk, e_run, _, _, e_prone, arms in ctx.foes:   # their attacks on me (Ctx.threat)
        flat = None
        for w, melee, _ in arms:
            if not melee:
                threat_cols.append(_ranged(dist[e.id], sees[e.id], w.range).tolist())
            elif not e_prone:
                if flat is None:
                    flat = _flat(e, x, y, (e_run + REACH_M, e_walk + REACH_M))
                code = (flat > e_walk + REACH_M).astype(np.int64)
                code[flat > e_run + REACH_M] = SKIP
                threat_cols.append(code.tolist())
    groups: dict[tuple, tuple[list[int], tuple, tuple]] = {}
    for i, key, threat_key in zip(members, zip(*cols), zip(*threat_cols)):
        got = groups.get((key, threat_key))
        if got is None:
            groups[key, threat_key] = ([i], threat_key, key)
        else:
            got[0].append(i)
    return list(groups.values())


def first_best(members: list[int], bases: list[float], score: Any) -> int:
    """The first of ``members`` whose ``score(base)`` is the highest (``score`` grows with the base,
    so that is the first whose score equals the largest base's)."""
    top = score(max(bases))
    for i, b in zip(members, bases):
        if score(b) == top:
            return i
    return members[0]


GROUP_MEMORY = 2_500
"""How many states (``ctx.shot_state`` or ``ctx.threat_state``) the scenario-shared memos of
:func:`shot_numbers` and :func:`threat_numbers` keep answers for, each state's answers by group
(all forgotten when full)."""


def kept(shared: dict, name: str, state: tuple) -> dict:
    """The answers the scenario-shared memo ``name`` holds for ``state`` (started afresh when it
    holds :data:`GROUP_MEMORY` states): the tactician fetches its two once a phase, so the groups'
    keys (a handful of codes) are hashed, not the state with each."""
    memo = shared.get(name)
    if memo is None or len(memo) >= GROUP_MEMORY:
        memo = shared[name] = {}
    got = memo.get(state)
    if got is None:
        got = memo[state] = {}
    return got


def threat_numbers(ctx: Any, r: int, prone: bool, stood: bool, running: bool, threat_key: tuple | None) -> tuple:
    """``(threat next phase, threat now, threat on full defense)`` at spot ``r`` of a group, the
    tactician's numbers. With the group's ``threat_key`` (:func:`spot_groups`) and the enemies'
    states (``ctx.threat_state``) their sums before the division by my damage left are a pure
    function of those: kept in the scenario-shared cache, as the phases of a batch's fights come
    back to the same few hundred (and a scratch that wounds no one changes only the divisor)."""
    memo = k = None
    if threat_key is not None:
        memo = ctx.kept_threats
        k = (threat_key, prone, stood, running)
        got = memo.get(k)
    if memo is None or got is None:
        s_next = ctx.threat_sum(r, fd=False, running=False, prone=prone, key=threat_key)
        s_now = s_next if not running else ctx.threat_sum(r, fd=False, running=True, prone=prone, key=threat_key)
        s_fd = None if stood else ctx.threat_sum(r, fd=True, running=running, prone=prone, key=threat_key)
        got = (s_next, s_now, s_fd)
        if memo is not None:
            memo[k] = got
    s_next, s_now, s_fd = got
    left = ctx.my_left
    return s_next / left, s_now / left, None if s_fd is None else s_fd / left


def shot_numbers(ctx: Any, r: int, prone: bool, stood: bool, running: bool, key: tuple | None) -> tuple:
    """``(best gain next phase or None when no shot, [(target's place in ctx.targets, shot, gain)],
    aim's gain or None)`` at spot ``r`` of a group, the tactician's numbers; with the group's ``key``
    (:func:`spot_groups`) and my side's states (``ctx.shot_state``) kept as :func:`threat_numbers`."""
    memo = k = None
    if key is not None:
        memo = ctx.kept_shots
        k = (key, prone, stood)
        got = memo.get(k)
        if got is not None:
            return got
    pol = ctx.p
    nxt = ctx.shots(r, aiming=False, running=False, prone=prone)
    best_next = max((g for _, _, g in nxt), default=0.0) if nxt else None
    shots = None
    if not stood:
        place = {t.id: n for n, (t, *_) in enumerate(ctx.targets)}
        shots = tuple((place[t.id], s, g) for t, s, g in (ctx.shots(r, aiming=ctx.aiming, running=running,
                                                                     prone=prone) if pol.attacks else []))
    gain = None
    if pol.attacks and not ctx.aiming and nxt:
        aimed = ctx.shots(r, aiming=True, running=False, prone=prone)
        gain = max((g for _, _, g in aimed), default=0.0) - best_next
    got = (best_next, shots, gain)
    if memo is not None:
        memo[k] = got
    return got


def records(members: list[int], bases: list[float]) -> list[tuple[int, float]]:
    """``(spot, base)`` of each of ``members`` whose base beats every base before it: whatever an
    action adds to the base, the first spot that scores best is one of these (all before it score
    less), and the last holds the largest base::

        >>> records([4, 7, 9, 11], [0.1, 0.3, 0.2, 0.3])
        [(4, 0.1), (7, 0.3)]
    """
    out = [(members[0], bases[0])]
    best = bases[0]
    for i, b in zip(members, bases):
        if b > best:
            out.append((i, b))
            best = b
    return out


def first_of(recs: list[tuple[int, float]], score: Any) -> tuple[int, float]:
    """:func:`first_best` read from the :func:`records`: the spot and its score."""
    top = score(recs[-1][1])
    if top != top:   # NaN: no score equals it, the first spot
        return recs[0][0], score(recs[0][1])
    for n in range(len(recs) - 1):   # the last one scores the top itself
        if score(recs[n][1]) == top:
            return recs[n][0], top
    return recs[-1][0], top


def weigh_group(ctx: Any, group: list[int], recs: list[tuple[int, float]], prone: bool, stood: bool,
                threat_key: tuple | None, future_weight: float, key: tuple | None = None, way: int = 0,
                low_odds: float = 0.0) -> list[tuple]:
    """The options of one group of alike spots, each action at the group's spot that scores it best
    (``recs``: the group's :func:`records`; ``threat_key``: what the threats at these spots read,
    shared with other groups; ``key``: what my shots there read; ``future_weight``: the tactician's
    ``FUTURE``; ``way``: the tactician's place of lying or standing up among the phase's ways), not
    made yet: ``(way, place among a spot's options, score, kind, recs, score(base), make)``, as
    :func:`best_of_kinds` reads them, the score the group's best spot's (its last record's), no
    attack under ``low_odds`` (its place kept: the others' places are as with it);
    ``make`` is ``(maker, *numbers)`` and ``maker(ctx, spot, score, *numbers)`` gives the
    :class:`~.option.Option` (:func:`made`; a phase weighs dozens and keeps the best of each kind:
    :func:`best_of_kinds`, which finds the spot only for those).
    The scores are the tactician's, term by term in its order (``b + future + gain - caution ×
    threat``, the product worked out once), so they are the same floats; the words (where, the
    note) are written only for the options a plan names (``Option.place``, ``Option.why``)."""
    c = ctx.caution
    r = group[0]   # every spot of the group gives the same numbers
    running = ctx.sp.cost[r] > ctx.walk + 1e-6
    # the spot as a place to fight from next phase
    # the two memos' answers read here when they hold them (a phase asks of dozens of groups)
    got = None if key is None else ctx.kept_shots.get((key, prone, stood))
    best_next, shots, gain = shot_numbers(ctx, r, prone, stood, running, key) if got is None else got
    got = None if threat_key is None else ctx.kept_threats.get((threat_key, prone, stood, running))
    if got is None:
        t_next, t_now, t_fd = threat_numbers(ctx, r, prone, stood, running, threat_key)
    else:
        s_next, s_now, s_fd = got
        left = ctx.my_left
        t_next, t_now, t_fd = s_next / left, s_now / left, None if s_fd is None else s_fd / left
    if best_next is not None:
        ctx.any_attack = True
    future = future_weight * ((0.0 if best_next is None else best_next) - c * t_next)
    top = recs[-1][1]
    m_now = c * t_now
    place = 0
    if not stood:
        m_fd = c * t_fd
        out = [(way, 0, top + future - m_fd, "full defense", recs, lambda b: b + future - m_fd,
                (_full_defense, t_fd, stood))]
        kinds = ctx.kinds
        for n, s, g in shots:
            place += 1
            if s.p < low_odds:
                continue
            got = kinds.get((n, id(s.weapon)))   # the phase's weapons stand while it is weighed
            if got is None:
                w = s.weapon
                action = "melee attack" if w.melee else "ranged attack"
                got = kinds[n, id(w)] = (f"{action} on {ctx.targets[n][0].name} ({w.name})", action)
            out.append((way, place, top + future + g - m_now, got[0], recs, lambda b, g=g: b + future + g - m_now,
                        (_attack, n, s, g, got[0], got[1], t_now, stood)))
        place += 1
    elif not ctx.p.attacks:
        out = [(way, 0, top + future - m_now, "stand up", recs, lambda b: b + future - m_now,
                (_stand_up, t_now, stood))]
        place = 1
    else:
        out = []
    if gain is not None:
        out.append((way, place, top + future + gain - m_now, f"stand up and {AIM}" if stood else AIM, recs,
                    lambda b: b + future + gain - m_now, (_aim, gain, t_now, stood)))
    elif stood and ctx.p.attacks:
        out.append((way, place, top + future - m_now, "stand up", recs, lambda b: b + future - m_now,
                    (_stand_up, t_now, stood)))
    return out


def made(ctx: Any, i: int, score: float, make: tuple) -> Option:
    """The :class:`~.option.Option` a :func:`weigh_group` entry's ``make`` gives at spot ``i``."""
    return make[0](ctx, i, score, *make[1:])


def _full_defense(ctx: Any, i: int, v: float, t_fd: float, stood: bool) -> Option:
    return Option(v, "full defense", "", [Act("full defense")], threat=t_fd, spot=i, stood=stood,
                  place=lambda: ctx.where(i), why=lambda: f"threat {t_fd * ctx.my_left:.1f} dmg, {ctx.sp.light[i]} here")


def _attack(ctx: Any, i: int, v: float, n: int, s: Any, g: float, kind: str, action: str, t_now: float,
            stood: bool) -> Option:
    t = ctx.targets[n][0]
    return Option(v, kind, "", [Act(action, target=t.id, weapon=s.weapon.name)], attack=s, gain=g, threat=t_now,
                  spot=i, stood=stood, place=lambda: ctx.where(i), why=lambda: ctx.note(t, s, i, t_now))


def _stand_up(ctx: Any, i: int, v: float, t_now: float, stood: bool) -> Option:
    return Option(v, "stand up", "", [], threat=t_now, spot=i, stood=stood, place=lambda: ctx.where(i),
                  why=lambda: f"threat {t_now * ctx.my_left:.1f} dmg")


def _aim(ctx: Any, i: int, v: float, gain: float, t_now: float, stood: bool) -> Option:
    return Option(v, f"stand up and {AIM}" if stood else AIM, "", [Act(AIM)], gain=gain, threat=t_now, spot=i,
                  stood=stood, place=lambda: ctx.where(i),
                  why=lambda: f"+10 next attack (+{gain:.3f}), threat {t_now * ctx.my_left:.1f} dmg")


def best_of_kinds(found: list[tuple]) -> list[tuple[tuple, float, int, Any]]:
    """Of ``found`` (``(way, place, score, kind, recs, score(base), make)``, the :func:`weigh_group`
    options of a phase), the best of each kind as ``(order, score, spot, make)``, in ``order``
    (``(way, spot, place)``, the tactician's order of options): all it reads of a phase's options.
    It takes the first best (``max``) and names as runners-up the first option of each other
    kind in the options sorted by score (a stable sort): each is the best of its kind, the first
    in ``order`` among equals. Only those tied for a kind's best get their spot found
    (:func:`first_of`); with a NaN score (no order among them) every option is kept::

        >>> recs, up, down = [(4, 0.0), (7, 0.5)], (lambda b: b), (lambda b: b - 0.25)
        >>> [b[:3] for b in best_of_kinds([(0, 0, 0.5, "aim", recs, up, None), (0, 1, 0.25, "full defense", recs, down, None),
        ...                                (1, 0, 0.5, "aim", recs, up, None)])]
        [((0, 7, 0), 0.5, 7), ((0, 7, 1), 0.25, 7)]
    """
    best: dict[str, list[tuple]] = {}
    for f in found:
        top, kind = f[2], f[3]
        if top != top:
            return sorted(((f[0], first_of(f[4], f[5])[0], f[1]), f[2], first_of(f[4], f[5])[0], f[6])
                          for f in found)
        got = best.get(kind)
        if got is None or top > got[0][2]:
            best[kind] = [f]
        elif top == got[0][2]:
            got.append(f)
    out = []
    for tied in best.values():
        pick = None
        for way, place, top, _, recs, score, make in tied:
            i = first_of(recs, score)[0]
            if pick is None or (way, i, place) < pick[0]:
                pick = ((way, i, place), top, i, make)
        out.append(pick)
    out.sort(key=lambda b: b[0])
    return out


__all__ = ["spot_groups", "weigh_group", "made", "threat_numbers", "shot_numbers", "kept", "records", "first_of", "band_codes", "first_best", "best_of_kinds", "BEYOND", "SKIP"]
